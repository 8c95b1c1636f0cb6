@testable import Crossfire
import Testing

/// `ChoiceDraft`: several edits stack on one draft, its maxima and spans moving with each, so a
/// mutation replays once.
@Suite struct ChoiceDraftTests {
    let runner = DifferentialFuzzTarget.standard.runner

    private func decoded(_ seed: UInt64) -> ChoiceSource { FuzzFixtures.decoded(seed, runner: runner) }

    /// Every span is non-empty and within the choices; there is a maximum per choice.
    private func expectWellFormed(_ draft: ChoiceDraft, _ comment: Comment) {
        #expect(draft.maxima.count == draft.choices.count, comment)
        #expect(draft.spans.allSatisfy { !$0.range.isEmpty && $0.range.lowerBound >= 0 && $0.range.upperBound <= draft.choices.count }, comment)
    }

    @Test("deleting a span removes its choices, its maxima and the spans inside it, and moves the spans after it")
    func deletion() throws {
        var checked = 0
        for seed in UInt64(0)..<20 {
            let source = decoded(seed)
            let original = ChoiceDraft(source)
            for span in original.spans where original.spans.contains(where: { $0.range.lowerBound >= span.range.upperBound }) {
                var draft = original
                draft.replace(span.range, with: [], maxima: [], inserted: [])
                let length = span.range.count
                #expect(draft.choices == Array(original.choices[..<span.range.lowerBound] + original.choices[span.range.upperBound...]))
                #expect(draft.maxima == Array(original.maxima[..<span.range.lowerBound] + original.maxima[span.range.upperBound...]))
                let after = original.spans.filter { $0.range.lowerBound >= span.range.upperBound }
                    .map { ($0.kind, ($0.range.lowerBound - length)..<($0.range.upperBound - length)) }
                for (kind, range) in after {
                    #expect(draft.spans.contains { $0.kind == kind && $0.range == range }, "seed \(seed): a span after the deleted one did not move")
                }
                let inside = original.spans.filter { $0.range.lowerBound >= span.range.lowerBound && $0.range.upperBound <= span.range.upperBound }
                #expect(draft.spans.count == original.spans.count - inside.count, "seed \(seed): the spans inside the deleted one stay")
                expectWellFormed(draft, "seed \(seed)")
                checked += 1
                break
            }
        }
        try #require(checked >= 10)
    }

    @Test("repeating a span repeats its choices, maxima and inner spans right after it; a span around it grows")
    func duplication() throws {
        var checked = 0
        for seed in UInt64(0)..<20 {
            let original = ChoiceDraft(decoded(seed))
            guard let span = original.spans.first(where: { inner in
                original.spans.contains { $0.range.lowerBound < inner.range.lowerBound && $0.range.upperBound > inner.range.upperBound }
            }) else { continue }
            let enclosing = original.spans.filter { $0.range.lowerBound < span.range.lowerBound && $0.range.upperBound > span.range.upperBound }
            var draft = original
            let end = span.range.upperBound
            draft.replace(end..<end, with: original.choices[span.range], maxima: original.maxima[span.range], inserted: original.spans(inside: span.range))
            #expect(Array(draft.choices[end..<(end + span.range.count)]) == Array(original.choices[span.range]))
            #expect(draft.spans.filter { $0.kind == span.kind && $0.range == (end..<(end + span.range.count)) }.count >= 1)
            for outer in enclosing {
                #expect(draft.spans.contains { $0.kind == outer.kind && $0.range == outer.range.lowerBound..<(outer.range.upperBound + span.range.count) })
            }
            expectWellFormed(draft, "seed \(seed)")
            checked += 1
        }
        try #require(checked >= 5)
    }

    @Test("any stack of edits leaves a well-formed draft whose choices fit their maxima")
    func stackedEdits() throws {
        var stacked = 0
        for seed in UInt64(0)..<30 {
            let source = decoded(seed)
            var random = Xoshiro256StarStar(seed: seed)
            var draft = ChoiceDraft(source)
            for _ in 0..<6 {
                guard let edit = ChoiceEdit.pick(ChoiceEdit.allCases, using: &random) else { continue }
                if edit.apply(to: &draft, using: &random) { stacked += 1 }
                expectWellFormed(draft, "seed \(seed) after \(edit)")
                #expect(draft.choices.indices.allSatisfy { draft.choices[$0] <= draft.maxima[$0] }, "seed \(seed) after \(edit)")
            }
            // A replay records no more choices than it was given (past them, nothing is recorded).
            #expect(ChoiceMutator(runner: runner).replay(draft.choices).recorded.count <= draft.choices.count)
        }
        try #require(stacked >= 60)
    }
}
