/// How `crossfire` ends, the same for every command.
enum ExitCode: Int32 {
    /// Everything was fine.
    case success = 0
    /// Findings, or input that is invalid or cannot be read.
    case failure = 1
    /// The command line itself is wrong.
    case usage = 2
    /// `run` stopped by Ctrl-C (SIGINT), its journal and summary written: 128 + 2, the
    /// shell's code for a process SIGINT ended.
    case interrupted = 130
    /// `run` stopped by SIGTERM, likewise: 128 + 15.
    case terminated = 143
}
