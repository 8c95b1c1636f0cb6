import FirestoreJSON
import FirestoreModel

extension RegressionCase {
    /// Pins a crash: the case as the file will hold it, checked to crash the same way from that
    /// form (in a child process), its class the crash's (`CaseCrash.finding`), its outcomes none
    /// (the process ended before any check was done), the crash pinned open.
    /// - Throws: `RegressionError` when the case cannot be kept, or no longer crashes that way.
    package static func pinCrash(_ testCase: CaseRecord, crash: CaseCrash, name: String, runner: CaseRunner, profile: String,
                                shrink: RegressionShrink?) throws(RegressionError) -> RegressionCase {
        let stored = try storedForm(of: testCase, name: name)
        let now = try probe(stored, runner: runner, name: name)
        guard let now, now.isSame(as: crash) else {
            let what = now.map { "crashes otherwise: \($0)" } ?? "no longer crashes (\(crash))"
            throw RegressionError(source: name, message: "replayed from its stored form, the case \(what)")
        }
        let finding = now.finding(testCase: testCase, allowlist: runner.allowlist)
        return RegressionCase(name: name, target: RegressionTarget(finding), mappers: runner.mappers.map(\.name), profile: profile,
                              stored: stored, pinned: PinnedOutcome(outcomes: [], classes: [finding.key]), shrink: shrink,
                              crash: PinnedCrash(crash: now, isFixed: false))
    }

    /// The file pinned again once its crash is fixed: what the case gives now as its outcomes
    /// and classes, the crash kept as fixed.
    /// - Throws: `RegressionError` when the file pins no crash, the case still crashes, or it
    ///   cannot be run.
    package func pinnedAsFixed(runner: CaseRunner) throws(RegressionError) -> RegressionCase {
        guard let crash else { throw RegressionError(source: name, message: "the file pins no crash") }
        if let now = try Self.probe(stored, runner: runner, name: name) {
            throw RegressionError(source: name, message: "the case still crashes: \(now)")
        }
        let execution = try Self.pinnedExecution(of: stored, runner: runner, name: name)
        var fixed = self
        fixed.pinned = PinnedOutcome(execution)
        fixed.crash = PinnedCrash(crash: crash.crash, isFixed: true)
        return fixed
    }

    /// How the stored case crashes a child process, or nil.
    private static func probe(_ stored: StoredCase, runner: CaseRunner, name: String) throws(RegressionError) -> CaseCrash? {
        do {
            return try CrashProbe(runner: runner).crash(of: stored)
        } catch {
            throw RegressionError(source: name, message: "no child process to run the case in: \(error.description)")
        }
    }

    /// What running a stored case gives, for pinning it.
    /// - Throws: `RegressionError` when the case cannot be run, or its mappers not prepared.
    static func pinnedExecution(of stored: StoredCase, runner: CaseRunner, name: String) throws(RegressionError) -> CaseExecution {
        let execution: CaseExecution
        do {
            execution = try runner.replay(stored)
        } catch {
            throw RegressionError(source: name, message: error.message)
        }
        if let failure = execution.setupFailure {
            throw RegressionError(source: name, message: "the mappers cannot be prepared for the case's schema: \(failure)")
        }
        return execution
    }

    /// The case as a file holds it (its document as REST JSON, or only its choices when REST
    /// JSON cannot hold it).
    static func storedForm(of testCase: CaseRecord, name: String) throws(RegressionError) -> StoredCase {
        let value: FirestoreValue
        do {
            value = try JournalFormat.caseValue(testCase)
        } catch {
            throw RegressionError(source: name, message: "the case cannot be kept: \(error)")
        }
        do {
            return try StoredCase(JSONObject(value, path: "case"))
        } catch {
            throw RegressionError(source: name, message: "the case cannot be kept: \(error)")
        }
    }
}
