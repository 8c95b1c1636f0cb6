extension CaseRunner {
    /// The smallest case `shrinker` finds, by reducing the choice sequence and regenerating,
    /// that still shows the finding: the same signature, explained by the same allowlist
    /// entry (or still by none). The finding itself when its case has no choices. The
    /// choices must generate the case with this runner's profile.
    public func shrinkChoices(of finding: Finding, with shrinker: ChoiceShrinker) -> Finding {
        guard let choices = finding.testCase.choices else { return finding }
        var smallest = finding
        let outcome = shrinker.shrink(choices) { candidate in
            var source = ChoiceSource(replaying: candidate)
            let execution = run(from: &source, seed: finding.testCase.seed, caseIndex: finding.testCase.caseIndex)
            guard let match = execution.findings.first(where: finding.isSameFinding) else { return false }
            smallest = match
            return true
        }
        smallest.shrink = ShrinkSummary(choicesBefore: choices.count, choicesAfter: outcome.choices.count,
                                        steps: outcome.steps, timedOut: outcome.timedOut)
        return smallest
    }
}

extension Finding {
    /// Whether `other` is this finding in another (smaller) case: the same signature, and the
    /// same allowlist entry explains it (a shrink must not turn, say, a storage-precision loss
    /// into a server-timestamp one with the same signature).
    public func isSameFinding(_ other: Finding) -> Bool {
        signature == other.signature && explanation?.id == other.explanation?.id
    }
}
