/// The one budget every phase of every shrink draws on: a number of candidates (the bound
/// that makes a shrink deterministic) and a deadline behind it (a backstop, so that a slow
/// machine cannot stall a run). Shared by reference, so that the choice phase and the tree
/// passes spend from the same count, and the first bound reached is the stop reason. A phase
/// may cap its own share (`capped(at:_:)`).
final class ShrinkBudget {
    /// The most candidates the shrink may run.
    let maxAttempts: Int
    /// The time it must stop by.
    let deadline: ContinuousClock.Instant
    /// Candidates run so far.
    private(set) var attempts = 0
    /// The count at which the phase running now must stop, when it has a share of its own.
    private var cap: Int?
    private let clock = ContinuousClock()

    /// A budget of `maxAttempts` candidates within `timeLimit` from now.
    init(maxAttempts: Int, timeLimit: Duration) {
        self.maxAttempts = maxAttempts
        deadline = ContinuousClock.now.advanced(by: max(timeLimit, .zero))
    }

    /// The bound that is reached, if one is: the attempts (or the phase's cap) first, since
    /// they are what a run is planned by, else the time.
    var spent: ShrinkStop? {
        if attempts >= min(maxAttempts, cap ?? maxAttempts) { return .attemptBudget }
        if clock.now >= deadline { return .timeBudget }
        return nil
    }

    /// Whether one more candidate may run; when it may, it is counted.
    func take() -> Bool {
        guard spent == nil else { return false }
        attempts += 1
        return true
    }

    /// Runs `body` (a phase) allowed at most `share` more candidates.
    func capped<Result>(at share: Int, _ body: () -> Result) -> Result {
        let outer = cap
        cap = min(outer ?? maxAttempts, attempts + max(share, 0))
        defer { cap = outer }
        return body()
    }

    /// How the shrink stopped: the bound that was reached, or — when the passes ran out of
    /// smaller candidates first — `exhausted`.
    func stop(finished: Bool) -> ShrinkStop {
        finished ? .exhausted : (spent ?? .exhausted)
    }
}
