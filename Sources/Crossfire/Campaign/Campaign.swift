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
    public convenience init(options: CampaignOptions) throws {
        try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
        let journal = try JournalWriter(path: (options.outputDirectory as NSString).appendingPathComponent("journal.jsonl"))
        self.init(options: options, journal: journal)
        try journal.append(.map([
            "journal": .integer(JournalFormat.version), "record": .string("run"),
            "seed": .string(String(options.seed)), "profile": .string(options.profile.name),
            "mappers": .array(options.mappers.map { .string($0.name) }),
            "cases": options.cases.map { .integer(Int64($0)) } ?? .null,
            "timeLimitSeconds": options.timeLimit.map { .integer($0.components.seconds) } ?? .null,
            "firstCase": .integer(Int64(options.firstCase)),
        ]))
    }

    /// Prepares a campaign that appends to a journal someone else started (a worker of an
    /// isolated run, whose parent wrote the `run` line): writes nothing until it finds something.
    public init(options: CampaignOptions, journal: JournalWriter) {
        self.options = options
        runner = CaseRunner(mappers: options.mappers, generator: CaseGenerator(profile: options.profile), allowlist: options.allowlist)
        self.journal = journal
    }

    /// Runs cases until a limit is reached or `shouldStop` says so. `onFinding` is called after
    /// each new finding is in the journal; `progress` about every half second.
    public func run(shouldStop: () -> Bool = { false }, onFinding: (Finding, Int) -> Void = { _, _ in },
                    progress: (CampaignProgress) -> Void = { _ in }) throws -> CampaignSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let caseLimit = options.cases ?? (options.timeLimit == nil ? 1_000 : Int.max)
        var state = CampaignState()
        var lastProgress = start
        var interrupted = false
        func snapshot() -> CampaignProgress {
            let elapsed = clock.now - start
            return CampaignProgress(
                cases: state.cases, elapsed: elapsed,
                findingsByKind: state.findings.reduce(into: [:]) { $0[$1.discrepancy.kind, default: 0] += 1 },
                signatures: state.findings.count, unexpected: state.findings.filter { !$0.isExpected }.count,
                timeLeft: options.timeLimit.map { max(.zero, $0 - elapsed) })
        }
        while state.cases < caseLimit {
            if let limit = options.timeLimit, clock.now - start >= limit { break }
            if shouldStop() {
                interrupted = true
                break
            }
            try runCase(options.firstCase + state.cases, into: &state, onFinding: onFinding)
            if clock.now - lastProgress >= .milliseconds(500) {
                lastProgress = clock.now
                progress(snapshot())
            }
        }
        progress(snapshot())
        let summary = CampaignSummary(cases: state.cases, elapsed: clock.now - start, findings: state.findings,
                                      occurrences: state.occurrences, census: state.census, setupFailures: state.setupFailures,
                                      interrupted: interrupted, journalPath: journal.path)
        try journal.append(JournalFormat.encodeSummary(summary))
        return summary
    }

    /// Runs case `index` and adds what it found to `state`: its failures to the census, its
    /// findings to the occurrences — then tells `didRun` — and each signature not yet journaled
    /// is appended to the journal (`finding`), reported to `onFinding` with its id, shrunk —
    /// each candidate sequence passed to `willTryCandidate` before it runs — and appended again
    /// (`shrunk`).
    @discardableResult
    public func runCase(_ index: Int, into state: inout CampaignState, didRun: (CaseExecution) -> Void = { _ in },
                        onFinding: (Finding, Int) -> Void = { _, _ in },
                        willTryCandidate: ([UInt64]) -> Void = { _ in }) throws -> CaseExecution {
        var source = ChoiceSource(seed: options.caseSeed(index))
        let execution = runner.run(from: &source, seed: options.seed, caseIndex: index)
        state.cases += 1
        if let failure = execution.setupFailure { state.setupFailures.append("case \(index): \(failure)") }
        for check in execution.checks { state.census.record(check, schema: execution.record.schema) }
        for finding in execution.findings { state.occurrences[finding.signature, default: 0] += 1 }
        didRun(execution)
        for finding in execution.findings {
            guard state.journaledSignatures.insert(finding.signature).inserted else { continue }
            let id = state.nextFindingID
            state.nextFindingID += 1
            try journal.append(JournalFormat.encodeFinding(finding, id: id, record: "finding", reproduce: reproduceCommand(id)))
            onFinding(finding, id)
            let shrunk = shrink(finding, willTryCandidate: willTryCandidate)
            try journal.append(JournalFormat.encodeFinding(shrunk, id: id, record: "shrunk", reproduce: reproduceCommand(id)))
            state.findings.append(shrunk)
        }
        return execution
    }

    /// The command that replays finding `id` of this campaign's journal.
    public func reproduceCommand(_ id: Int) -> String {
        "crossfire replay \(journal.path) --finding \(id)"
    }

    /// The smallest case the shrinker finds that still shows the same signature with the same
    /// explanation (an unexpected finding stays unexpected; see `CaseShrinker`); each candidate
    /// choice sequence is passed to `willTryCandidate` before it runs.
    public func shrink(_ finding: Finding, willTryCandidate: ([UInt64]) -> Void = { _ in }) -> Finding {
        let attempts = finding.isExpected ? options.expectedShrinkAttempts : options.shrinkAttempts
        return CaseShrinker(runner: runner, timeLimit: options.shrinkTime, maxAttempts: attempts)
            .shrink(finding, willTryCandidate: willTryCandidate)
    }
}

extension JournalFormat {
    /// The `summary` line of a campaign.
    public static func encodeSummary(_ summary: CampaignSummary) -> FirestoreValue {
        encodeSummary(cases: summary.cases, elapsed: summary.elapsed, interrupted: summary.interrupted,
                      occurrences: summary.occurrences, census: summary.census, setupFailures: summary.setupFailures)
    }

    /// The `summary` line of a campaign from its parts (an isolated run gathers them from its
    /// workers).
    public static func encodeSummary(cases: Int, elapsed: Duration, interrupted: Bool, occurrences: [String: Int],
                                     census: ErrorCensus, setupFailures: [String]) -> FirestoreValue {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return .map([
            "journal": .integer(version), "record": .string("summary"),
            "cases": .integer(Int64(cases)), "elapsedSeconds": .double(seconds),
            "stopped": .string(interrupted ? "interrupted" : "completed"),
            "occurrences": .map(FirestoreMap(occurrences.sorted { $0.key < $1.key }.map { ($0.key, .integer(Int64($0.value))) })),
            "census": .array(census.sortedEntries.map { entry in
                .map(["signature": .string(entry.signature), "kind": .string(entry.kind.rawValue),
                      "count": .integer(Int64(entry.count)), "path": .string(entry.example.path.description)])
            }),
            "setupFailures": .array(setupFailures.map(FirestoreValue.string)),
        ])
    }
}
