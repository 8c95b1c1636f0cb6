/// Shrinks a crashing case by its choices (`ChoiceShrinker`), each candidate in a child process
/// of its own (`CrashProbe`): a candidate keeps the crash when its case dies in the same mapper
/// call the same way. Bounded by attempts, since every attempt costs a process, and by time.
package struct CrashShrinker {
    /// Runs the candidates.
    package let probe: CrashProbe
    /// The longest the shrink may take.
    package var timeLimit: Duration
    /// The most candidates it may try.
    package var maxAttempts: Int

    /// A shrinker of `probe`'s cases.
    package init(probe: CrashProbe, timeLimit: Duration, maxAttempts: Int = 400) {
        self.probe = probe
        self.timeLimit = timeLimit
        self.maxAttempts = maxAttempts
    }

    /// The smallest choice sequence found whose case still shows `crash`, how the shrink went,
    /// and why it stopped early when a child process could not be made.
    package func shrink(_ choices: [UInt64], crash: CaseCrash) -> (choices: [UInt64], summary: ShrinkSummary, failure: String?) {
        var failure: String?
        let outcome = ChoiceShrinker(timeLimit: timeLimit, maxAttempts: maxAttempts).shrink(choices) { candidate in
            guard failure == nil else { return false }
            do {
                return try probe.crash(ofChoices: candidate)?.isSame(as: crash) ?? false
            } catch {
                failure = "no child process to run a candidate in: \(error)"
                return false
            }
        }
        let summary = ShrinkSummary(choicesBefore: choices.count, choicesAfter: outcome.choices.count, steps: outcome.steps,
                                    attempts: outcome.attempts, stop: outcome.stop ?? .exhausted)
        return (outcome.choices, summary, failure)
    }
}
