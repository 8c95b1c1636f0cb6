import FirestoreModel
import ModelSchema

/// How the tree passes of a shrink went.
public struct TreeShrinkSummary: Hashable, Sendable {
    /// Successful reductions.
    public var steps: Int
    /// Candidates tried.
    public var attempts: Int
    /// Why it stopped.
    public var stop: ShrinkStop

    /// Creates a summary.
    public init(steps: Int, attempts: Int, stop: ShrinkStop) {
        self.steps = steps
        self.attempts = attempts
        self.stop = stop
    }
}

/// What shrinking one finding gave, and how far it got.
public struct FindingShrinkResult: Sendable {
    /// The finding on the shrunk case (its `testCase` is the shrunk case).
    public var finding: Finding
    /// The choice phase, when it ran.
    public var choices: ShrinkSummary?
    /// The tree phase, when it ran.
    public var tree: TreeShrinkSummary?
    /// The case's size before and after.
    public var before: CaseSize
    /// See `before`.
    public var after: CaseSize
    /// Why a phase did not run, for people.
    public var notes: [String]

    /// Why shrinking stopped: the budget a phase ran out of, else no smaller candidate.
    public var stop: ShrinkStop {
        if let stop = choices?.stop, stop != .exhausted { return stop }
        return tree?.stop ?? .exhausted
    }
}

/// Why a finding cannot be shrunk.
public struct ShrinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    public var description: String { message }
}

/// Shrinks one finding's case within a time budget while its class keeps occurring:
/// first by choices, when the case has them and they still generate it (the campaign's
/// `CaseShrinker`, for at most two thirds of the budget), then by the tree passes of
/// `TreeShrinker`. Needs no `Campaign`.
public struct FindingShrinker {
    /// Runs the candidates; its profile must be the one the case was generated with for
    /// the choice phase to apply.
    public let runner: CaseRunner
    /// The whole budget, both phases together.
    public var timeLimit: Duration
    /// The most candidates the choice phase tries.
    public var choiceAttempts: Int
    /// The most candidates the tree phase tries.
    public var treeAttempts: Int
    /// Whether the choices may be replayed with this runner (false when the case was
    /// generated with a profile the runner does not have).
    public var useChoices: Bool

    /// Creates a shrinker.
    public init(runner: CaseRunner, timeLimit: Duration = .seconds(30), choiceAttempts: Int = 1_500,
                treeAttempts: Int = 20_000, useChoices: Bool = true) {
        self.runner = runner
        self.timeLimit = timeLimit
        self.choiceAttempts = choiceAttempts
        self.treeAttempts = treeAttempts
        self.useChoices = useChoices
    }

    /// Shrinks the stored case while a finding of the class `key` keeps occurring.
    /// - Throws: `ShrinkError` when the case cannot be run or no longer shows the class.
    public func shrink(_ stored: StoredCase, key: FindingClassKey) throws(ShrinkError) -> FindingShrinkResult {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeLimit)
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
        guard var finding = execution.findings.first(where: { $0.key == key }) else {
            throw ShrinkError(message: "the class no longer occurs: \(key)")
        }
        var notes: [String] = []
        var choiceSummary: ShrinkSummary?
        if let choices = record.choices, useChoices {
            var source = ChoiceSource(replaying: choices)
            let replayed = runner.run(from: &source, seed: record.seed, caseIndex: record.caseIndex)
            if replayed.findings.contains(where: finding.isSameClass) {
                // Two thirds of the budget at most, so that the tree passes always get their turn.
                let budget = min(deadline - clock.now, timeLimit * 2 / 3)
                finding = CaseShrinker(runner: runner, timeLimit: max(budget, .zero), maxAttempts: choiceAttempts).shrink(finding)
                choiceSummary = finding.shrink
            } else {
                notes.append("choice phase skipped: the choices no longer generate a case with this finding")
            }
        } else if record.choices != nil {
            notes.append("choice phase skipped: the case was generated with a profile this runner does not have")
        }
        var treeSummary: TreeShrinkSummary?
        var treeStart: CaseRecord? = finding.testCase
        var directionSteps = 0
        var directionAttempts = 0
        if let document = finding.testCase.document, !JournalFormat.canStore(document) {
            // Only a case without the document can leave its choices behind.
            var withoutDocument = finding.testCase
            withoutDocument.document = nil
            withoutDocument.choices = nil
            treeStart = nil
            if withoutDocument.model != nil {
                directionAttempts = 1
                if holds(withoutDocument, finding) {
                    treeStart = withoutDocument
                    directionSteps = 1
                }
            }
            if treeStart == nil {
                notes.append("tree phase skipped: the document cannot be written as REST JSON, so the case keeps its choices")
            }
        }
        if let treeStart {
            let outcome = TreeShrinker(deadline: deadline, maxAttempts: treeAttempts).shrink(treeStart) { holds($0, finding) }
            let summary = TreeShrinkSummary(steps: directionSteps + outcome.steps, attempts: directionAttempts + outcome.attempts,
                                            stop: outcome.stop)
            treeSummary = summary
            if summary.steps > 0, var match = runner.run(outcome.record).findings.first(where: finding.isSameClass) {
                match.shrink = finding.shrink
                finding = match
            }
        }
        return FindingShrinkResult(finding: finding, choices: choiceSummary, tree: treeSummary,
                                   before: CaseSize(record), after: CaseSize(finding.testCase), notes: notes)
    }

    private func holds(_ candidate: CaseRecord, _ finding: Finding) -> Bool {
        runner.run(candidate).findings.contains(where: finding.isSameClass)
    }
}
