import FirestoreJSON
import FirestoreModel

extension Journal {
    /// The journal with every compact example (an expected class's, `JournalExampleEntry.generated`)
    /// rebuilt into a whole one: its case regenerated from the run's seed with `runner` (the
    /// run's profile, mappers and allowlist), and its first finding of the class written and
    /// read back as a journal line would hold it. Runs the cases on `jobs` threads.
    /// - Throws: `JournalReadError` naming the line of an example whose case no longer shows
    ///   its class (the generator, a mapper or the allowlist changed since the run), or saying
    ///   that the `run` line gives no seed.
    package func rebuilt(with runner: CaseRunner, jobs: Int = 1, source: String = "journal") throws(JournalReadError) -> Journal {
        struct Wanted: Sendable {
            let classPosition: Int
            let isSmallest: Bool
            let caseIndex: Int
            let line: Int
            let key: FindingClassKey
        }
        var wanted: [Wanted] = []
        for (position, found) in classes.enumerated() {
            if case .generated(let caseIndex, let line) = found.first {
                wanted.append(Wanted(classPosition: position, isSmallest: false, caseIndex: caseIndex, line: line, key: found.key))
            }
            if case .generated(let caseIndex, let line)? = found.smallest {
                wanted.append(Wanted(classPosition: position, isSmallest: true, caseIndex: caseIndex, line: line, key: found.key))
            }
        }
        guard !wanted.isEmpty else { return self }
        guard let seed = header?.seed else {
            throw JournalReadError(source: source, line: header?.line, message: "the run line gives no seed, so the expected classes' cases cannot be regenerated")
        }
        let requests = wanted
        let stream = CaseStream(jobs: jobs, first: 0, count: requests.count) { position -> Result<Finding, ReplayError> in
            let request = requests[position]
            return Result { () throws(ReplayError) -> Finding in try runner.rebuild(caseIndex: request.caseIndex, key: request.key, campaignSeed: seed) }
        }
        defer { stream.finish() }
        var journal = self
        for request in requests {
            guard let result = stream.next() else { break }
            let finding: Finding
            switch result {
            case .success(let found): finding = found
            case .failure(let error): throw JournalReadError(source: source, line: request.line, message: error.message)
            }
            let example = try JournalExample(rebuilding: finding, line: request.line, source: source)
            if request.isSmallest {
                journal.classes[request.classPosition].smallest = .recorded(example)
            } else {
                journal.classes[request.classPosition].first = .recorded(example)
            }
            if let explanation = finding.explanation { journal.classes[request.classPosition].explanation = (explanation.id, explanation.reason) }
        }
        return journal
    }
}

extension JournalExample {
    /// The example a journal line would hold for `finding`, as read back from that line.
    init(rebuilding finding: Finding, line: Int, source: String) throws(JournalReadError) {
        let value: FirestoreValue
        do {
            value = try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling))
                .readValue(from: JournalFormat.encodeExample(finding).bytes)
        } catch {
            throw JournalReadError(source: source, line: line, message: "the rebuilt example cannot be read back: \(error)")
        }
        do {
            try self.init(JSONObject(value, path: "example", line: line), line: line)
        } catch {
            throw JournalReadError(source: source, reading: error)
        }
    }
}

extension CaseRunner {
    /// The first finding of class `key` in case `caseIndex` of the campaign with seed
    /// `campaignSeed`, regenerated with this runner's profile: the example an expected class's
    /// compact journal line names.
    /// - Throws: `ReplayError` when the case no longer shows the class.
    package func rebuild(caseIndex: Int, key: FindingClassKey, campaignSeed: UInt64) throws(ReplayError) -> Finding {
        let execution = run(caseIndex: caseIndex, campaignSeed: campaignSeed)
        guard let finding = execution.findings.first(where: { $0.key == key }) else {
            throw ReplayError(message: "case \(caseIndex) of seed \(campaignSeed) no longer shows the class \(key): the generator, a mapper or the allowlist changed since the run")
        }
        return finding
    }

    /// Runs the case of a journal example again: as stored, or — for a compact one — case
    /// `caseIndex` of the campaign with seed `campaignSeed`, regenerated.
    /// - Throws: `ReplayError` when the case cannot be had (see `replay(_:)`), or when a compact
    ///   example's run line gives no seed.
    package func replay(_ entry: JournalExampleEntry, campaignSeed: UInt64?) throws(ReplayError) -> CaseExecution {
        switch entry {
        case .recorded(let example):
            return try replay(example.stored)
        case .generated(let caseIndex, _):
            guard let campaignSeed else { throw ReplayError(message: "the run line gives no seed, so the case cannot be regenerated") }
            return run(caseIndex: caseIndex, campaignSeed: campaignSeed)
        }
    }

    /// Case `caseIndex` of the campaign with seed `campaignSeed`, generated and run.
    func run(caseIndex: Int, campaignSeed: UInt64) -> CaseExecution {
        var source = ChoiceSource(seed: CampaignOptions.caseSeed(caseIndex, campaignSeed: campaignSeed))
        return run(from: &source, seed: campaignSeed, caseIndex: caseIndex)
    }
}
