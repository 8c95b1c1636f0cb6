/// How `crossfire` ends, the same for every command.
enum ExitCode: Int32 {
    /// Everything was fine.
    case success = 0
    /// Findings, or input that is invalid or cannot be read.
    case failure = 1
    /// The command line itself is wrong.
    case usage = 2
}
