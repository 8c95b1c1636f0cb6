/// How a shrink went — the one account every shrinker and every phase gives: the candidates
/// run and kept, per pass and in all, the candidates the cache spared, why it stopped, and the
/// sizes before and after. The journal and regression files keep a part of it
/// (`ShrinkSummary`, `RegressionShrink`).
package struct ShrinkStatistics: Hashable, Sendable, CustomStringConvertible {
    /// What one pass did.
    package struct PassCount: Hashable, Sendable {
        /// The pass.
        package var pass: ShrinkPass
        /// Candidates it ran.
        package var attempts = 0
        /// Candidates it kept (each a successful reduction).
        package var steps = 0
        /// Candidates it made that had been tried before, and so were not run again.
        package var cacheHits = 0
    }

    /// Successful reductions.
    package var steps: Int
    /// Candidates run.
    package var attempts: Int
    /// Candidates made again that the cache answered without running them.
    package var cacheHits: Int
    /// Each pass that made a candidate, in the order each first did.
    package var passes: [PassCount]
    /// Why the shrink stopped.
    package var stop: ShrinkStop
    /// Choices of the case before (0 when it had none).
    package var choicesBefore: Int
    /// Choices after (those of the last case that was made from choices; 0 when it had none).
    package var choicesAfter: Int
    /// The case's size before, when the shrink saw the case (a crash's shrink sees choices only).
    package var before: CaseSize?
    /// See `before`.
    package var after: CaseSize?

    /// Statistics with the given totals and no passes.
    package init(steps: Int = 0, attempts: Int = 0, cacheHits: Int = 0, stop: ShrinkStop = .exhausted,
                choicesBefore: Int = 0, choicesAfter: Int = 0) {
        self.steps = steps
        self.attempts = attempts
        self.cacheHits = cacheHits
        passes = []
        self.stop = stop
        self.choicesBefore = choicesBefore
        self.choicesAfter = choicesAfter
    }

    /// What the pass did; zeros when it made no candidate.
    package func count(of pass: ShrinkPass) -> PassCount {
        passes.first { $0.pass == pass } ?? PassCount(pass: pass)
    }

    /// Counts a candidate of `pass` that ran, and whether it was kept.
    mutating func countRun(of pass: ShrinkPass, kept: Bool) {
        attempts += 1
        if kept { steps += 1 }
        update(pass) { count in
            count.attempts += 1
            if kept { count.steps += 1 }
        }
    }

    /// Counts a candidate of `pass` that the cache answered.
    mutating func countCacheHit(of pass: ShrinkPass) {
        cacheHits += 1
        update(pass) { $0.cacheHits += 1 }
    }

    /// What happened after `earlier` (statistics of the same shrink taken before): the
    /// counts of one phase.
    func since(_ earlier: ShrinkStatistics) -> ShrinkStatistics {
        var phase = ShrinkStatistics(steps: steps - earlier.steps, attempts: attempts - earlier.attempts,
                                     cacheHits: cacheHits - earlier.cacheHits, stop: stop,
                                     choicesBefore: choicesBefore, choicesAfter: choicesAfter)
        for count in passes {
            let before = earlier.count(of: count.pass)
            let difference = PassCount(pass: count.pass, attempts: count.attempts - before.attempts, steps: count.steps - before.steps,
                                       cacheHits: count.cacheHits - before.cacheHits)
            if difference.attempts > 0 || difference.cacheHits > 0 { phase.passes.append(difference) }
        }
        return phase
    }

    /// The part the journal keeps: choices before and after, steps, attempts and the stop reason.
    package var summary: ShrinkSummary {
        ShrinkSummary(choicesBefore: choicesBefore, choicesAfter: choicesAfter, steps: steps, attempts: attempts, stop: stop)
    }

    /// `span deletion 3/40, choice deletion 5/120 (+12 cached), …`: each pass's kept and run
    /// candidates, and the candidates the cache spared.
    package var description: String {
        guard !passes.isEmpty else { return "no candidates" }
        return passes.map { count in
            "\(count.pass.name) \(count.steps)/\(count.attempts)" + (count.cacheHits > 0 ? " (+\(count.cacheHits) cached)" : "")
        }.joined(separator: ", ")
    }

    private mutating func update(_ pass: ShrinkPass, _ change: (inout PassCount) -> Void) {
        if let index = passes.firstIndex(where: { $0.pass == pass }) {
            change(&passes[index])
        } else {
            var count = PassCount(pass: pass)
            change(&count)
            passes.append(count)
        }
    }
}
