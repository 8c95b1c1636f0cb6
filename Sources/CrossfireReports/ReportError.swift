/// Why a report cannot be made from a journal: the journal, the line (1-based) and what was
/// wrong there. The journal reader's own errors (`JournalReadError`) come before this one; this
/// one covers what only a report reads (a finding's outcomes, the summary's census, …).
public struct ReportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The journal's path (or a name for it).
    public let source: String
    /// The line of the record concerned.
    public let line: Int?
    /// What was wrong.
    public let message: String

    /// Creates an error.
    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    /// `run/journal.jsonl:7: "outcomes" must be an array of objects`.
    public var description: String {
        if let line { return "\(source):\(line): \(message)" }
        return "\(source): \(message)"
    }
}

/// Why a report file cannot be written: the file and what failed. Nothing is left behind: the
/// temporary file is removed and an earlier report at the path is kept as it was.
public struct ReportWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was to be written.
    public let path: String
    /// What failed (the system's reason).
    public let message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `out/report.json: cannot rename the temporary file into place: Is a directory`.
    public var description: String { "\(path): \(message)" }
}
