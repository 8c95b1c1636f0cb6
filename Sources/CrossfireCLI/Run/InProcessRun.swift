import Crossfire

/// `crossfire run` without `--isolate`: the campaign runs in this process. A trap in a
/// mapper ends the process; the journal keeps every class written before it.
struct InProcessRun {
    /// The campaign's options.
    let options: CampaignOptions
    /// Where progress and findings are told.
    let reporter: RunReporter

    /// Runs the campaign until its limits or a stop request.
    func run() throws(CommandFailure) -> RunOutcome {
        do {
            let campaign = try Campaign(options: options)
            var last: RunProgress?
            let summary = try campaign.run(
                shouldStop: { StopRequest.isRequested },
                onNewClass: { found in reporter.newClass(id: found.id, key: found.key) },
                progress: { progress in
                    last = RunProgress(progress)
                    if let last { reporter.progress(last) }
                })
            if let last { reporter.finish(last) }
            return RunOutcome(summary, reproduce: campaign.reproduceCommand(_:key:))
        } catch {
            throw CommandFailure(message: OneLine.escaped("\(error)"))
        }
    }
}
