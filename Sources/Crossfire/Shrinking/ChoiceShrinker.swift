/// The shrinker's entry point for a property known only by its answers — a crash that must
/// happen again in a child process, a legacy mapper's disagreement: reduces a choice sequence
/// while `holds` keeps answering yes, with the choice passes (`ChoicePasses`) on a session of
/// its own (one budget, one cache, one statistics). A finding's shrink (`FindingShrinker`)
/// runs the same passes inside its choice phase.
package struct ChoiceShrinker {
    /// The result of a shrink.
    package struct Outcome {
        /// The smallest sequence found for which the property held.
        package var choices: [UInt64]
        /// How the shrink went.
        package var statistics: ShrinkStatistics

        /// How many reductions succeeded (`statistics.steps`).
        package var steps: Int { statistics.steps }
        /// How many candidates were run (`statistics.attempts`).
        package var attempts: Int { statistics.attempts }
        /// The budget that ran out before the passes stopped making progress (nil: they
        /// stopped because no candidate was smaller).
        package var stop: ShrinkStop? { statistics.stop == .exhausted ? nil : statistics.stop }
    }

    /// The longest the shrinker may run (a backstop).
    package var timeLimit: Duration
    /// The most candidates it may run.
    package var maxAttempts: Int

    /// Creates a shrinker.
    package init(timeLimit: Duration = .seconds(10), maxAttempts: Int = 20_000) {
        self.timeLimit = timeLimit
        self.maxAttempts = maxAttempts
    }

    /// Shrinks `choices` by the blind passes alone; `holds` must be true for the original
    /// sequence and is asked of each candidate.
    package func shrink(_ choices: [UInt64], while holds: ([UInt64]) -> Bool) -> Outcome {
        shrink(choices, spans: { _ in [] }, while: holds)
    }

    /// Shrinks `choices` while the probe `holds` keeps answering yes, deleting and lowering
    /// the spans that `spans` says a sequence's generation records before the blind passes.
    /// `holds` must be true for the original sequence; no candidate is asked twice.
    package func shrink(_ choices: [UInt64], spans: ([UInt64]) -> [ChoiceSpan], while holds: ([UInt64]) -> Bool) -> Outcome {
        let session = ShrinkSession(budget: ShrinkBudget(maxAttempts: maxAttempts, timeLimit: timeLimit))
        session.markTried(choices)
        let result = ChoicePasses(session: session).shrink(choices, spans: spans, while: holds)
        var statistics = session.statistics
        statistics.stop = session.budget.stop(finished: result.finished)
        statistics.choicesBefore = choices.count
        statistics.choicesAfter = result.choices.count
        return Outcome(choices: result.choices, statistics: statistics)
    }

    /// The spans the generation of `choices` by `runner` records (its mappers are not run):
    /// what a crash's shrink deletes and lowers by.
    package static func spans(of choices: [UInt64], generatedBy runner: CaseRunner) -> [ChoiceSpan] {
        var source = ChoiceSource(replaying: choices)
        _ = runner.generate(from: &source)
        return source.spans
    }

    /// Shortlex order: shorter sequences are smaller; equal lengths compare choice by choice.
    package static func isSmaller(_ a: [UInt64], than b: [UInt64]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }
}
