import FirestoreModel

extension IsolatedRun {
    /// Turns a worker's death into a `crash` finding: the case it was running — or the shrink
    /// candidate, when it died shrinking — regenerated from its seed or choices, so that it
    /// replays; blamed on the mapper call it was in (its class: the check, the mapper, and the
    /// signal or `hang`). A new class is appended to the journal and reported, then — for a
    /// death by a signal in a mapper call — shrunk (`shrinkCrash`) and appended again as its
    /// `shrunk` line; a known one is counted.
    func recordCrash(_ death: WorkerDeath, whereabouts: WorkerWhereabouts, excerpt: String?, campaign: Campaign,
                     log: WorkerLog, tally: inout IsolatedTally) throws(IsolationFailure) {
        guard let index = whereabouts.caseIndex else { return }
        do {
            var source: ChoiceSource
            var place = "case \(index)"
            if whereabouts.hasRun, let candidate = whereabouts.candidate {
                let choices = try ChoiceSequence(text: WorkerEventLine.tokens(candidate).first)
                source = ChoiceSource(replaying: choices)
                place += ", shrinking class \(whereabouts.shrinking.map(String.init) ?? "?") (this input is the shrink candidate)"
            } else {
                source = ChoiceSource(seed: options.caseSeed(index))
                if whereabouts.hasRun { place += ", after its checks" }
            }
            let record = campaign.runner.generate(from: &source, seed: options.seed, caseIndex: index)
            var mapper = "harness"
            var check = CheckKind.decode
            var during = "outside any mapper call"
            if let call = whereabouts.call {
                let (checkName, mapperName) = WorkerEventLine.tokens(call)
                guard let kind = CheckKind(rawValue: checkName), !mapperName.isEmpty else {
                    throw WorkerProtocol.Error(message: "a call event must name a check and a mapper")
                }
                (mapper, check) = (mapperName, kind)
                during = "in a call of \(mapper) (\(kind.rawValue) check)"
            }
            let message = "the worker \(death.description) \(during), \(place)" + (excerpt.map { ": \($0)" } ?? "")
            let finding = Finding.crash(check: check, mapper: mapper, ending: death.classToken, found: death.found, message: message,
                                        testCase: record, allowlist: options.allowlist)
            let resolved = campaign.resolver.resolve(finding, in: CaseExecution(record: record, findings: [finding], checks: [], setupFailure: nil))
            let report = ClassReport(cause: resolved.cause, tally: ClassTally(finding, cells: []))
            if tally.id(of: resolved.cause) != nil {
                tally.count(report)
                return
            }
            let id = tally.nextClassID
            let reproduce = campaign.reproduceCommand(id, key: finding.key)
            try campaign.journal.append(JournalFormat.classRecord(id: id, finding: finding, cause: resolved, reproduce: reproduce))
            tally.add(id: id, cause: resolved.cause, key: finding.key, examplePath: ValuePath.root.description)
            tally.count(report)
            observer.newClass(id, resolved.cause, finding.key)
            guard case .signal = death, let call = whereabouts.call, let choices = record.choices else { return }
            let (outcome, shrinkFailure) = shrinkCrash(choices: choices, caseIndex: index, call: call, campaign: campaign, log: log)
            if let shrinkFailure { observer.note("crash class #\(id) was shrunk only partly: \(shrinkFailure)") }
            var shrunkSource = ChoiceSource(replaying: outcome.choices)
            let shrunkRecord = campaign.runner.generate(from: &shrunkSource, seed: options.seed, caseIndex: index)
            let summary = outcome.statistics.summary
            let shrunk = Finding(discrepancy: finding.discrepancy, testCase: shrunkRecord, allowlist: options.allowlist, shrink: summary)
            try campaign.journal.append(JournalFormat.shrunkRecord(id: id, finding: shrunk, reproduce: reproduce))
            tally.shrunk(id: id, path: ValuePath.root.description, shrink: summary)
        } catch {
            throw IsolationFailure(message: OneLine.escaped("cannot record the crash in case \(index): \(error)"))
        }
    }
}
