/// Why a report file cannot be written: the file and what failed. Nothing is left behind: the
/// temporary file is removed and an earlier report at the path is kept as it was.
public struct ReportWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was to be written.
    public let path: String
    /// What failed (the system's reason).
    public let message: String

    /// Creates an error.
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `out/report.json: cannot rename the temporary file into place: Is a directory`.
    public var description: String { "\(path): \(message)" }
}
