import Crossfire
import CrossfireTestSupport
import FirestoreModel
import Foundation
import Testing

/// The one campaign loop: the worker of an isolated run goes through `Campaign.run` as an
/// in-process campaign does, and `CaseExecutor.inProcess` ends with that campaign's outcome.
struct CampaignLoopTests {
    /// Case indices a hook was told, from any thread.
    private final class Indices: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []
        var all: [Int] { lock.withLock { values } }
        func append(_ index: Int) { lock.withLock { values.append(index) } }
    }

    private static func lines(_ path: String) throws -> [Substring] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    }

    @Test func aWorkersLoopJournalsTheCampaignsClassesWithoutItsTotalsAndTellsEachCase() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 1,000 cases: enough for a `counts` line.
        let options = CampaignOptions(seed: 3, cases: 1_000, profile: .scalars, outputDirectory: directory.path, shrinkAttempts: 30)
        let summary = try Campaign(options: options).run()
        let whole = try Self.lines(summary.journalPath)
        let totals = ["\"record\":\"run\"", "\"record\":\"counts\"", "\"record\":\"summary\""]
        #expect(totals.allSatisfy { total in whole.contains { $0.contains(total) } })
        try FileManager.default.removeItem(atPath: summary.journalPath)

        let started = Indices()
        var ran: [Int] = []
        var told: [Int] = []
        let worker = Campaign(options: options, journal: try JournalWriter(path: summary.journalPath))
        let workerSummary = try worker.run(continuing: CampaignState(), writesTotals: false, shouldStop: { false },
                                           hooks: CaseHooks(willRun: { started.append($0) }, didRun: { ran.append($0.index) },
                                                            onNewClass: { told.append($0.id) }))
        #expect(try Self.lines(summary.journalPath) == whole.filter { line in !totals.contains { line.contains($0) } })
        #expect(started.all == Array(0..<1_000) && ran == started.all)
        #expect(told == summary.classes.map(\.id) && workerSummary.classes.map(\.key) == summary.classes.map(\.key))
    }

    @Test func theInProcessExecutorEndsWithTheCampaignsOutcome() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = CampaignOptions(seed: 8, cases: 80, profile: .scalars, outputDirectory: directory.path, shrinkAttempts: 30)
        var told: [Int] = []
        var progressed = 0
        let outcome = try CaseExecutor.inProcess.run(options, shouldStop: { false },
                                                    observer: CampaignObserver(progress: { _ in progressed += 1 }, newClass: { id, _, _ in told.append(id) }))
        let journal = try Journal.read(path: outcome.journalPath)
        #expect(outcome.totals.cases == 80 && !outcome.interrupted && progressed >= 1 && outcome.finalProgress?.cases == 80)
        #expect(outcome.classes.map(\.id) == journal.classes.map(\.id) && told == journal.classes.map(\.id))
        #expect(outcome.classes.allSatisfy { $0.reproduce.hasSuffix("--class \($0.id)") })
        #expect(journal.summary?.totals.cases == 80)
    }
}
