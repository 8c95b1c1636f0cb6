/// The one place every candidate of a shrink is tried, whatever phase or pass made it: a
/// candidate tried before is answered by the cache (and counted as a hit), else it runs when
/// the budget allows, and the statistics count it under its pass. Shared by reference, so
/// that the choice phase and the tree passes spend from one budget, one cache and one count.
final class ShrinkSession {
    /// The budget every candidate is taken from.
    let budget: ShrinkBudget
    /// What the shrink did so far.
    private(set) var statistics: ShrinkStatistics
    private var cache = CandidateCache()

    /// A session spending from `budget`.
    init(budget: ShrinkBudget) {
        self.budget = budget
        statistics = ShrinkStatistics()
    }

    /// Whether the budget (or the cap a phase set on it) is reached.
    var isSpent: Bool { budget.spent != nil }

    /// Marks `choices` tried without running them (the case the shrink starts from).
    func markTried(_ choices: [UInt64]) {
        _ = cache.insert(choices)
    }

    /// Marks `record` tried without running it.
    func markTried(_ record: CaseRecord) {
        _ = cache.insert(record)
    }

    /// Runs the choice sequence `candidate` of `pass` with `holds`, unless it was tried before
    /// or the budget is spent; whether it held.
    func attempt(_ candidate: [UInt64], of pass: ShrinkPass, _ holds: ([UInt64]) -> Bool) -> Bool {
        guard !isSpent else { return false }
        guard cache.insert(candidate) else {
            statistics.countCacheHit(of: pass)
            return false
        }
        return run(pass) { holds(candidate) }
    }

    /// Runs the case `candidate` of `pass` with `holds`, unless a case of the same content
    /// was tried before or the budget is spent; whether it held.
    func attempt(_ candidate: CaseRecord, of pass: ShrinkPass, _ holds: (CaseRecord) -> Bool) -> Bool {
        guard !isSpent else { return false }
        guard cache.insert(candidate) else {
            statistics.countCacheHit(of: pass)
            return false
        }
        return run(pass) { holds(candidate) }
    }

    private func run(_ pass: ShrinkPass, _ body: () -> Bool) -> Bool {
        guard budget.take() else { return false }
        let kept = body()
        statistics.countRun(of: pass, kept: kept)
        return kept
    }
}
