/// How one run of a child process ended, with everything it wrote.
public struct ProcessResult: Sendable {
    /// The exit status, or the signal when it did not exit.
    public let status: Int32
    /// Whether it exited (rather than died of a signal).
    public let exitedNormally: Bool
    /// Standard output, byte for byte.
    public let outputBytes: [UInt8]
    /// Standard error, as text.
    public let errorOutput: String

    /// Standard output, as text.
    public var output: String { String(decoding: outputBytes, as: UTF8.self) }
    /// The lines of standard output.
    public var outputLines: [String] { ProcessResult.lines(output) }
    /// The lines of standard error.
    public var errorLines: [String] { ProcessResult.lines(errorOutput) }

    /// The lines of a text, without a last empty one.
    public static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
