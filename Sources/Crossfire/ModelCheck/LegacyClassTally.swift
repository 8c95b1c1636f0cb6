/// The finding classes of a `LegacyMapperCheck` run as its cases come in: each class with
/// the cases it occurred in, the checks that saw it, and its example (the first case, shrunk
/// once when the class is new).
struct LegacyClassTally {
    private var findings: [LegacyFindingClass: LegacyCheckFinding] = [:]
    private var order: [LegacyFindingClass] = []

    /// Counts a case; for each class new in it, `shrink` gives the example.
    mutating func add(_ checked: LegacyCheckCase, shrink: (LegacyFindingClass) -> LegacyCheckCase) {
        var seenInCase: Set<LegacyFindingClass> = []
        for disagreement in checked.disagreements {
            let findingClass = disagreement.findingClass
            if findings[findingClass] == nil {
                let example = findingClass.explainedBy == nil ? shrink(findingClass) : checked
                let shown = example.disagreements.first { $0.findingClass == findingClass } ?? disagreement
                findings[findingClass] = LegacyCheckFinding(
                    findingClass: findingClass, hint: shown.hint, occurrences: 0, checks: [:], disagreement: shown, example: example)
                order.append(findingClass)
            }
            findings[findingClass]?.checks[disagreement.kind, default: 0] += 1
            if seenInCase.insert(findingClass).inserted { findings[findingClass]?.occurrences += 1 }
        }
    }

    /// The unexpected classes (`expected: false`) or the expected ones, in the order first
    /// found; a finding whose example is an earlier one's names it (`sameCaseAs`, numbered
    /// over the unexpected classes, then the expected ones).
    func findings(expected: Bool) -> [LegacyCheckFinding] {
        let all = order.filter { $0.explainedBy == nil } + order.filter { $0.explainedBy != nil }
        var firstWithCase: [[UInt64]: Int] = [:]
        var numbered: [LegacyCheckFinding] = []
        for (offset, findingClass) in all.enumerated() {
            guard var finding = findings[findingClass] else { continue }
            if let earlier = firstWithCase[finding.example.choices] {
                finding.sameCaseAs = earlier
            } else {
                firstWithCase[finding.example.choices] = offset + 1
            }
            numbered.append(finding)
        }
        return numbered.filter { ($0.findingClass.explainedBy != nil) == expected }
    }
}
