/// Shrinks a crashing case by its choices with the shrinker's probe entry point
/// (`ChoiceShrinker.shrink(_:spans:while:)`), each candidate in a child process of its own
/// (`CrashProbe`): a candidate keeps the crash when its case dies in the same mapper call the
/// same way. The spans come from generating each sequence here (no mapper runs for that).
/// Bounded by attempts, since every attempt costs a process, and by time as a backstop.
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
    package func shrink(_ choices: [UInt64], crash: CaseCrash) -> (choices: [UInt64], summary: ShrinkStatistics, failure: String?) {
        var failure: String?
        let runner = probe.runner
        let outcome = ChoiceShrinker(timeLimit: timeLimit, maxAttempts: maxAttempts).shrink(
            choices, spans: { ChoiceShrinker.spans(of: $0, generatedBy: runner) }
        ) { candidate in
            guard failure == nil else { return false }
            do {
                return try probe.crash(ofChoices: candidate)?.isSame(as: crash) ?? false
            } catch {
                failure = "no child process to run a candidate in: \(error)"
                return false
            }
        }
        return (outcome.choices, outcome.statistics, failure)
    }
}
