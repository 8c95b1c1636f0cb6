/// What a `LegacyMapperCheck` run found: its disagreements grouped into finding classes (one
/// cause at one field: `LegacyFindingClass`), each with how often it occurred, the fix that
/// usually removes it, and its smallest case.
///
/// Its `description` is one line and `summary` one line per class, so that a failing test says
/// what is wrong in a screenful:
///
/// ```swift
/// #expect(report.isClean, "\(report.summary)")
/// ```
///
/// The smallest cases go to files: `LegacyCheckReportFiles.write(report, to:)` (module
/// `CrossfireReports`).
public struct LegacyCheckReport: Hashable, Sendable, CustomStringConvertible {
    /// The model type's name.
    public var modelName: String
    /// How many cases ran.
    public var cases: Int
    /// How many of them had faults injected.
    public var faultyCases: Int
    /// The seed of the run.
    public var seed: UInt64
    /// The unexpected classes, in the order first found.
    public var findings: [LegacyCheckFinding]
    /// The classes the allowlist explains as the SDK's documented behaviour, in the order
    /// first found.
    public var expected: [LegacyCheckFinding]
    /// The reason of each allowlist entry that explained a class, by id.
    public var reasons: [String: String]
    /// Why the cases ran in this process although `isolation` asked for a child process (no
    /// child could be forked), or nil.
    public var isolationProblem: String?

    /// The most classes `summary` lists one by one.
    public static let summaryLimit = 30

    /// Whether the mappers agreed on every case, apart from the SDK's documented behaviour.
    public var isClean: Bool { findings.isEmpty }

    /// One line: the model, the verdict and the counts.
    public var description: String {
        let verdict = isClean
            ? "the legacy mapper and Codable agree"
            : "\(Self.counted(findings.count, "disagreement")) between the legacy mapper and Codable"
        var line = "\(modelName): \(verdict) in \(Self.counted(cases, "case")) (seed \(seed), \(faultyCases) with injected faults)"
        if !expected.isEmpty { line += "; \(expected.count) more \(expected.count == 1 ? "is" : "are") the SDK's documented behaviour" }
        if let isolationProblem { line += "; run in this process: \(isolationProblem)" }
        return line
    }

    /// `description`, then one numbered line per unexpected class: the field, the cause, how
    /// often, and the usual fix; at most `summaryLimit` of them.
    public var summary: String {
        var lines = [description]
        for (number, finding) in findings.prefix(Self.summaryLimit).enumerated() {
            lines.append("\(number + 1). \(finding.findingClass.field) — \(finding.findingClass.cause.title) "
                + "(\(Self.counted(finding.occurrences, "case"))): \(finding.hint)")
        }
        if findings.count > Self.summaryLimit {
            lines.append("… and \(findings.count - Self.summaryLimit) more: LegacyCheckReportFiles.write(report, to:) writes them all")
        }
        return lines.joined(separator: "\n")
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// One finding class of a `LegacyMapperCheck` run.
public struct LegacyCheckFinding: Hashable, Sendable {
    /// The class: cause, field and, when expected, the allowlist entry.
    public var findingClass: LegacyFindingClass
    /// The fix that usually removes the cause.
    public var hint: String
    /// In how many cases it occurred.
    public var occurrences: Int
    /// Which checks saw it (read, write, read-back), each with how many disagreements.
    public var checks: [LegacyDisagreement.Kind: Int]
    /// The disagreement as the smallest case shows it.
    public var disagreement: LegacyDisagreement
    /// The smallest case showing it (replay with `LegacyMapperCheck.check(choices:)`).
    public var example: LegacyCheckCase
    /// The number (1-based, among all findings and then the expected ones) of an earlier
    /// finding whose smallest case is this one's too, so that a report shows the case once.
    public var sameCaseAs: Int?
}
