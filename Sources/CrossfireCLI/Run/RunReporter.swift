import Crossfire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run tells on standard error while it runs: one progress line — rewritten in place
/// on a terminal, else written as a `progress:` line every `plainInterval` — and one
/// `unexpected class N: …` line per new unexpected class (with `--verbose`, an `expected
/// class N (ENTRY): …` line per new expected one too), written once the class is in the journal.
final class RunReporter {
    /// How often a progress line is written when standard error is not a terminal.
    static let plainInterval: Duration = .seconds(5)

    private let output: FileDescriptorOutput
    private let isTerminal: Bool
    private let clock = ContinuousClock()
    private var lastPlainLine: ContinuousClock.Instant?
    private var lastPlainText: String?
    private var shownLine: String?

    /// Whether expected classes get a line too (`--verbose`).
    private let verbose: Bool

    /// A reporter writing to `output`.
    init(output: FileDescriptorOutput, verbose: Bool = false) {
        self.output = output
        self.verbose = verbose
        isTerminal = isatty(output.descriptor) == 1
    }

    /// Shows the run's state.
    func progress(_ progress: CampaignProgress) {
        let line = isTerminal ? fitted(progress.line) : progress.line
        if isTerminal {
            shownLine = line
            output.write("\r\u{1B}[K" + line)
        } else if lastPlainLine.map({ clock.now - $0 >= Self.plainInterval }) ?? true {
            lastPlainLine = clock.now
            writePlain(line)
        }
    }

    /// Reports a new class: always when unexpected, with `--verbose` when expected.
    func newClass(id: Int, cause: CauseKey, key: FindingClassKey) {
        guard key.explanation == nil || verbose else { return }
        line(JournalClassList.line(id: id, key: key, title: cause.description))
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

    /// Writes the last progress line for good (when not a terminal, unless the last periodic
    /// line already said the same).
    func finish(_ progress: CampaignProgress) {
        if isTerminal {
            output.write("\r\u{1B}[K" + progress.line + "\n")
            shownLine = nil
        } else if progress.line != lastPlainText {
            writePlain(progress.line)
        }
    }

    private func writePlain(_ line: String) {
        lastPlainText = line
        output.write("progress: " + line + "\n")
    }
}
