/// How one run of a child process ended, with everything it wrote.
package struct ProcessResult: Sendable {
    /// The exit status, or the signal when it did not exit.
    package let status: Int32
    /// Whether it exited (rather than died of a signal).
    package let exitedNormally: Bool
    /// Standard output, byte for byte.
    package let outputBytes: [UInt8]
    /// Standard error, as text.
    package let errorOutput: String

    /// Standard output, as text.
    package var output: String { String(decoding: outputBytes, as: UTF8.self) }
    /// The lines of standard output.
    package var outputLines: [String] { ProcessResult.lines(output) }
    /// The lines of standard error.
    package var errorLines: [String] { ProcessResult.lines(errorOutput) }

    /// The lines of a text, without a last empty one.
    package static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
