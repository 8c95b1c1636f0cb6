import Crossfire

/// The lines of a journal a command skipped, told on standard error one per line, each with the
/// journal's path and the line's number: an unfinished last line (a run killed while writing
/// it), and damaged lines (`Journal.damagedLines`, and records a report could not read).
enum SkippedJournalLines {
    /// The notices for a journal at `path`.
    static func notices(path: String, truncatedLine: Int?, damaged: [JournalReadError]) -> String {
        var text = ""
        if let line = truncatedLine {
            text += "\(OneLine.escaped(path)):\(line): an unfinished last line (a run killed while writing it) was skipped\n"
        }
        for damage in damaged {
            let line = damage.line.map { ":\($0)" } ?? ""
            text += "\(OneLine.escaped(path))\(line): a damaged line was skipped: \(OneLine.escaped(damage.message))\n"
        }
        return text
    }
}
