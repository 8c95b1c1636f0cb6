import Crossfire

/// A wrong command line: an unknown option, a missing argument, a bad option value.
/// The tool prints it as one line, then the command's usage, and exits with 2.
struct UsageError: Error {
    /// What is wrong, in one line (`missing option --from`).
    let message: String
}

/// A command that could not do its work (unreadable or invalid input, a write that failed).
/// The tool prints it as one line and exits with 1.
struct CommandFailure: Error {
    /// What went wrong, in one line, naming the input (`doc.json: at /fields/a: expected …`).
    let message: String
}

extension CommandFailure {
    /// A file operation that failed, on one line: `PATH: cannot ACTION: REASON`.
    init(_ error: FileError) {
        self.init(message: OneLine.escaped(error.description))
    }
}
