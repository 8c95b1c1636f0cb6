import Crossfire
import Foundation

/// Replays one journal class in a child process, `crossfire replay JOURNAL --class ID
/// --in-process`, so that a mapper that traps ends the child, not the replay.
enum IsolatedReplay {
    /// How the child ended.
    enum Outcome {
        /// It exited with this status, having printed this.
        case exited(status: Int32, output: String)
        /// It died of this signal; `message` is the first line of what it said on standard error.
        case crashed(signal: Int32, message: String?)
    }

    /// Runs the child and waits for it. The Swift backtracer is off, so that a trap ends it
    /// at once; its standard error goes to a temporary file, read when it crashed.
    static func run(journal: String, id: Int) throws(CommandFailure) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["replay", journal, "--class", String(id), "--in-process"]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-replay-\(UUID().uuidString).stderr")
        defer { try? FileManager.default.removeItem(at: errorURL) }
        do {
            try Data().write(to: errorURL)
            process.standardError = try FileHandle(forWritingTo: errorURL)
            try process.run()
        } catch {
            throw CommandFailure(FileError(path: "/proc/self/exe", cannot: "start a replay process", error: error))
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            let said = (try? String(contentsOf: errorURL, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
            return .crashed(signal: process.terminationStatus, message: said)
        }
        return .exited(status: process.terminationStatus, output: String(decoding: bytes, as: UTF8.self))
    }
}
