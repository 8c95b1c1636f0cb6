import FirestoreJSON
import FirestoreModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The parent of an isolated run (`CaseExecutor.workerProcesses`, `crossfire run --isolate`).
/// It writes the journal's `run` line, has workers (`IsolationWorker`) run the cases through
/// the campaign's loop, follows their events (`WorkerProtocol`), turns a worker's death by a
/// signal — or a worker stuck in a case, which it kills after `caseTimeout` without an event —
/// into a `crash` class and starts a new worker at the next case, and writes the `summary`
/// line at the end.
struct IsolatedRun {
    /// The campaign's options.
    let options: CampaignOptions
    /// How long a worker busy with a case may go without an event before it is killed.
    let caseTimeout: Duration
    /// Whether a stop was requested (Ctrl-C): forwarded to the worker, which finishes its case.
    let shouldStop: () -> Bool
    /// Where progress, new classes and workers' deaths are told.
    let observer: CampaignObserver
    /// How long the parent waits for an event before it looks at the clock and Ctrl-C.
    static let pollMilliseconds: Int32 = 100

    /// Runs the campaign until its limits or a stop request.
    func run() throws(IsolationFailure) -> CampaignOutcome {
        let campaign: Campaign
        do {
            campaign = try Campaign(options: options)
        } catch {
            throw IsolationFailure(message: OneLine.escaped("\(error)"))
        }
        let log = WorkerLog(path: (options.outputDirectory as NSString).appendingPathComponent("worker.log"))
        var tally = IsolatedTally()
        let clock = ContinuousClock()
        let start = clock.now
        let caseLimit = options.cases ?? Int.max
        var nextCase = options.firstCase
        var interrupted = false
        // The first worker death is told as it happens; the later ones (each crash class is told
        // once anyway) are counted, and the count told at the end.
        var deaths = 0
        func progress(_ tally: IsolatedTally) -> CampaignProgress {
            let elapsed = clock.now - start
            return CampaignProgress(cases: tally.totals.cases, elapsed: elapsed, classes: tally.classes.count,
                                    unexpected: tally.classes.filter(\.key.isUnexpected).count, cellsReached: tally.totals.coverage.reached.count,
                                    timeLeft: options.timeLimit.map { max(.zero, $0 - elapsed) })
        }
        while tally.totals.cases < caseLimit {
            if shouldStop() {
                interrupted = true
                break
            }
            let timeLeft = options.timeLimit.map { $0 - (clock.now - start) }
            if let timeLeft, timeLeft <= .zero { break }
            let assignment = WorkerAssignment(
                seed: options.seed, profile: options.profile.name, mappers: options.mappers.map(\.name), journalPath: campaign.journal.path,
                firstCase: nextCase, cases: options.cases.map { $0 - tally.totals.cases }, timeLimitSeconds: timeLeft?.seconds,
                shrinkAttempts: options.shrinkAttempts, shrinkTimeSeconds: options.shrinkTime.seconds,
                nextClassID: tally.nextClassID, classes: tally.known)
            let logOffset = log.size()
            let (termination, whereabouts) = try runWorker(assignment, log: log, campaign: campaign, tally: &tally,
                                                           progress: progress)
            switch termination {
            case .exited(0) where whereabouts.ended:
                // The worker ran its assignment, or stopped on request.
                interrupted = whereabouts.interrupted || shouldStop()
            case .signaled(let signal) where shouldStop() && (signal == SIGINT || signal == SIGTERM):
                // Ctrl-C reached the worker before it could catch it: a stop, not a crash.
                interrupted = true
            case .signaled(let signal):
                let death = whereabouts.killedAfterNoProgress.map(WorkerDeath.noProgress) ?? .signal(signal)
                guard let index = whereabouts.caseIndex else {
                    throw IsolationFailure(message: "the worker \(death.description) before its first case; see \(log.path)")
                }
                try recordCrash(death, whereabouts: whereabouts, excerpt: log.excerpt(from: logOffset), campaign: campaign, log: log,
                                tally: &tally)
                if !whereabouts.hasRun { tally.totals.cases += 1 }
                nextCase = index + 1
                deaths += 1
                if deaths == 1 {
                    observer.note("worker \(death.description) in case \(index); a new worker goes on from case \(nextCase)"
                                  + " (later deaths are counted)")
                }
                continue
            case .exited(let status):
                let why = log.excerpt(from: logOffset).map { ": \($0)" } ?? ""
                throw IsolationFailure(message: "the worker exited with status \(status)\(why) (log: \(log.path))")
            }
            break
        }
        let elapsed = clock.now - start
        let finalProgress = progress(tally)
        if deaths > 1 { observer.note("workers died in \(deaths) cases; a new worker went on each time") }
        let classes = tally.classes.map { entry in
            (key: String(entry.id), value: JournalFormat.classDetails(entry.tally))
        }
        do {
            try campaign.journal.append(JournalFormat.summaryRecord(
                totals: tally.totals, elapsed: elapsed, interrupted: interrupted,
                occurrences: Dictionary(uniqueKeysWithValues: tally.classes.map { ($0.id, $0.occurrences) }), classes: classes))
        } catch {
            throw IsolationFailure(message: OneLine.escaped("\(error)"))
        }
        let digests = tally.classes.map { entry in
            ClassDigest(id: entry.id, cause: entry.cause, key: entry.key, occurrences: entry.occurrences, examplePath: entry.examplePath,
                        shrink: entry.shrink, reproduce: campaign.reproduceCommand(entry.id, key: entry.key))
        }
        return CampaignOutcome(totals: tally.totals, elapsed: elapsed, interrupted: interrupted, classes: digests,
                               journalPath: campaign.journal.path, finalProgress: finalProgress)
    }

    /// Starts a worker on `assignment` and follows its events until it ends: how it ended, and
    /// where it was then.
    private func runWorker(_ assignment: WorkerAssignment, log: WorkerLog, campaign: Campaign, tally: inout IsolatedTally,
                           progress: (IsolatedTally) -> CampaignProgress) throws(IsolationFailure) -> (WorkerProcess.Termination, WorkerWhereabouts) {
        let worker = try WorkerProcess.start(input: assignment.json.bytes, logPath: log.path)
        let clock = ContinuousClock()
        var whereabouts = WorkerWhereabouts()
        var forwardedStop = false
        var lastProgress = clock.now
        var lastEvent = clock.now
        while let lines = try worker.lines(timeoutMilliseconds: Self.pollMilliseconds) {
            for line in lines {
                try handle(line, campaign: campaign, whereabouts: &whereabouts, tally: &tally)
            }
            if !lines.isEmpty {
                lastEvent = clock.now
            } else if whereabouts.caseIndex != nil, !whereabouts.ended, whereabouts.killedAfterNoProgress == nil,
                      clock.now - lastEvent >= caseTimeout {
                worker.terminate()
                whereabouts.killedAfterNoProgress = caseTimeout
            }
            if shouldStop(), !forwardedStop {
                worker.interrupt()
                forwardedStop = true
            }
            if clock.now - lastProgress >= .milliseconds(500) {
                lastProgress = clock.now
                observer.progress(progress(tally))
            }
        }
        return (try worker.wait(), whereabouts)
    }

    /// Follows one event of the worker.
    private func handle(_ line: ArraySlice<UInt8>, campaign: Campaign, whereabouts: inout WorkerWhereabouts,
                        tally: inout IsolatedTally) throws(IsolationFailure) {
        do {
            let event = try WorkerEventLine(line)
            switch event.name {
            case WorkerEventLine.Name.call:
                whereabouts.call = event.payload
            case WorkerEventLine.Name.candidate:
                whereabouts.candidate = event.payload
                whereabouts.call = nil
            default:
                let object = try event.object()
                try WorkerProtocol.reading("the \(event.name) event") { () throws(JSONObjectError) in
                    try follow(event.name, object, whereabouts: &whereabouts, tally: &tally)
                }
            }
        } catch {
            throw IsolationFailure(message: OneLine.escaped("\(error)"))
        }
    }

    /// Follows one event with a JSON payload, `object`.
    private func follow(_ name: String, _ object: JSONObject, whereabouts: inout WorkerWhereabouts,
                        tally: inout IsolatedTally) throws(JSONObjectError) {
        switch name {
        case WorkerEventLine.Name.caseStarted:
            whereabouts = WorkerWhereabouts(caseIndex: Int(try object.integer("index")))
        case WorkerEventLine.Name.newClass:
            let id = Int(try object.integer("id"))
            let cause = try WorkerProtocol.cause(object, "cause")
            let key = try WorkerProtocol.classKey(object, "key")
            tally.add(id: id, cause: cause, key: key, examplePath: try object.string("path"))
            observer.newClass(id, cause, key)
            whereabouts.shrinking = id
            whereabouts.candidate = nil
            whereabouts.call = nil
        case WorkerEventLine.Name.shrunk:
            tally.shrunk(id: Int(try object.integer("id")), path: try object.string("path"),
                         shrink: try object.optionalObject("shrink").map(ShrinkSummary.init(reading:)))
        case WorkerEventLine.Name.ran:
            for report in try object.objects("classes") { tally.count(try ClassReport(reading: report)) }
            tally.totals.add(try CampaignTotals(reading: try object.object("totals")))
            whereabouts.hasRun = true
            whereabouts.call = nil
        case WorkerEventLine.Name.end:
            whereabouts.ended = true
            whereabouts.interrupted = try object.bool("interrupted")
        default:
            throw object.error("unknown event \(JSONObject.quoted(name))")
        }
    }
}
