import Crossfire
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `crossfire` binary, run as a child process by the CLI tests.
enum CLITool {
    /// The repository root: three levels up from `Tests/CrossfireTests/<file>`.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `crossfire` executable in the build products directory that holds this test binary.
    static var executable: URL? {
        let directories = [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL]
        for case let directory? in directories {
            let candidate = directory.appendingPathComponent("crossfire")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// How one run of the tool ended.
    struct Result {
        /// The exit status, or the signal when it did not exit.
        let status: Int32
        /// Whether it exited (rather than died of a signal).
        let exitedNormally: Bool
        let output: String
        let errorOutput: String

        /// The lines of standard output.
        var outputLines: [String] { CLITool.lines(output) }
        /// The lines of standard error.
        var errorLines: [String] { CLITool.lines(errorOutput) }
    }

    /// Runs a command line as a user pastes it, `/bin/sh -c LINE`, in `directory`.
    static func shell(_ line: String, in directory: URL, environment: [String: String] = [:]) throws -> Result {
        try run(["-c", line], in: directory, environment: environment, program: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Runs the tool (or `program`) to its end in `directory` (a fresh temporary one by
    /// default), with `environment` added to this process's.
    static func run(_ arguments: [String], in directory: URL? = nil, input: [UInt8] = [], environment: [String: String] = [:],
                    program: URL? = nil) throws -> Result {
        let tool: URL = try program ?? #require(CLITool.executable, "the crossfire executable is not next to the test bundle; run `swift build` first")
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputFile = scratch.appendingPathComponent("stdin")
        let outputFile = scratch.appendingPathComponent("stdout")
        let errorFile = scratch.appendingPathComponent("stderr")
        try Data(input).write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? scratch
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
                      output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
                      errorOutput: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// A new empty temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The lines of a text, without a last empty one.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Text as the tool writes user data on one line: control characters, DEL and U+2028/U+2029
    /// as `\n`, `\r`, `\t` or `\uXXXX`.
    static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

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
        let tool: URL = try #require(CLITool.executable, "the crossfire executable is not next to the test bundle")
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

/// A run's journal, read back.
enum CLIJournal {
    /// Every line of a journal as an object.
    static func records(_ url: URL) throws -> [FirestoreMap] {
        let reader = PlainJSONReader(options: JSONReadOptions(maximumStringBytes: 1 << 26, maximumDepth: JSONReadOptions.depthCeiling))
        return try CLITool.lines(String(decoding: try Data(contentsOf: url), as: UTF8.self)).map { line in
            guard case .map(let record) = try reader.readValue(from: line) else { throw CLIJournalError.notAnObject(line) }
            return record
        }
    }

    /// The records of one kind (`finding`, `shrunk`, …).
    static func records(_ records: [FirestoreMap], kind: String) -> [FirestoreMap] {
        records.filter { $0["record"] == .string(kind) }
    }

    /// A string member.
    static func string(_ record: FirestoreMap, _ key: String) -> String? {
        if case .string(let value)? = record[key] { return value }
        return nil
    }

    /// An integer member.
    static func integer(_ record: FirestoreMap, _ key: String) -> Int? {
        if case .integer(let value)? = record[key] { return Int(value) }
        return nil
    }
}

/// A journal line that is not a JSON object.
enum CLIJournalError: Error {
    case notAnObject(String)
}

/// One `unexpected class N: TITLE` or `expected class N (ENTRY): TITLE` line of a run's
/// standard error (the latter with `--verbose`).
struct CLIClassLine: Hashable {
    let id: Int
    /// `unexpected`, or the allowlist entry's id.
    let status: String
    /// The class in words (`FindingClassKey.description`, on one line).
    let title: String

    /// The class lines among standard error's lines.
    static func all(in lines: [String]) -> [CLIClassLine] {
        lines.compactMap(CLIClassLine.init)
    }

    init?(_ line: String) {
        if line.hasPrefix("unexpected class "), let colon = line.range(of: ": "),
           let id = Int(line[line.index(line.startIndex, offsetBy: 17)..<colon.lowerBound]) {
            self.id = id
            status = "unexpected"
            title = String(line[colon.upperBound...])
        } else if line.hasPrefix("expected class "), let open = line.range(of: " ("), let close = line.range(of: "): ", range: open.upperBound..<line.endIndex),
                  let id = Int(line[line.index(line.startIndex, offsetBy: 15)..<open.lowerBound]) {
            self.id = id
            status = String(line[open.upperBound..<close.lowerBound])
            title = String(line[close.upperBound...])
        } else {
            return nil
        }
    }
}

extension CLITool {
    /// How the tool names itself in the commands it prints, run from a temporary folder with
    /// no `crossfire` on the `PATH`: its resolved absolute path.
    static var printedCommand: String? {
        executable.map { $0.resolvingSymlinksInPath().path }
    }
}

extension CLIJournal {
    /// The class key (canonical text) of a `class` or `shrunk` record.
    static func key(_ record: FirestoreMap) -> String? {
        string(record, "key")
    }

    /// An object member.
    static func object(_ record: FirestoreMap, _ key: String) -> FirestoreMap? {
        if case .map(let value)? = record[key] { return value }
        return nil
    }

    /// A `class` record's class in words: its `title`, or — on an expected class's compact
    /// line, which has none — its key's description.
    static func title(_ record: FirestoreMap) -> String? {
        string(record, "title") ?? key(record).flatMap { try? FindingClassKey(canonical: $0) }?.description
    }

    /// The allowlist entry of a `class` record: `explanation`'s id (an object on a whole line,
    /// the id itself on a compact one), nil for an unexpected class.
    static func explanationID(_ record: FirestoreMap) -> String? {
        if let entry = object(record, "explanation") { return string(entry, "id") }
        return string(record, "explanation")
    }
}
