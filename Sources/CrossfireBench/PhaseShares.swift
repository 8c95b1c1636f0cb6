import Crossfire
import FirestoreModel
import Foundation

/// Where a campaign's time goes, from one run on one thread: each case generated, run,
/// tallied and added to the campaign's state step by step as `Campaign.run` does, each step
/// timed (`PhaseClock`). The mappers are timed by wrapping their factories; the write and read
/// paths, which the differ calls, by running them again on the encoders' outputs, and the
/// findings by making them again from the case's discrepancies — what the differ took is what
/// is left of the case's checks.
struct PhaseShares {
    /// How long the run goes on.
    static let duration: Duration = .seconds(4)

    /// The campaign's profile.
    let profile: GenerationProfile
    /// Its allowlist (an empty one makes every class unexpected, so that each is shrunk).
    let allowlist: Allowlist

    /// The time of each phase, the cases run and the classes shrunk.
    func measure() throws -> (times: [Phase: Duration], cases: Int, shrunk: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = PhaseClock()
        let outputs = EncodedOutputs()
        let mappers = MapperSpec.builtIn.map { TimedMapperFactory.spec($0, clock: clock, outputs: outputs) }
        let options = CampaignOptions(seed: 1, profile: profile, mappers: mappers, outputDirectory: folder, allowlist: allowlist)
        let campaign = try Campaign(options: options)
        let runner = campaign.runner
        var state = CampaignState()
        var shrinkStart: ContinuousClock.Instant?
        var shrunk = 0
        let start = clock.now
        while clock.now - start < Self.duration {
            let index = state.totals.cases
            var source = ChoiceSource(seed: options.caseSeed(index))
            let record = clock.time(.generation) { runner.generate(from: &source, seed: options.seed, caseIndex: index) }
            outputs.data = []
            let inside = (clock.total(.mappers), clock.total(.mapperSetup))
            let checksStart = clock.now
            let execution = runner.run(record)
            let checks = clock.now - checksStart
            let mapperTime = clock.total(.mappers) - inside.0 + clock.total(.mapperSetup) - inside.1
            let before = (clock.total(.writeReadPath), clock.total(.findings))
            _ = clock.time(.writeReadPath) { Self.writeAndRead(outputs.data, of: record) }
            _ = clock.time(.findings) {
                execution.checks.flatMap(\.discrepancies).map { Finding(discrepancy: $0, testCase: record, allowlist: allowlist) }
            }
            let again = clock.total(.writeReadPath) - before.0 + clock.total(.findings) - before.1
            clock.add(checks - mapperTime - again, to: .differ)
            let result = clock.time(.gridAndCensus) { CaseResult(index: index, execution: execution) }
            let absorbStart = clock.now
            try campaign.absorb(result, into: &state, onNewClass: { found in
                guard found.isUnexpected else { return }
                clock.paused = true
                shrinkStart = clock.now
            }, onShrunk: { _ in
                clock.paused = false
                if let shrinkStart { clock.add(clock.now - shrinkStart, to: .shrinking) }
                shrunk += 1
            })
            clock.add(clock.now - absorbStart, to: .journal)
            clock.paused = false
        }
        var times = clock.times
        times[.journal, default: .zero] -= times[.shrinking] ?? .zero
        return (times, state.totals.cases, shrunk)
    }

    /// The write path on each encoder's output and the read path on what it stored, as the
    /// differ runs them; the durations are what matters, the results are dropped.
    private static func writeAndRead(_ outputs: [[String: Any]], of record: CaseRecord) -> Int {
        let database = record.reference?.database ?? .default
        let writePath = WritePath(database: database, options: .sdk)
        let readPath = ReadPath(database: database)
        var read = 0
        for data in outputs {
            guard let stored = try? writePath.parse(data, kind: .set).applied(to: nil, serverTime: CaseRunner.serverTime) else { continue }
            read += readPath.data(stored).count
        }
        return read
    }
}
