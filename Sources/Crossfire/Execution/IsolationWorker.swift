import FirestoreJSON
import Foundation

/// The worker of an isolated run (`WorkerProtocol`), which `crossfire run --worker` is: reads
/// its assignment, runs its cases through the campaign's own loop (`Campaign.run`) with every
/// mapper announced, appends findings to the journal itself and reports each step as an event.
package enum IsolationWorker {
    /// Runs the assignment `input` holds, writing its events to `output`; `mappers` turns the
    /// assignment's mapper names into mappers, `command` is how reproduce commands run
    /// Crossfire, and `shouldStop` ends the run after the case under way.
    /// - Throws: `IsolationFailure` when the assignment is invalid, the journal cannot be
    ///   written or the parent is gone.
    package static func run(input: [UInt8], output: FileDescriptorOutput, command: String, shouldStop: () -> Bool,
                            mappers: ([String]) throws -> [MapperSpec]) throws(IsolationFailure) {
        let assignment: WorkerAssignment
        do {
            let object = try WorkerProtocol.object(input, what: "the assignment")
            assignment = try WorkerProtocol.reading("the assignment") { () throws(JSONObjectError) in try WorkerAssignment(reading: object) }
        } catch {
            throw IsolationFailure(message: error.description)
        }
        let events = WorkerEvents(output: output)
        let campaign: Campaign
        do {
            let specs = try mappers(assignment.mappers).map { AnnouncedMapperFactory.spec($0, events: events) }
            let options = CampaignOptions(seed: assignment.seed, cases: assignment.cases,
                                          timeLimit: assignment.timeLimitSeconds.map(Duration.seconds),
                                          profile: try GenerationProfile.named(assignment.profile), mappers: specs,
                                          outputDirectory: (assignment.journalPath as NSString).deletingLastPathComponent,
                                          shrinkAttempts: assignment.shrinkAttempts, shrinkTime: .seconds(assignment.shrinkTimeSeconds),
                                          // Choices only: the parent replays a candidate that kills this worker from the choices announced.
                                          shrinkTreePasses: false,
                                          firstCase: assignment.firstCase, command: command)
            campaign = Campaign(options: options, journal: try JournalWriter(path: assignment.journalPath))
        } catch {
            throw IsolationFailure(message: "worker assignment: \(error)")
        }
        if let replay = assignment.replay {
            replayCandidate(replay, caseIndex: assignment.firstCase, seed: assignment.seed, campaign: campaign, events: events)
            if let failure = events.failure { throw IsolationFailure(message: failure) }
            return
        }
        var current = assignment.firstCase
        let hooks = CaseHooks(
            willRun: { events.caseStarted($0) },
            didRun: { result in
                current = result.index
                events.ran(result.index, classes: classReports(result), totals: result.totals)
            },
            onNewClass: { events.newClass($0) }, onShrunk: { events.shrunk($0) }, willTryCandidate: { events.candidate($0) })
        let summary: CampaignSummary
        do {
            // The parent writes the journal's totals; a broken event stream ends the run after its case.
            summary = try campaign.run(continuing: CampaignState(nextClassID: assignment.nextClassID, knownClasses: assignment.classes),
                                       writesTotals: false, shouldStop: { shouldStop() || events.failure != nil }, hooks: hooks)
        } catch {
            throw IsolationFailure(message: "case \(current): \(error)")
        }
        if let failure = events.failure { throw IsolationFailure(message: failure) }
        events.end(interrupted: summary.interrupted)
        if let failure = events.failure { throw IsolationFailure(message: failure) }
    }

    /// Runs the one case a crash's shrink candidate makes, its mapper calls announced; nothing
    /// is journalled or shrunk.
    private static func replayCandidate(_ choices: ChoiceSequence, caseIndex: Int, seed: UInt64, campaign: Campaign, events: WorkerEvents) {
        events.caseStarted(caseIndex)
        var source = ChoiceSource(replaying: choices)
        let execution = campaign.runner.run(from: &source, seed: seed, caseIndex: caseIndex)
        events.ran(caseIndex, classes: [], totals: CampaignTotals(caseIndex: caseIndex, execution: execution))
        events.end(interrupted: false)
    }

    /// The classes of a case's findings, each once, with the tally of its findings (their grid
    /// cells the case's result already worked out).
    private static func classReports(_ result: CaseResult) -> [ClassReport] {
        var reports: [ClassReport] = []
        for ((finding, cells), cause) in zip(zip(result.execution.findings, result.findingCells), result.causes) {
            if let position = reports.firstIndex(where: { $0.cause == cause }) {
                reports[position].tally.note(finding, cells: cells)
            } else {
                reports.append(ClassReport(cause: cause, tally: ClassTally(finding, cells: cells)))
            }
        }
        return reports
    }
}
