import ModelSchema

/// Shrinks a generated finding: whole struct fields first (`FieldDeletion`, which removes a
/// field from the schema and from every value of its struct together), then the choice
/// sequence choice by choice (`ChoiceShrinker`), the two in turn until neither makes
/// progress or the budget is spent. Every candidate is regenerated and run; it is kept when
/// the case still shows a finding of the same class.
struct CaseShrinker {
    /// Runs the candidates.
    let runner: CaseRunner
    /// The longest the shrinker may run.
    let timeLimit: Duration
    /// The most candidates it may try.
    let maxAttempts: Int
    /// How far a fault's site index is lowered, at most, to follow a deleted field.
    static let siteShifts = 6

    /// The smallest case found for `finding`, with a summary of how far shrinking got; each
    /// candidate choice sequence is passed to `willTryCandidate` before it runs.
    func shrink(_ finding: Finding, willTryCandidate: ([UInt64]) -> Void = { _ in }) -> Finding {
        guard let original = finding.testCase.choices else { return finding }
        guard maxAttempts > 0 else {
            var unshrunk = finding
            unshrunk.shrink = ShrinkSummary(choicesBefore: original.count, choicesAfter: original.count, steps: 0, attempts: 0, stop: .attemptBudget)
            return unshrunk
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeLimit)
        var attempts = 0
        var steps = 0
        var smallest = finding
        var best = original
        var bestSpans = replay(original, of: finding).1

        /// Runs a candidate; when it shows the finding, it becomes the best case.
        func attempt(_ candidate: [UInt64]) -> Bool {
            guard attempts < maxAttempts, clock.now < deadline else { return false }
            attempts += 1
            willTryCandidate(candidate)
            let (execution, spans) = replay(candidate, of: finding)
            guard let match = execution.findings.first(where: finding.isSameClass) else { return false }
            smallest = match
            best = candidate
            bestSpans = spans
            return true
        }

        /// Deletes fields while some deletion keeps the finding; true when one did. A deletion
        /// that fails as it is is tried again with one fault choice lowered by 1 to
        /// `CaseShrinker.siteShifts` (a fault's site is an index into the document's places, which
        /// shifts when a field before it goes). A field that could not go is not tried again.
        func deleteFields() -> Bool {
            var deletedAny = false
            var failed: Set<String> = []
            var restart = true
            while restart {
                restart = false
                let schema = smallest.testCase.schema
                let deletion = FieldDeletion(schema: schema, spans: bestSpans)
                for candidate in deletion.candidates(from: best, keeping: smallest.discrepancy.path) {
                    let name = "\(candidate.structName).\(schema.structSchema(named: candidate.structName)?.fields[candidate.field].name ?? "")"
                    guard !failed.contains(name) else { continue }
                    if attempt(candidate.choices) || attemptShifted(candidate) {
                        deletedAny = true
                        restart = true
                        break
                    }
                    failed.insert(name)
                }
            }
            return deletedAny
        }

        func attemptShifted(_ candidate: FieldDeletion.Candidate) -> Bool {
            for position in candidate.faultChoices {
                for shift in 1...CaseShrinker.siteShifts where candidate.choices[position] >= UInt64(shift) {
                    var lowered = candidate.choices
                    lowered[position] -= UInt64(shift)
                    if attempt(lowered) { return true }
                }
            }
            return false
        }

        var progressed = true
        var stop = ShrinkStop.exhausted
        while progressed {
            progressed = false
            if deleteFields() {
                progressed = true
                steps += 1
            }
            let remaining = deadline - clock.now
            guard maxAttempts > attempts, remaining > .zero else {
                stop = maxAttempts > attempts ? .timeBudget : .attemptBudget
                break
            }
            let outcome = ChoiceShrinker(timeLimit: remaining, maxAttempts: maxAttempts - attempts).shrink(best, while: attempt)
            steps += outcome.steps
            if outcome.steps > 0 { progressed = true }
            if let budget = outcome.stop {
                stop = budget
                break
            }
        }
        smallest.shrink = ShrinkSummary(choicesBefore: original.count, choicesAfter: best.count, steps: steps, attempts: attempts, stop: stop)
        return smallest
    }

    /// A candidate's execution and the spans its generation recorded.
    private func replay(_ choices: [UInt64], of finding: Finding) -> (CaseExecution, [ChoiceSpan]) {
        var source = ChoiceSource(replaying: choices)
        let execution = runner.run(from: &source, seed: finding.testCase.seed, caseIndex: finding.testCase.caseIndex)
        return (execution, source.spans)
    }
}
