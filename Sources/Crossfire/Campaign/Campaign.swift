import FirestoreModel
import Foundation
import ModelSchema

/// A campaign's state, as the progress line shows it.
public struct CampaignProgress: Sendable {
    /// Cases run so far.
    public var cases: Int
    /// Time since the start.
    public var elapsed: Duration
    /// Distinct findings so far, by kind.
    public var findingsByKind: [FindingKind: Int]
    /// Distinct signatures so far.
    public var signatures: Int
    /// Distinct signatures no allowlist entry explains.
    public var unexpected: Int
    /// Time left, when the campaign has a time limit.
    public var timeLeft: Duration?
}

/// How a campaign ended.
public struct CampaignSummary: Sendable {
    /// Cases run.
    public var cases: Int
    /// How long it ran.
    public var elapsed: Duration
    /// One shrunk finding per signature, in the order found.
    public var findings: [Finding]
    /// How often each signature was seen.
    public var occurrences: [String: Int]
    /// Every failure any mapper reported.
    public var census: ErrorCensus
    /// Cases whose mappers could not be prepared, with why.
    public var setupFailures: [String]
    /// Whether it was stopped before its limits (Ctrl-C).
    public var interrupted: Bool
    /// The journal's path.
    public var journalPath: String

    /// The findings no allowlist entry explains.
    public var unexpectedFindings: [Finding] { findings.filter { !$0.isExpected } }
}

/// A seeded campaign: generate, map, diff, shrink, journal.
public final class Campaign {
    /// The options it runs with.
    public let options: CampaignOptions
    /// Runs single cases.
    public let runner: CaseRunner
    /// Where findings go the moment they are found.
    public let journal: JournalWriter

    /// Prepares a campaign: creates the output folder and the journal and writes its first line.
    public init(options: CampaignOptions) throws {
        self.options = options
        runner = CaseRunner(mappers: options.mappers, generator: CaseGenerator(profile: options.profile), allowlist: options.allowlist)
        try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
        journal = try JournalWriter(path: (options.outputDirectory as NSString).appendingPathComponent("journal.jsonl"))
        try journal.append(.map([
            "journal": .integer(JournalFormat.version), "record": .string("run"),
            "seed": .string(String(options.seed)), "profile": .string(options.profile.name),
            "mappers": .array(options.mappers.map { .string($0.name) }),
            "cases": options.cases.map { .integer(Int64($0)) } ?? .null,
            "timeLimitSeconds": options.timeLimit.map { .integer($0.components.seconds) } ?? .null,
            "firstCase": .integer(Int64(options.firstCase)),
        ]))
    }

    /// Runs cases until a limit is reached or `shouldStop` says so. `onFinding` is called after
    /// each new finding is in the journal; `progress` about every half second.
    public func run(shouldStop: () -> Bool = { false }, onFinding: (Finding, Int) -> Void = { _, _ in },
                    progress: (CampaignProgress) -> Void = { _ in }) throws -> CampaignSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let caseLimit = options.cases ?? (options.timeLimit == nil ? 1_000 : Int.max)
        var findings: [Finding] = []
        var occurrences: [String: Int] = [:]
        var census = ErrorCensus()
        var setupFailures: [String] = []
        var lastProgress = start
        var ran = 0
        var interrupted = false
        func snapshot() -> CampaignProgress {
            let elapsed = clock.now - start
            return CampaignProgress(
                cases: ran, elapsed: elapsed,
                findingsByKind: findings.reduce(into: [:]) { $0[$1.discrepancy.kind, default: 0] += 1 },
                signatures: findings.count, unexpected: findings.filter { !$0.isExpected }.count,
                timeLeft: options.timeLimit.map { max(.zero, $0 - elapsed) })
        }
        while ran < caseLimit {
            if let limit = options.timeLimit, clock.now - start >= limit { break }
            if shouldStop() {
                interrupted = true
                break
            }
            let index = options.firstCase + ran
            let seed = options.caseSeed(index)
            var source = ChoiceSource(seed: seed)
            let execution = runner.run(from: &source, seed: options.seed, caseIndex: index)
            ran += 1
            if let failure = execution.setupFailure { setupFailures.append("case \(index): \(failure)") }
            for check in execution.checks { census.record(check, schema: execution.record.schema) }
            for finding in execution.findings {
                occurrences[finding.signature, default: 0] += 1
                guard occurrences[finding.signature] == 1 else { continue }
                let id = findings.count + 1
                try journal.append(JournalFormat.encodeFinding(finding, id: id, record: "finding", reproduce: reproduceCommand(id)))
                onFinding(finding, id)
                let shrunk = shrink(finding)
                try journal.append(JournalFormat.encodeFinding(shrunk, id: id, record: "shrunk", reproduce: reproduceCommand(id)))
                findings.append(shrunk)
            }
            if clock.now - lastProgress >= .milliseconds(500) {
                lastProgress = clock.now
                progress(snapshot())
            }
        }
        progress(snapshot())
        let summary = CampaignSummary(cases: ran, elapsed: clock.now - start, findings: findings, occurrences: occurrences,
                                      census: census, setupFailures: setupFailures, interrupted: interrupted,
                                      journalPath: journal.path)
        try journal.append(JournalFormat.encodeSummary(summary))
        return summary
    }

    /// The command that replays finding `id` of this campaign's journal.
    func reproduceCommand(_ id: Int) -> String {
        "crossfire replay \(journal.path) --finding \(id)"
    }

    /// The smallest case the shrinker finds that still shows the same signature.
    public func shrink(_ finding: Finding) -> Finding {
        let attempts = finding.isExpected ? options.expectedShrinkAttempts : options.shrinkAttempts
        return runner.shrinkChoices(of: finding, with: ChoiceShrinker(timeLimit: options.shrinkTime, maxAttempts: attempts))
    }
}

extension JournalFormat {
    /// The `summary` line of a campaign.
    static func encodeSummary(_ summary: CampaignSummary) -> FirestoreValue {
        let seconds = Double(summary.elapsed.components.seconds) + Double(summary.elapsed.components.attoseconds) / 1e18
        return .map([
            "journal": .integer(version), "record": .string("summary"),
            "cases": .integer(Int64(summary.cases)), "elapsedSeconds": .double(seconds),
            "stopped": .string(summary.interrupted ? "interrupted" : "completed"),
            "occurrences": .map(FirestoreMap(summary.occurrences.sorted { $0.key < $1.key }.map { ($0.key, .integer(Int64($0.value))) })),
            "census": .array(summary.census.sortedEntries.map { entry in
                .map(["signature": .string(entry.signature), "kind": .string(entry.kind.rawValue),
                      "count": .integer(Int64(entry.count)), "path": .string(entry.example.path.description)])
            }),
            "setupFailures": .array(summary.setupFailures.map(FirestoreValue.string)),
        ])
    }
}
