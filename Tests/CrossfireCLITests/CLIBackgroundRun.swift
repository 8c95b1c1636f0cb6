import CrossfireTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A run of the tool in the background, whose standard error the test reads as it comes
/// (standard output goes to a file).
final class CLIBackgroundRun {
    let process: Process
    let directory: URL
    private let errorPipe = Pipe()
    private var pending = Data()
    private var reachedEnd = false
    /// The lines of standard error read so far.
    private(set) var errorLines: [String] = []

    /// Starts `crossfire ARGUMENTS` in `directory`.
    init(_ arguments: [String], in directory: URL) throws {
        self.directory = directory
        process = Process()
        let tool = try CrossfireExecutable.required()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let outputFile = directory.appendingPathComponent("stdout.txt")
        try Data().write(to: outputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Reads standard error until `enough` holds for the lines read, the output ends, or
    /// `timeout` passes; returns whether `enough` held.
    func readErrorLines(until enough: ([String]) -> Bool, timeout: Duration = .seconds(60)) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !enough(errorLines) {
            if reachedEnd || clock.now >= deadline { return false }
            _ = readChunk(timeoutMilliseconds: 200)
        }
        return true
    }

    /// Reads standard error to its end (the process must be ending).
    func readRemainingErrorLines() {
        while !reachedEnd { _ = readChunk(timeoutMilliseconds: 1_000) }
    }

    /// Waits for the process to end; its standard output.
    func finish() throws -> String {
        readRemainingErrorLines()
        process.waitUntilExit()
        return String(decoding: try Data(contentsOf: directory.appendingPathComponent("stdout.txt")), as: UTF8.self)
    }

    /// Reads what is there within the timeout; false when nothing came.
    private func readChunk(timeoutMilliseconds: Int32) -> Bool {
        let descriptor = errorPipe.fileHandleForReading.fileDescriptor
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMilliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else {
            reachedEnd = true
            return false
        }
        pending.append(contentsOf: buffer[..<count])
        while let newline = pending.firstIndex(of: 0x0A) {
            errorLines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...newline)
        }
        return true
    }
}
