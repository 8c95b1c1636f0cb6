/// How a worker of an isolated run ended while busy with a case.
enum WorkerDeath {
    /// It died of a signal (a trap, a crash, an outside kill).
    case signal(Int32)
    /// It showed no progress for this long, and the parent killed it.
    case noProgress(Duration)

    /// What a crash finding says was found: the signal's name, or `hang`.
    var found: String {
        switch self {
        case .signal(let signal): return SignalName.of(signal)
        case .noProgress: return "hang"
        }
    }

    /// The death as a crash class's result spells it: `SIGILL`, or `hang`.
    var classToken: String {
        switch self {
        case .signal(let signal): return SignalName.short(signal)
        case .noProgress: return "hang"
        }
    }

    /// The death in words, after "the worker": "died of SIGILL", "made no progress for 30 s
    /// and was killed".
    var description: String {
        switch self {
        case .signal(let signal):
            return "died of \(SignalName.of(signal))"
        case .noProgress(let timeout):
            let seconds = timeout.seconds
            let text = seconds == seconds.rounded() && seconds < 1e9 ? "\(Int(seconds))" : "\(seconds)"
            return "made no progress for \(text) s and was killed"
        }
    }
}
