import Foundation

/// Runs a program as a child process to its end — the one way the tests run the `crossfire`
/// binary (and `/bin/sh` for a command line as a user pastes it).
package enum ProcessRunner {
    /// Runs `program` with `arguments` in `directory` (nil: this process's working folder),
    /// with `input` on standard input and `environment` added to this process's. Standard output
    /// and error go to files, so that a child that writes much never blocks on a full pipe;
    /// with `closedOutput`, standard output is a pipe whose reading end is already closed.
    package static func run(_ program: URL, _ arguments: [String], in directory: URL? = nil, input: [UInt8] = [],
                           environment: [String: String] = [:], closedOutput: Bool = false) throws -> ProcessResult {
        let scratch = try TemporaryFolder.make(prefix: "crossfire-process")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputFile = scratch.appendingPathComponent("stdin")
        let outputFile = scratch.appendingPathComponent("stdout")
        let errorFile = scratch.appendingPathComponent("stderr")
        try Data(input).write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        let closedPipe = Pipe()
        if closedOutput {
            try closedPipe.fileHandleForReading.close()
            process.standardOutput = closedPipe
        } else {
            process.standardOutput = try FileHandle(forWritingTo: outputFile)
        }
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
                             outputBytes: Array(try Data(contentsOf: outputFile)),
                             errorOutput: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Runs the built `crossfire` with `arguments` (see `run(_:_:in:input:environment:closedOutput:)`).
    package static func crossfire(_ arguments: [String], in directory: URL? = nil, input: [UInt8] = [],
                                 environment: [String: String] = [:], closedOutput: Bool = false) throws -> ProcessResult {
        try run(try CrossfireExecutable.required(), arguments, in: directory, input: input, environment: environment, closedOutput: closedOutput)
    }
}
