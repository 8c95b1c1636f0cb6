import FirestoreJSON

/// Why a journal cannot be read: the line (1-based) and what was wrong there.
package struct JournalReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The journal's path (or a name for it).
    package let source: String
    /// The line, when the problem is on one.
    package let line: Int?
    /// What was wrong.
    package let message: String

    /// Creates an error.
    package init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    /// `run/journal.jsonl:7: a finding record needs an integer "id"`.
    package var description: String {
        if let line { return "\(source):\(line): \(message)" }
        return "\(source): \(message)"
    }
}

extension JournalReadError {
    /// A record's member that could not be read, on the record's line: `census[0].kind:
    /// expected a string, found the integer 3`.
    package init(source: String, reading error: JSONObjectError) {
        self.init(source: source, line: error.line, message: error.path.isEmpty ? error.message : "\(error.location): \(error.message)")
    }

    /// The result of `body`, which reads a journal record's members; its error becomes one
    /// on the record's line of `source`.
    package static func reading<T>(_ source: String, _ body: () throws(JSONObjectError) -> T) throws(JournalReadError) -> T {
        do {
            return try body()
        } catch {
            throw JournalReadError(source: source, reading: error)
        }
    }
}
