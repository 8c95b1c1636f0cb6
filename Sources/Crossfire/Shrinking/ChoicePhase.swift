import ModelSchema

/// The choice phase of a finding's shrink: whole struct fields first (`FieldDeletion`, which
/// removes a field from the schema and from every value of its struct together), then the
/// choice passes (`ChoicePasses`: spans, then choice by choice), the two in turn until
/// neither makes progress or the phase's share of the budget is spent. Every candidate is
/// regenerated from its choices and run; it is kept when the case still shows a finding of
/// the same class.
struct ChoicePhase {
    /// How the phase went (its counts are in the session's statistics).
    struct Outcome {
        /// The finding on the smallest case found (generated from `choices`).
        var finding: Finding
        /// That case's choices.
        var choices: [UInt64]
        /// Whether the passes ran out of smaller candidates (rather than out of attempts).
        var finished: Bool
    }

    /// Runs the candidates.
    let runner: CaseRunner
    /// The shrink's session, whose budget, cache and statistics the phase shares.
    let session: ShrinkSession
    /// The most candidates this phase may run (at most what is left of the budget).
    let maxAttempts: Int
    /// How far a fault's site index is lowered, at most, to follow a deleted field.
    static let siteShifts = 6

    /// Shrinks the choices of `finding`'s case, which must generate it; each candidate
    /// sequence is passed to `willTryCandidate` before it runs.
    func shrink(_ finding: Finding, choices original: [UInt64], willTryCandidate: ([UInt64]) -> Void) -> Outcome {
        session.budget.capped(at: maxAttempts) {
            shrinkWithinShare(finding, choices: original, willTryCandidate: willTryCandidate)
        }
    }

    private func shrinkWithinShare(_ finding: Finding, choices original: [UInt64], willTryCandidate: ([UInt64]) -> Void) -> Outcome {
        session.markTried(original)
        var smallest = finding
        var best = original
        var bestSpans = replay(original, of: finding).spans

        /// Whether the candidate's case shows the class; when it does, it becomes the best case.
        func holds(_ candidate: [UInt64]) -> Bool {
            willTryCandidate(candidate)
            let (execution, spans) = replay(candidate, of: finding)
            guard let match = execution.findings.first(where: finding.isSameClass) else { return false }
            smallest = match
            best = candidate
            bestSpans = spans
            return true
        }

        /// Deletes fields while some deletion keeps the class; true when one did. A deletion
        /// that fails as it is is tried again with one fault choice lowered by 1 to
        /// `ChoicePhase.siteShifts` (a fault's site is an index into the document's places, which
        /// shifts when a field before it goes). A field that could not go is not tried again.
        func deleteFields() -> Bool {
            var deletedAny = false
            var failed: Set<String> = []
            var restart = true
            while restart && !session.isSpent {
                restart = false
                let schema = smallest.testCase.schema
                let deletion = FieldDeletion(schema: schema, spans: bestSpans)
                for candidate in deletion.candidates(from: best, keeping: smallest.discrepancy.path) {
                    let name = "\(candidate.structName).\(schema.structSchema(named: candidate.structName)?.fields[candidate.field].name ?? "")"
                    guard !failed.contains(name) else { continue }
                    let choices = candidate.choices
                    if session.attempt(choices, of: .fieldDeletion, holds) || attemptShifted(choices, faultChoices: candidate.faultChoices) {
                        deletedAny = true
                        restart = true
                        break
                    }
                    failed.insert(name)
                }
            }
            return deletedAny
        }

        func attemptShifted(_ choices: [UInt64], faultChoices: [Int]) -> Bool {
            for position in faultChoices {
                for shift in 1...ChoicePhase.siteShifts where choices[position] >= UInt64(shift) {
                    var lowered = choices
                    lowered[position] -= UInt64(shift)
                    if session.attempt(lowered, of: .fieldDeletion, holds) { return true }
                }
            }
            return false
        }

        var progressed = true
        while progressed && !session.isSpent {
            progressed = deleteFields()
            guard !session.isSpent else { break }
            let start = best
            let result = ChoicePasses(session: session).shrink(best, spans: { $0 == best ? bestSpans : replay($0, of: finding).spans },
                                                               while: holds)
            if result.choices != start { progressed = true }
        }
        return Outcome(finding: smallest, choices: best, finished: !progressed)
    }

    /// A candidate's execution and the spans its generation recorded.
    private func replay(_ choices: [UInt64], of finding: Finding) -> (execution: CaseExecution, spans: [ChoiceSpan]) {
        var source = ChoiceSource(replaying: choices)
        let execution = runner.run(from: &source, seed: finding.testCase.seed, caseIndex: finding.testCase.caseIndex)
        return (execution, source.spans)
    }
}
