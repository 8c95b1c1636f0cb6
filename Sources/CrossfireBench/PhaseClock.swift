/// Adds up the time a campaign spends in each phase (`Phase`). While `paused` (the campaign
/// is shrinking, which runs whole cases again) the mappers' own calls are not counted apart.
final class PhaseClock {
    private let clock = ContinuousClock()
    /// The time spent in each phase so far.
    private(set) var times: [Phase: Duration] = [:]
    /// Whether the mappers' calls are left to the phase around them.
    var paused = false

    /// Runs `body`, adding its time to `phase`.
    func time<T>(_ phase: Phase, _ body: () throws -> T) rethrows -> T {
        let start = clock.now
        defer { add(clock.now - start, to: phase) }
        return try body()
    }

    /// Adds time to a phase (a negative duration takes it away).
    func add(_ duration: Duration, to phase: Phase) {
        times[phase, default: .zero] += duration
    }

    /// The time of a phase so far.
    func total(_ phase: Phase) -> Duration {
        times[phase] ?? .zero
    }

    /// The current instant.
    var now: ContinuousClock.Instant { clock.now }
}
