import CrossfireTestSupport
import Foundation

/// The built `crossfire` binary, run as a child process by the CLI tests (through
/// `ProcessRunner`, in a fresh temporary folder unless told otherwise).
enum CLITool {
    /// Runs a command line as a user pastes it, `/bin/sh -c LINE`, in `directory`.
    static func shell(_ line: String, in directory: URL, environment: [String: String] = [:]) throws -> ProcessResult {
        try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: directory, environment: environment)
    }

    /// Runs the tool to its end in `directory` (a fresh temporary one by default), with
    /// `environment` added to this process's.
    static func run(_ arguments: [String], in directory: URL? = nil, input: [UInt8] = [], environment: [String: String] = [:]) throws -> ProcessResult {
        guard let directory else {
            let scratch = try TemporaryFolder.make(prefix: "crossfire-cli")
            defer { try? FileManager.default.removeItem(at: scratch) }
            return try ProcessRunner.crossfire(arguments, in: scratch, input: input, environment: environment)
        }
        return try ProcessRunner.crossfire(arguments, in: directory, input: input, environment: environment)
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

    /// How the tool names itself in the commands it prints, run from a temporary folder with
    /// no `crossfire` on the `PATH`: its resolved absolute path.
    static var printedCommand: String? {
        CrossfireExecutable.url.map { $0.resolvingSymlinksInPath().path }
    }
}
