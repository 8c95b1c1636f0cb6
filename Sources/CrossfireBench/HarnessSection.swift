import Crossfire
import Foundation

/// The harness section of `make bench`: cases/s of `crossfire run` (`HarnessTable`), exec/s of
/// the fuzz target's body (`FuzzTargetRate`) and where a campaign's time goes (`PhaseTable`),
/// as Markdown the README's "Throughput" section holds as printed.
enum HarnessSection {
    /// Prints the section.
    static func print() throws {
        guard ProcessHashing.isDeterministic else {
            throw BenchError(description: "the harness section needs SWIFT_DETERMINISTIC_HASHING=1 (as crossfire runs): run it with make bench")
        }
        try HarnessTable.print(cores: ProcessInfo.processInfo.activeProcessorCount, loadAverage: loadAverage)
        try EmulatorTable.print(cores: ProcessInfo.processInfo.activeProcessorCount)
        let fuzz = try FuzzTargetRate()
        let (rate, failed) = fuzz.executionsPerSecond()
        Swift.print("")
        Swift.print("FuzzDifferential's body (`DifferentialFuzzTarget.standard.check`) in this process, without libFuzzer, over the"
            + " \(fuzz.inputs.count) committed seeds (\(FuzzTargetRate.seedFolder)) for \(Int(FuzzTargetRate.duration.components.seconds)) s:"
            + " \(Int(rate.rounded())) exec/s on one thread\(failed > 0 ? ", \(failed) executions failed" : "").")
        try PhaseTable.print()
    }

    /// The machine's load average over the last minute (`/proc/loadavg`), when it can be read:
    /// a wall-clock table is worth as much as the machine was idle.
    private static var loadAverage: String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.map(String.init)
    }
}
