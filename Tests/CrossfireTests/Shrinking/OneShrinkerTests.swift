@testable import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// The one shrinker's parts: the session (cache, budget, statistics per pass), the span passes
/// of the choice phase, and the probe entry point a crash's shrink uses.
struct OneShrinkerTests {
    /// A sequence of elements of ten choices each, every one opened by a 1 ("one more") and
    /// the whole closed by a 0, as `ChoiceSource.forEachElement` records them.
    static func elements(_ bodies: [[UInt64]]) -> [UInt64] {
        bodies.flatMap { [1] + $0 } + [0]
    }

    /// The element spans of such a sequence, as far as it has that shape.
    static func elementSpans(_ choices: [UInt64]) -> [ChoiceSpan] {
        var spans: [ChoiceSpan] = []
        var start = 0
        while start < choices.count, choices[start] == 1 {
            let end = min(start + 10, choices.count)
            spans.append(ChoiceSpan(kind: .element, range: start..<end, parent: nil))
            start = end
        }
        return spans
    }

    @Test func wholeElementSpansGoFirstAndNoCandidateRunsTwice() {
        let filler: [UInt64] = [3, 3, 3, 3, 3, 3, 3, 3, 3]
        let choices = Self.elements([filler, filler, [3, 3, 3, 5, 3, 3, 3, 3, 3], filler, filler, filler])
        var asked: [[UInt64]] = []
        let outcome = ChoiceShrinker(timeLimit: .seconds(600), maxAttempts: 5_000).shrink(choices, spans: Self.elementSpans) { candidate in
            asked.append(candidate)
            return candidate.contains(5)
        }
        #expect(outcome.choices == [5])
        #expect(outcome.stop == nil)
        let spans = outcome.statistics.count(of: .spanDeletion)
        #expect(spans.steps == 5, "each element without the 5 went as one span")
        #expect(Set(asked).count == asked.count, "no candidate ran twice")
        #expect(outcome.attempts == asked.count)
        #expect(outcome.statistics.passes.reduce(0) { $0 + $1.attempts } == outcome.attempts)
        #expect(outcome.statistics.passes.reduce(0) { $0 + $1.steps } == outcome.steps)
        #expect(outcome.statistics.choicesBefore == choices.count && outcome.statistics.choicesAfter == 1)

        var blindAsked = 0
        let blind = ChoiceShrinker(timeLimit: .seconds(600), maxAttempts: 5_000).shrink(choices) { candidate in
            blindAsked += 1
            return candidate.contains(5)
        }
        #expect(blind.choices == [5])
        #expect(blind.statistics.count(of: .spanDeletion).attempts == 0, "without spans only the blind passes run")
        #expect(blindAsked == blind.attempts)
    }

    @Test func aRepeatedCandidateIsAnsweredByTheCacheAndCounted() throws {
        let session = ShrinkSession(budget: ShrinkBudget(maxAttempts: 10, timeLimit: .seconds(600)))
        var runs = 0
        let holds: ([UInt64]) -> Bool = { _ in
            runs += 1
            return true
        }
        #expect(session.attempt([1, 2], of: .choiceDeletion, holds))
        #expect(!session.attempt([1, 2], of: .choiceLowering, holds))
        #expect(runs == 1)
        session.markTried([7])
        #expect(!session.attempt([7], of: .choiceLowering, holds))
        let record = CaseRecord(schema: ModelSchema(root: "R", structs: [StructSchema(name: "R", fields: [])]), reference: nil, document: [:], model: nil)
        #expect(!session.attempt(record, of: .documentEdits) { _ in false })
        var seeded = record
        seeded.seed = 9
        #expect(!session.attempt(seeded, of: .documentEdits) { _ in true }, "a case is known by its content, not its seed")
        let statistics = session.statistics
        #expect(statistics.attempts == 2 && statistics.steps == 1 && statistics.cacheHits == 3)
        #expect(statistics.count(of: .choiceDeletion) == ShrinkStatistics.PassCount(pass: .choiceDeletion, attempts: 1, steps: 1, cacheHits: 0))
        #expect(statistics.count(of: .choiceLowering).cacheHits == 2)
        #expect(statistics.count(of: .documentEdits).cacheHits == 1)
        #expect(statistics.description == "choice deletion 1/1, choice lowering 0/0 (+2 cached), document edits 0/1 (+1 cached)")
    }

    @Test func aPhaseShareCapsTheBudgetAndIsLiftedAfter() {
        let budget = ShrinkBudget(maxAttempts: 5, timeLimit: .seconds(600))
        #expect(budget.take())
        let inside = budget.capped(at: 2) { () -> [Bool] in [budget.take(), budget.take(), budget.take()] }
        #expect(inside == [true, true, false])
        #expect(budget.spent == nil && budget.attempts == 3)
        #expect(budget.take() && budget.take() && !budget.take())
        #expect(budget.spent == .attemptBudget)
    }

    @Test func aPhaseIsWhatHappenedSinceAnEarlierCount() {
        var earlier = ShrinkStatistics()
        earlier.countRun(of: .fieldDeletion, kept: true)
        earlier.countRun(of: .choiceDeletion, kept: false)
        var later = earlier
        later.countRun(of: .documentEdits, kept: true)
        later.countRun(of: .documentEdits, kept: false)
        later.countCacheHit(of: .choiceDeletion)
        let phase = later.since(earlier)
        #expect(phase.attempts == 2 && phase.steps == 1 && phase.cacheHits == 1)
        #expect(phase.passes.map(\.pass) == [.choiceDeletion, .documentEdits])
        #expect(phase.count(of: .choiceDeletion).attempts == 0 && phase.count(of: .choiceDeletion).cacheHits == 1)
        later.choicesBefore = 40
        later.choicesAfter = 12
        later.stop = .attemptBudget
        #expect(later.summary == ShrinkSummary(choicesBefore: 40, choicesAfter: 12, steps: 2, attempts: 4, stop: .attemptBudget))
    }

    @Test func aGeneratedFindingShrinksWithEveryCandidateOnceAndCountedByPass() throws {
        let (found, runner) = try ShrinkFixtures.generatedSilentDefault()
        let finding = try #require(found)
        var tried: [[UInt64]] = []
        let result = FindingShrinker(runner: runner, timeLimit: .seconds(600), maxAttempts: 600).shrink(finding) { tried.append($0) }
        #expect(Set(tried).count == tried.count, "no choice sequence ran twice")
        let choices = try #require(result.choices)
        #expect(choices.attempts == tried.count)
        #expect(choices.passes.reduce(0) { $0 + $1.attempts } == choices.attempts)
        let tree = try #require(result.tree)
        #expect(tree.passes.allSatisfy { [.direction, .schemaEdits, .documentEdits, .modelValueEdits, .numberLowering, .fieldRenaming, .reference].contains($0.pass) })
        #expect(result.statistics.attempts == choices.attempts + tree.attempts)
        #expect(result.statistics.steps == choices.steps + tree.steps)
        #expect(result.finding.shrink == result.statistics.summary)
        #expect(result.statistics.before == CaseSize(finding.testCase) && result.statistics.after == CaseSize(result.finding.testCase))
    }

    @Test func aRegressionFileKeepsOnlyItsPartOfAPhase() {
        var phase = ShrinkStatistics(steps: 3, attempts: 9, stop: .exhausted, choicesBefore: 20, choicesAfter: 4)
        phase.countCacheHit(of: .spanDeletion)
        let shrink = RegressionShrink(choices: phase, tree: phase)
        #expect(shrink.choices == ShrinkStatistics(steps: 3, attempts: 9, stop: .exhausted, choicesBefore: 20, choicesAfter: 4))
        #expect(shrink.tree == ShrinkStatistics(steps: 3, attempts: 9, stop: .exhausted))
    }
}
