#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run tells on standard error while it runs: one progress line — rewritten in place
/// on a terminal, else written as a `progress:` line every `plainInterval` — and one
/// `finding N (expected|unexpected): SIGNATURE` line per new finding, written after the finding
/// is in the journal.
final class RunReporter {
    /// How often a progress line is written when standard error is not a terminal.
    static let plainInterval: Duration = .seconds(5)

    private let output: FileDescriptorOutput
    private let isTerminal: Bool
    private let clock = ContinuousClock()
    private var lastPlainLine: ContinuousClock.Instant?
    private var shownLine: String?

    /// A reporter writing to `output`.
    init(output: FileDescriptorOutput) {
        self.output = output
        isTerminal = isatty(output.descriptor) == 1
    }

    /// Shows the run's state.
    func progress(_ progress: RunProgress) {
        let line = isTerminal ? fitted(progress.line) : progress.line
        if isTerminal {
            shownLine = line
            output.write("\r\u{1B}[K" + line)
        } else if lastPlainLine.map({ clock.now - $0 >= Self.plainInterval }) ?? true {
            lastPlainLine = clock.now
            output.write("progress: " + line + "\n")
        }
    }

    /// Reports a new finding.
    func finding(id: Int, signature: String, explanation: String?) {
        let status = explanation.map { "expected: \($0)" } ?? "unexpected"
        line("finding \(id) (\(status)): \(OneLine.escaped(signature))")
    }

    /// Writes a line of its own (a note about the run), keeping the progress line below it.
    func line(_ text: String) {
        if isTerminal, let shownLine {
            output.write("\r\u{1B}[K" + text + "\n" + shownLine)
        } else {
            output.write(text + "\n")
        }
    }

    /// The line cut to the terminal's width, so that rewriting it in place never wraps.
    private func fitted(_ line: String) -> String {
        var size = winsize()
        guard ioctl(output.descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1, line.count >= Int(size.ws_col) else { return line }
        return String(line.prefix(Int(size.ws_col) - 2)) + "…"
    }

    /// Writes the last progress line for good.
    func finish(_ progress: RunProgress) {
        if isTerminal {
            output.write("\r\u{1B}[K" + progress.line + "\n")
            shownLine = nil
        } else {
            output.write("progress: " + progress.line + "\n")
        }
    }
}
