import FirestoreModel
import Foundation
import ModelSchema

/// A campaign's state, as the progress line shows it.
package struct CampaignProgress: Sendable {
    /// Cases run so far.
    package var cases: Int
    /// Time since the start.
    package var elapsed: Duration
    /// Classes found so far.
    package var classes: Int
    /// Classes no allowlist entry explains.
    package var unexpected: Int
    /// Reachable grid cells exercised so far.
    package var cellsReached: Int
    /// Time left, when the campaign has a time limit.
    package var timeLeft: Duration?
}

/// How a campaign run in this process ended: its totals and its classes with their whole
/// findings (what its journal's `summary` line is written from). Whichever executor ran the
/// cases, the command line is told a `CampaignOutcome`.
package struct CampaignSummary: Sendable {
    /// What the cases add up to.
    package var totals: CampaignTotals
    /// How long it ran.
    package var elapsed: Duration
    /// Every class found, in the order found.
    package var classes: [FindingClass]
    /// Whether it was stopped before its limits (Ctrl-C).
    package var interrupted: Bool
    /// The journal's path.
    package var journalPath: String

    /// The classes no allowlist entry explains.
    package var unexpectedClasses: [FindingClass] { classes.filter(\.isUnexpected) }
}

/// A seeded campaign: generate, map, diff, group into classes, shrink each new unexpected
/// class once, journal.
package final class Campaign {
    /// The options it runs with.
    package let options: CampaignOptions
    /// Runs single cases.
    package let runner: CaseRunner
    /// Where classes go the moment they are found.
    package let journal: JournalWriter
    /// Probes each new symptom for its cause.
    package let resolver: CauseResolver

    /// Prepares a campaign: creates the output folder and the journal and writes its first line.
    /// - Throws: `FileError` when the folder cannot be created, `JournalFormat.Error` when the
    ///   journal cannot be opened or written.
    package convenience init(options: CampaignOptions) throws {
        do {
            try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: options.outputDirectory, cannot: "create the folder", error: error)
        }
        let journal = try JournalWriter(path: (options.outputDirectory as NSString).appendingPathComponent("journal.jsonl"))
        self.init(options: options, journal: journal)
        try journal.append(JournalFormat.runRecord(options, replay: replayCommand))
    }

    /// Prepares a campaign that appends to a journal someone else started (a worker of an
    /// isolated run, whose parent wrote the `run` line): writes nothing until it finds something.
    package init(options: CampaignOptions, journal: JournalWriter) {
        self.options = options
        runner = CaseRunner(mappers: options.mappers, generator: CaseGenerator(profile: options.profile), allowlist: options.allowlist,
                            storage: options.storage, storageCheck: options.storageCheck)
        resolver = CauseResolver(runner: runner)
        self.journal = journal
    }

    /// Runs cases until a limit is reached or `shouldStop` says so, on `options.jobs` threads,
    /// taking their results in case order (`CaseStream`), so that the classes, their ids and
    /// the journal are those of one thread. `onNewClass` is called after each new class is in
    /// the journal (before an unexpected one is shrunk); `progress` about every half second.
    /// A stop (the time limit, `shouldStop`) lets the cases under way finish; they count.
    package func run(shouldStop: () -> Bool = { false }, onNewClass: (FindingClass) -> Void = { _ in },
                    progress: (CampaignProgress) -> Void = { _ in }) throws -> CampaignSummary {
        try withoutActuallyEscaping(onNewClass) { onNewClass in
            try run(continuing: CampaignState(), writesTotals: true, shouldStop: shouldStop, hooks: CaseHooks(onNewClass: onNewClass),
                    progress: progress)
        }
    }

    /// The loop of `run(shouldStop:onNewClass:progress:)`, going on from `state` and telling
    /// `hooks` about each case. With `writesTotals` false (a worker of an isolated run, whose
    /// parent writes them) it appends no `counts` and no `summary` line to the journal.
    package func run(continuing initial: CampaignState, writesTotals: Bool, shouldStop: () -> Bool, hooks: CaseHooks,
                     progress: (CampaignProgress) -> Void = { _ in }) throws -> CampaignSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let caseLimit = options.cases ?? (options.timeLimit == nil ? 1_000 : Int.max)
        var state = initial
        var lastProgress = start
        var checkpoint = Checkpoint()
        var interrupted = false
        func snapshot() -> CampaignProgress {
            let elapsed = clock.now - start
            return CampaignProgress(cases: state.totals.cases, elapsed: elapsed, classes: state.classes.count,
                                    unexpected: state.unexpectedClasses.count, cellsReached: state.totals.coverage.reached.count,
                                    timeLeft: options.timeLimit.map { max(.zero, $0 - elapsed) })
        }
        func limitReached() -> Bool {
            if let limit = options.timeLimit, clock.now - start >= limit { return true }
            if shouldStop() {
                interrupted = true
                return true
            }
            return false
        }
        let cases = caseStream(count: limitReached() ? 0 : caseLimit, willRun: hooks.willRun)
        defer { cases.finish() }
        while let result = cases.next() {
            try absorb(result, into: &state, didRun: { hooks.didRun($0) }, onNewClass: hooks.onNewClass,
                       onShrunk: hooks.onShrunk, willTryCandidate: hooks.willTryCandidate)
            if limitReached() { cases.stop() }
            if clock.now - lastProgress >= .milliseconds(500) {
                lastProgress = clock.now
                progress(snapshot())
            }
            if writesTotals, checkpoint.isDue(cases: state.totals.cases) {
                try journal.append(JournalFormat.countsRecord(cases: state.totals.cases, elapsed: clock.now - start,
                                                             occurrences: Self.occurrences(state.classes)))
                checkpoint.taken(cases: state.totals.cases)
            }
        }
        progress(snapshot())
        let summary = CampaignSummary(totals: state.totals, elapsed: clock.now - start, classes: state.classes, interrupted: interrupted,
                                      journalPath: journal.path)
        if writesTotals { try journal.append(JournalFormat.summaryRecord(summary)) }
        return summary
    }

    /// The campaign's cases from `options.firstCase`, `count` of them, run on `options.jobs`
    /// threads; `willRun` is told each index on the thread that runs it, before it runs.
    private func caseStream(count: Int, willRun: @escaping @Sendable (Int) -> Void) -> CaseStream<CaseResult> {
        let (runner, options) = (runner, options)
        return CaseStream(jobs: options.jobs, first: options.firstCase, count: count) { index in
            willRun(index)
            return CaseResult(running: index, campaignSeed: options.seed, with: runner)
        }
    }

    /// Runs case `index` and adds what it gave to `state` (see `absorb`); `didRun` is told the
    /// execution before its findings are added.
    @discardableResult
    package func runCase(_ index: Int, into state: inout CampaignState, didRun: (CaseExecution) -> Void = { _ in },
                        onNewClass: (FindingClass) -> Void = { _ in }, onShrunk: (FindingClass) -> Void = { _ in },
                        willTryCandidate: ([UInt64]) -> Void = { _ in }) throws -> CaseExecution {
        let result = CaseResult(running: index, campaignSeed: options.seed, with: runner)
        try absorb(result, into: &state, didRun: { didRun($0.execution) }, onNewClass: onNewClass, onShrunk: onShrunk, willTryCandidate: willTryCandidate)
        return result.execution
    }

    /// Adds what a case gave to `state`: its totals (`CaseResult.totals`), the cause of each
    /// finding (`CauseResolver`, once per new symptom) — then tells `didRun` the result with its
    /// `causes` — each finding to its class, and each class not yet in the
    /// journal is appended to it (`class`), told to `onNewClass`, and, when unexpected, shrunk —
    /// each candidate sequence passed to `willTryCandidate` before it runs — appended again
    /// (`shrunk`) and told to `onShrunk`.
    package func absorb(_ result: CaseResult, into state: inout CampaignState, didRun: (CaseResult) -> Void = { _ in },
                       onNewClass: (FindingClass) -> Void = { _ in }, onShrunk: (FindingClass) -> Void = { _ in },
                       willTryCandidate: ([UInt64]) -> Void = { _ in }) throws {
        let execution = result.execution
        state.totals.add(result.totals)
        let resolutions = execution.findings.map { state.cause(of: $0, in: execution, resolver: resolver) }
        var result = result
        result.causes = resolutions.map(\.cause)
        didRun(result)
        var seen: Set<CauseKey> = []
        var fresh: [CauseKey] = []
        for ((finding, cells), resolved) in zip(zip(execution.findings, result.findingCells), resolutions) {
            guard state.knownClasses[resolved.cause] == nil else { continue }
            let firstInCase = seen.insert(resolved.cause).inserted
            if state.findingClass(resolved.cause) != nil {
                state.update(resolved.cause) { found in
                    found.note(finding, cells: cells, caseWeight: result.weight)
                    if firstInCase { found.occurrences += 1 }
                }
            } else {
                state.add(FindingClass(id: state.nextClassID, finding: finding, resolved: resolved, cells: cells, caseWeight: result.weight))
                state.nextClassID += 1
                fresh.append(resolved.cause)
            }
        }
        for cause in fresh {
            guard let found = state.findingClass(cause) else { continue }
            try journal.append(JournalFormat.classRecord(found, reproduce: reproduceCommand(found.id, key: found.key)))
            onNewClass(found)
            guard found.isUnexpected else { continue }
            let shrunk = shrink(found.first, willTryCandidate: willTryCandidate)
            state.update(cause) { $0.shrunk = shrunk }
            try journal.append(JournalFormat.shrunkRecord(id: found.id, finding: shrunk, reproduce: reproduceCommand(found.id, key: found.key)))
            if let updated = state.findingClass(cause) { onShrunk(updated) }
        }
    }

    /// The command that replays class `id` of this campaign's journal (as `options.command`
    /// runs Crossfire), in a worker process when the class `key` needs one.
    package func reproduceCommand(_ id: Int, key: FindingClassKey) -> String {
        "\(replayCommand) --class \(id)" + (key.replaysInIsolation ? " --isolate" : "")
    }

    /// The command that replays this campaign's journal (as `options.command` runs Crossfire).
    package var replayCommand: String {
        "\(options.command) replay \(ShellWord.quoted(journal.path))"
    }

    /// The smallest case the shrinker finds that still shows the finding's class, under the
    /// campaign's shrink budget (`FindingShrinker`: choices, then tree passes); its `shrink`
    /// says how far it got and why it stopped. Each candidate choice sequence is passed to
    /// `willTryCandidate` before it runs.
    package func shrink(_ finding: Finding, willTryCandidate: ([UInt64]) -> Void = { _ in }) -> Finding {
        FindingShrinker(runner: runner, timeLimit: options.shrinkTime, maxAttempts: options.shrinkAttempts,
                        treePasses: options.shrinkTreePasses)
            .shrink(finding, willTryCandidate: willTryCandidate).finding
    }

    /// Each class's occurrences, by id.
    static func occurrences(_ classes: [FindingClass]) -> [Int: Int] {
        Dictionary(uniqueKeysWithValues: classes.map { ($0.id, $0.occurrences) })
    }
}

/// When a campaign writes its occurrence counts to the journal (a `counts` line): first after
/// `first` cases, then each time the cases have grown by half, so that a killed run keeps
/// recent counts while the journal grows with the logarithm of the cases. It goes by cases
/// alone, never by time, so that a seeded run writes the same lines however fast it runs.
struct Checkpoint {
    /// The cases before the first checkpoint.
    static let first = 1_000
    private var lastCases = 0

    func isDue(cases: Int) -> Bool {
        cases >= Self.first && cases * 2 >= lastCases * 3
    }

    mutating func taken(cases: Int) {
        lastCases = cases
    }
}
