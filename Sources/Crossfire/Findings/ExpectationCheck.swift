import FirestoreModel
import ModelSchema

/// The expectations of an allowlist's entries that stand for SDK rules, over one case: for each
/// rule situation a strict mapper reached (`ReachedSituation`) and an entry expects
/// (`AllowlistEntry.expectedIn`), a class the entry explains must be among the case's findings,
/// for that mapper, in that situation. Where none is, the rule's documented behaviour vanished —
/// a mapper made "more exact" than the SDK, or storage no longer doing what the SDK's does —,
/// and the case gets an unexpected `expectationMissing` finding at the situation's place, one
/// per situation and mapper — unless another finding of the mapper is at that place already. The situations are counted only where they are certain
/// (`Differ+Situations.swift`), so the real mappers never miss one.
package struct ExpectationCheck: Sendable {
    /// The allowlist whose entries' expectations are checked.
    package let allowlist: Allowlist

    /// The expectations of the allowlist, by situation (each entry's `expectedIn`; the first
    /// entry to expect a situation has it).
    package let expectations: [RuleSituation: Expectation]

    /// Creates the check.
    package init(allowlist: Allowlist) {
        self.allowlist = allowlist
        var expectations: [RuleSituation: Expectation] = [:]
        for entry in allowlist.entries {
            for situation in entry.expectedIn where expectations[situation] == nil {
                expectations[situation] = Expectation(entry: entry.id, situation: situation)
            }
        }
        self.expectations = expectations
    }

    /// The `expectationMissing` findings of a case: its checks' reached situations against its
    /// findings.
    package func missed(in checks: [CheckResult], findings: [Finding], testCase: CaseRecord) -> [Finding] {
        let expected = expectations
        var seen: Set<Expectation.Key> = []
        var missed: [Finding] = []
        for reached in checks.flatMap(\.reached) {
            guard let expectation = expected[reached.situation],
                  seen.insert(Expectation.Key(expectation: expectation, mapper: reached.mapper)).inserted,
                  !findings.contains(where: { shows($0, expectation, mapper: reached.mapper, schema: testCase.schema) }),
                  !findings.contains(where: { isOther($0, at: reached) })
            else { continue }
            let discrepancy = Discrepancy(kind: .expectationMissing, check: reached.situation.column.check, path: reached.path, facts: reached.facts,
                                          input: reached.input, outcomes: reached.outcomes, expectation: expectation)
            missed.append(Finding(discrepancy: discrepancy, testCase: testCase, allowlist: allowlist))
        }
        return missed
    }

    /// Whether a finding at the situation's place involves the mapper: another class where the
    /// rule's should be (a loss of another kind, an encode that disagrees with the reference
    /// there), reported already — the place the mapper parted from the SDK's rule, which a
    /// second finding would only repeat.
    private func isOther(_ finding: Finding, at reached: ReachedSituation) -> Bool {
        finding.discrepancy.path == reached.path && finding.discrepancy.outcomes.contains { $0.mapper == reached.mapper }
    }

    /// Whether a finding is the expected class: explained by the entry, with the mapper's
    /// outcome, in the situation.
    private func shows(_ finding: Finding, _ expectation: Expectation, mapper: String, schema: ModelSchema) -> Bool {
        finding.explanation?.id == expectation.entry && finding.discrepancy.outcomes.contains { $0.mapper == mapper }
            && RuleSituation.situations(of: finding.discrepancy, schema: schema).contains(expectation.situation)
    }
}

extension Expectation {
    /// An expectation of one mapper.
    struct Key: Hashable {
        let expectation: Expectation
        let mapper: String
    }
}
