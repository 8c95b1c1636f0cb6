import Crossfire
import Foundation

/// How fast the body of the `FuzzDifferential` libFuzzer target runs in this process, without
/// libFuzzer: `DifferentialFuzzTarget.standard.check` over the committed seed inputs
/// (`Corpus/fuzz/FuzzDifferential`), round after round, for a fixed time.
struct FuzzTargetRate {
    /// How long it runs.
    static let duration: Duration = .seconds(4)
    /// Where the seed inputs are, from the repository's root (where `make bench` runs).
    static let seedFolder = "Corpus/fuzz/FuzzDifferential"

    /// The seed inputs, in name order.
    let inputs: [[UInt8]]

    /// Reads the seeds.
    init() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seedFolder).sorted()
        inputs = try names.map { name in
            Array(try Data(contentsOf: URL(fileURLWithPath: Self.seedFolder).appendingPathComponent(name)))
        }
        guard !inputs.isEmpty else { throw BenchError(description: "\(Self.seedFolder): no seed inputs") }
    }

    /// Executions per second, and how many inputs failed (a new unexpected class).
    func executionsPerSecond() -> (rate: Double, failed: Int) {
        let clock = ContinuousClock()
        let start = clock.now
        var executions = 0
        var failed = 0
        while clock.now - start < Self.duration {
            for input in inputs {
                if DifferentialFuzzTarget.standard.check(input).report != nil { failed += 1 }
                executions += 1
            }
        }
        let elapsed = clock.now - start
        return (Double(executions) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18), failed)
    }
}
