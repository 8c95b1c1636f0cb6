/// Why a journal cannot be read: the line (1-based) and what was wrong there.
public struct JournalReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The journal's path (or a name for it).
    public let source: String
    /// The line, when the problem is on one.
    public let line: Int?
    /// What was wrong.
    public let message: String

    /// Creates an error.
    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    /// `run/journal.jsonl:7: a finding record needs an integer "id"`.
    public var description: String {
        if let line { return "\(source):\(line): \(message)" }
        return "\(source): \(message)"
    }
}
