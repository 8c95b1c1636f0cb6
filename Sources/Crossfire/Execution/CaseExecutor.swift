/// Where a campaign's cases run. Either way the cases go through the same loop —
/// `Campaign.run`: `CaseRunner` runs a case, `Campaign.absorb` classes, journals and shrinks
/// what it found — and the run ends with the same `CampaignOutcome`, progress and journal.
package enum CaseExecutor: Sendable {
    /// In this process, on `CampaignOptions.jobs` threads: a trap in a mapper ends the
    /// process; the journal keeps every class written before it.
    case inProcess
    /// In worker processes, this binary started again (`WorkerProcess`, `IsolationWorker`):
    /// a worker that dies of a signal, or shows no progress on a case for `caseTimeout`, is a
    /// `crash` finding and a new worker goes on from the next case (`IsolatedRun`).
    case workerProcesses(caseTimeout: Duration)

    /// Runs the campaign `options` describes until its limits or until `shouldStop` says so,
    /// telling `observer` as it goes.
    /// - Throws: what the campaign's journal or its workers failed with, as one line.
    package func run(_ options: CampaignOptions, shouldStop: @escaping () -> Bool,
                     observer: CampaignObserver) throws -> CampaignOutcome {
        switch self {
        case .inProcess:
            let campaign = try Campaign(options: options)
            var last: CampaignProgress?
            let summary = try campaign.run(
                shouldStop: shouldStop,
                onNewClass: { found in observer.newClass(found.id, found.cause, found.key) },
                progress: { progress in
                    last = progress
                    observer.progress(progress)
                })
            return CampaignOutcome(summary, finalProgress: last, reproduce: campaign.reproduceCommand(_:key:))
        case .workerProcesses(let caseTimeout):
            return try IsolatedRun(options: options, caseTimeout: caseTimeout, shouldStop: shouldStop, observer: observer).run()
        }
    }
}
