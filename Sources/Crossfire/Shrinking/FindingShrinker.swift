import FirestoreModel
import ModelSchema

/// What shrinking one finding gave, and how far it got.
package struct FindingShrinkResult: Sendable {
    /// The finding on the shrunk case (its `testCase` is the shrunk case; its `shrink` is the
    /// journal's part of `statistics`).
    package var finding: Finding
    /// The whole shrink, both phases, with the case's sizes before and after.
    package var statistics: ShrinkStatistics
    /// The choice phase, when it ran.
    package var choices: ShrinkStatistics?
    /// The tree phase, when it ran.
    package var tree: ShrinkStatistics?
    /// Why a phase did not run, for people.
    package var notes: [String]
    /// The most candidates the shrink could run.
    package var attemptBudget: Int

    /// The case's size before the shrink.
    package var before: CaseSize { statistics.before ?? CaseSize(finding.testCase) }
    /// The case's size after the shrink.
    package var after: CaseSize { statistics.after ?? CaseSize(finding.testCase) }
    /// Why shrinking stopped: the budget that ran out, else no smaller candidate.
    package var stop: ShrinkStop { statistics.stop }
    /// Candidates run, both phases together.
    package var attempts: Int { statistics.attempts }
}

/// Why a finding cannot be shrunk.
package struct ShrinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    package let message: String
    package var description: String { message }
}

/// Shrinks one finding's case while its class keeps occurring — the one flow the campaign
/// (a new unexpected class, once) and `crossfire shrink`/`promote` (any class, on request)
/// use: first by choices (`ChoicePhase`), when the case has them and they still generate it,
/// then by the tree passes on the case itself (`TreeShrinker`), under one attempt budget
/// (what makes a shrink deterministic) with a time limit behind it only as a backstop.
///
/// The choice phase may spend at most `choiceShare` of the attempts, so that the tree passes
/// always get their turn. A case whose document cannot be written as REST JSON keeps its
/// choices (the journal could not keep the case itself): the tree passes then run only when
/// the class holds without the document.
package struct FindingShrinker {
    /// The share of the attempts the choice phase may spend at most (one in `choiceShare`).
    package static let choiceShare = 3
    /// The most candidates a shrink on request (`crossfire shrink`, `promote`) runs by default.
    package static let defaultMaxAttempts = 5_000

    /// Runs the candidates; its profile must be the one the case was generated with for
    /// the choice phase to apply.
    package let runner: CaseRunner
    /// The backstop: the longest the whole shrink may take.
    package var timeLimit: Duration
    /// The most candidates the whole shrink may run.
    package var maxAttempts: Int
    /// Whether the choices may be replayed with this runner (false when the case was
    /// generated with a profile the runner does not have).
    package var useChoices: Bool
    /// Whether the tree passes run (false: only the choice phase, whose every candidate is a
    /// choice sequence, as a worker of an isolated run needs).
    package var treePasses: Bool

    /// Creates a shrinker.
    package init(runner: CaseRunner, timeLimit: Duration = .seconds(30), maxAttempts: Int = FindingShrinker.defaultMaxAttempts,
                useChoices: Bool = true, treePasses: Bool = true) {
        self.runner = runner
        self.timeLimit = timeLimit
        self.maxAttempts = maxAttempts
        self.useChoices = useChoices
        self.treePasses = treePasses
    }

    /// Shrinks the stored case while a finding of the class `key` keeps occurring.
    /// - Throws: `ShrinkError` when the case cannot be run or no longer shows the class.
    package func shrink(_ stored: StoredCase, key: FindingClassKey) throws(ShrinkError) -> FindingShrinkResult {
        if stored.needsChoices && !useChoices {
            throw ShrinkError(message: "the case's document could not be stored and its choices cannot be replayed with this profile")
        }
        let record: CaseRecord
        do {
            record = try runner.materialize(stored)
        } catch {
            throw ShrinkError(message: error.message)
        }
        let execution = runner.run(record)
        if let failure = execution.setupFailure { throw ShrinkError(message: "the mappers cannot be prepared for the case's schema: \(failure)") }
        guard let finding = execution.findings.first(where: { $0.key == key }) else {
            throw ShrinkError(message: "the class no longer occurs: \(key)")
        }
        return shrink(finding)
    }

    /// Shrinks the case of `finding`, which must show it; each candidate choice sequence of the
    /// choice phase is passed to `willTryCandidate` before it runs.
    package func shrink(_ finding: Finding, willTryCandidate: ([UInt64]) -> Void = { _ in }) -> FindingShrinkResult {
        let session = ShrinkSession(budget: ShrinkBudget(maxAttempts: maxAttempts, timeLimit: timeLimit))
        let original = finding.testCase
        let originalChoices = original.choices?.count ?? 0
        var notes: [String] = []
        var shrunk = finding
        var choiceStatistics: ShrinkStatistics?
        var choicesAfter = originalChoices
        var stop = ShrinkStop.exhausted
        if let choices = original.choices, useChoices {
            if generates(choices, finding) {
                let phase = ChoicePhase(runner: runner, session: session, maxAttempts: maxAttempts / FindingShrinker.choiceShare)
                let outcome = phase.shrink(finding, choices: choices, willTryCandidate: willTryCandidate)
                stop = outcome.finished ? .exhausted : (session.budget.spent ?? .attemptBudget)
                choicesAfter = outcome.choices.count
                var statistics = session.statistics
                statistics.stop = stop
                statistics.choicesBefore = choices.count
                statistics.choicesAfter = choicesAfter
                choiceStatistics = statistics
                shrunk = outcome.finding
            } else {
                notes.append("choice phase skipped: the choices no longer generate a case with this finding")
            }
        } else if original.choices != nil {
            notes.append("choice phase skipped: the case was generated with a profile this runner does not have")
        }
        var treeStatistics: ShrinkStatistics?
        if treePasses, !session.isSpent {
            let before = session.statistics
            if let tree = treePhase(shrunk, session: session, notes: &notes) {
                var statistics = session.statistics.since(before)
                statistics.stop = tree.stop
                treeStatistics = statistics
                shrunk = tree.finding
                stop = tree.stop
            }
        }
        if choiceStatistics == nil && treeStatistics == nil, let spent = session.budget.spent { stop = spent }
        var statistics = session.statistics
        statistics.stop = stop
        statistics.choicesBefore = originalChoices
        statistics.choicesAfter = choicesAfter
        statistics.before = CaseSize(original)
        statistics.after = CaseSize(shrunk.testCase)
        shrunk.shrink = statistics.summary
        return FindingShrinkResult(finding: shrunk, statistics: statistics, choices: choiceStatistics, tree: treeStatistics, notes: notes,
                                   attemptBudget: maxAttempts)
    }

    /// The tree passes on `finding`'s case and why they stopped; nil when they cannot run (the
    /// document cannot be stored and the class needs it).
    private func treePhase(_ finding: Finding, session: ShrinkSession, notes: inout [String]) -> (finding: Finding, stop: ShrinkStop)? {
        var smallest = finding
        var start = finding.testCase
        if let document = start.document, !JournalFormat.canStore(document) {
            // Only a case without the document can leave its choices behind.
            start.document = nil
            start.choices = nil
            var found: Finding?
            if start.model != nil {
                _ = session.attempt(start, of: .direction) { candidate in
                    found = match(candidate, finding)
                    return found != nil
                }
            }
            guard let found else {
                notes.append("tree phase skipped: the document cannot be written as REST JSON, so the case keeps its choices")
                return nil
            }
            smallest = found
        }
        let before = session.statistics.steps
        let outcome = TreeShrinker(session: session).shrink(start) { candidate in
            if let document = candidate.document, !JournalFormat.canStore(document) { return false }
            guard let found = match(candidate, finding) else { return false }
            smallest = found
            return true
        }
        if session.statistics.steps > before { smallest.testCase.choices = nil }
        return (smallest, session.budget.stop(finished: outcome.finished))
    }

    /// Whether `choices` still generate a case that shows `finding`'s class.
    private func generates(_ choices: [UInt64], _ finding: Finding) -> Bool {
        var source = ChoiceSource(replaying: choices)
        return runner.run(from: &source, seed: finding.testCase.seed, caseIndex: finding.testCase.caseIndex)
            .findings.contains(where: finding.isSameClass)
    }

    /// The finding of `finding`'s class that `candidate` shows, if it shows one.
    private func match(_ candidate: CaseRecord, _ finding: Finding) -> Finding? {
        runner.run(candidate).findings.first(where: finding.isSameClass)
    }
}
