#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension IsolatedRun {
    /// Shrinks a crash by its choices, Hypothesis-style — the recorded spans first, generated
    /// in-process without running a mapper — running each candidate's case in a worker of its
    /// own (`WorkerAssignment.replay`): a candidate keeps the crash when its
    /// worker dies of a signal in the same mapper call (check and mapper) as the original. A
    /// candidate that hangs, ends normally, or dies elsewhere does not. Bounded, like every
    /// shrink, by attempts, so that runs repeat exactly: at most `crashShrinkAttempts` (each
    /// costs a process), with `crashShrinkTimeLimit` only as a backstop; a stop request ends it.
    ///
    /// - Returns: the shrink's outcome, and why it stopped early when a worker could not be
    ///   started or followed (every accepted candidate was still seen to crash).
    func shrinkCrash(choices: [UInt64], caseIndex: Int, call: ArraySlice<UInt8>, campaign: Campaign, log: WorkerLog)
        -> (outcome: ChoiceShrinker.Outcome, failure: String?) {
        var failure: String?
        let shrinker = ChoiceShrinker(timeLimit: max(options.shrinkTime, Self.crashShrinkTimeLimit),
                                      maxAttempts: min(options.shrinkAttempts, Self.crashShrinkAttempts))
        let outcome = shrinker.shrink(choices, spans: { ChoiceShrinker.spans(of: $0, generatedBy: campaign.runner) }) { candidate in
            guard failure == nil, !shouldStop() else { return false }
            switch Result(catching: { () throws(IsolationFailure) -> Bool in
                try crashesInSameCall(candidate, caseIndex: caseIndex, call: call, journalPath: campaign.journal.path, log: log)
            }) {
            case .success(let crashes):
                return crashes
            case .failure(let error):
                failure = error.message
                return false
            }
        }
        return (outcome, failure)
    }

    /// The most candidates a crash's shrink tries.
    static let crashShrinkAttempts = 400
    /// The longest a crash's shrink may take when its attempts do not end it first.
    static let crashShrinkTimeLimit = Duration.seconds(120)

    /// Whether the case `candidate` makes kills its worker by a signal in the mapper call `call`.
    /// (The worker opens the run's journal, as every worker does, but writes nothing to it.)
    private func crashesInSameCall(_ candidate: [UInt64], caseIndex: Int, call: ArraySlice<UInt8>, journalPath: String,
                                   log: WorkerLog) throws(IsolationFailure) -> Bool {
        var assignment = WorkerAssignment(
            seed: options.seed, profile: options.profile.name, mappers: options.mappers.map(\.name), journalPath: journalPath,
            firstCase: caseIndex, cases: 1, timeLimitSeconds: nil, shrinkAttempts: 0, shrinkTimeSeconds: 0, nextClassID: 0, classes: [:])
        assignment.replay = ChoiceSequence(candidate)
        let worker = try WorkerProcess.start(input: assignment.json.bytes, logPath: log.path)
        let clock = ContinuousClock()
        var lastEvent = clock.now
        var lastCall: ArraySlice<UInt8>?
        var killed = false
        while let lines = try worker.lines(timeoutMilliseconds: Self.pollMilliseconds) {
            for line in lines {
                guard let event = try? WorkerEventLine(line) else { continue }
                if event.name == WorkerEventLine.Name.call { lastCall = event.payload }
            }
            if !lines.isEmpty {
                lastEvent = clock.now
            } else if !killed, clock.now - lastEvent >= caseTimeout || shouldStop() {
                worker.terminate()
                killed = true
            }
        }
        guard case .signaled(let signal) = try worker.wait(), !killed, signal != SIGINT, signal != SIGTERM else { return false }
        return lastCall == call
    }
}
