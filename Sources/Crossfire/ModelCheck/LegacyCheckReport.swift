/// What a `LegacyMapperCheck` run found: every distinct disagreement, with how often it
/// occurred and its smallest case.
public struct LegacyCheckReport: Hashable, Sendable, CustomStringConvertible {
    /// How many cases ran.
    public var cases: Int
    /// How many of them had faults injected.
    public var faultyCases: Int
    /// The seed of the run.
    public var seed: UInt64
    /// The disagreements, in the order first found.
    public var findings: [LegacyCheckFinding]

    /// Whether the mappers agreed on every case.
    public var isClean: Bool { findings.isEmpty }

    public var description: String {
        var text = "\(cases) cases (\(cases - faultyCases) valid documents, \(faultyCases) with faults), seed \(seed): "
        text += findings.isEmpty ? "the mappers agree everywhere" : "\(findings.count) distinct disagreements"
        for (number, finding) in findings.enumerated() {
            text += "\n\n#\(number + 1) \(finding.signature) (\(finding.occurrences) cases), smallest case:\n\(finding.example)"
        }
        return text
    }
}

/// One distinct disagreement of a `LegacyMapperCheck` run.
public struct LegacyCheckFinding: Hashable, Sendable {
    /// The disagreement, as its smallest case shows it.
    public var disagreement: LegacyDisagreement
    /// Kind and path (`LegacyDisagreement.signature`).
    public var signature: String { disagreement.signature }
    /// In how many cases it occurred.
    public var occurrences: Int
    /// The smallest case showing it (replay with `LegacyMapperCheck.check(choices:)`).
    public var example: LegacyCheckCase
}
