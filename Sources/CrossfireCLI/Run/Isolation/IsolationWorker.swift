import Crossfire
import Foundation

/// `crossfire run --worker`: the worker of an isolated run (`WorkerProtocol`). Reads its
/// assignment from standard input, runs its cases with every mapper announced, appends
/// findings to the journal itself and reports each step as an event on standard output.
enum IsolationWorker {
    /// Runs the assignment on standard input.
    static func run(_ context: CommandContext) throws(CommandFailure) {
        let assignment: WorkerAssignment
        do {
            assignment = try WorkerAssignment(try WorkerProtocol.object(try context.readInput(FileDescriptorIO.standardInputPath)))
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "\(error)")
        }
        let events = WorkerEvents(output: context.output)
        let campaign: Campaign
        do {
            let mappers = try MapperChoice.specs(assignment.mappers.joined(separator: ",")).map { AnnouncedMapperFactory.spec($0, events: events) }
            let options = CampaignOptions(seed: assignment.seed, timeLimit: assignment.timeLimitSeconds.map(Duration.seconds),
                                          profile: try GenerationProfile.named(assignment.profile), mappers: mappers,
                                          outputDirectory: (assignment.journalPath as NSString).deletingLastPathComponent,
                                          shrinkAttempts: assignment.shrinkAttempts, shrinkTime: .seconds(assignment.shrinkTimeSeconds),
                                          // Choices only: the parent replays a candidate that kills this worker from the choices announced.
                                          shrinkTreePasses: false,
                                          firstCase: assignment.firstCase, command: SelfInvocation.command)
            campaign = Campaign(options: options, journal: try JournalWriter(path: assignment.journalPath))
        } catch let error as UsageError {
            throw CommandFailure(message: "worker assignment: \(error.message)")
        } catch {
            throw CommandFailure(message: "worker assignment: \(error)")
        }
        if let replay = assignment.replay {
            replayCandidate(replay, caseIndex: assignment.firstCase, seed: assignment.seed, campaign: campaign, events: events)
            if let failure = events.failure { throw CommandFailure(message: failure) }
            return
        }
        var state = CampaignState(nextClassID: assignment.nextClassID, knownClasses: assignment.classes)
        var reportedCensus: Set<ErrorCensus.Key> = []
        let clock = ContinuousClock()
        let start = clock.now
        var interrupted = false
        while assignment.cases.map({ state.cases < $0 }) ?? true {
            if let limit = campaign.options.timeLimit, clock.now - start >= limit { break }
            if StopRequest.isRequested {
                interrupted = true
                break
            }
            let index = assignment.firstCase + state.cases
            events.caseStarted(index)
            do {
                try campaign.runCase(index, into: &state,
                                     didRun: { execution in
                                         var census = ErrorCensus()
                                         for check in execution.checks { census.record(check) }
                                         let reports = census.sortedEntries.map { entry in
                                             CensusReport(key: entry.key, count: entry.count,
                                                          example: reportedCensus.insert(entry.key).inserted ? entry.example : nil)
                                         }
                                         events.ran(index, classes: classReports(execution), census: reports,
                                                    cells: cells(execution), setupFailure: execution.setupFailure)
                                     },
                                     onNewClass: { events.newClass($0) }, onShrunk: { events.shrunk($0) },
                                     willTryCandidate: { events.candidate($0) })
            } catch {
                throw CommandFailure(message: "case \(index): \(error)")
            }
            if let failure = events.failure { throw CommandFailure(message: failure) }
        }
        events.end(interrupted: interrupted)
        if let failure = events.failure { throw CommandFailure(message: failure) }
    }

    /// Runs the one case a crash's shrink candidate makes, its mapper calls announced; nothing
    /// is journalled or shrunk.
    private static func replayCandidate(_ choices: ChoiceSequence, caseIndex: Int, seed: UInt64, campaign: Campaign, events: WorkerEvents) {
        events.caseStarted(caseIndex)
        var source = ChoiceSource(replaying: choices)
        let execution = campaign.runner.run(from: &source, seed: seed, caseIndex: caseIndex)
        events.ran(caseIndex, classes: [], census: [], cells: [:], setupFailure: execution.setupFailure)
        events.end(interrupted: false)
    }

    /// The classes of a case's findings, each once, with the leaf types and grid cells of its
    /// findings.
    private static func classReports(_ execution: CaseExecution) -> [ClassReport] {
        let coverage = CaseCoverage(schema: execution.record.schema)
        var reports: [ClassReport] = []
        for finding in execution.findings {
            let type = finding.discrepancy.facts.type?.description ?? "(outside the schema)"
            let cells = coverage.cells(of: finding.discrepancy, faults: execution.record.faults)
            if let position = reports.firstIndex(where: { $0.key == finding.key }) {
                reports[position].leafTypes[type, default: 0] += 1
                for cell in cells { reports[position].cells[cell, default: 0] += 1 }
            } else {
                reports.append(ClassReport(key: finding.key, leafTypes: [type: 1], cells: Dictionary(cells.map { ($0, 1) }, uniquingKeysWith: +)))
            }
        }
        return reports
    }

    /// The grid cells a case exercised, with how often.
    private static func cells(_ execution: CaseExecution) -> [GridCell: Int] {
        Dictionary(CaseCoverage(schema: execution.record.schema).cells(of: execution.record).map { ($0, 1) }, uniquingKeysWith: +)
    }
}
