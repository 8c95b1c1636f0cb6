@testable import Crossfire
import Foundation
import Testing

/// `ChoiceMutator` and `ChoiceEdit`, the custom mutator of `FuzzDifferential`: edits at the
/// level of the choice sequence, deterministic, within libFuzzer's size limit.
@Suite struct ChoiceMutatorTests {
    let runner = DifferentialFuzzTarget.standard.runner
    var mutator: ChoiceMutator { ChoiceMutator(runner: runner) }

    private func decoded(_ seed: UInt64) -> ChoiceSource { FuzzFixtures.decoded(seed, runner: runner) }

    /// The choices `edit` makes of what `source` recorded, or nil when it does not apply.
    private func applied(_ edit: ChoiceEdit, to source: ChoiceSource, using random: inout Xoshiro256StarStar) -> [UInt64]? {
        var draft = ChoiceDraft(source)
        return edit.apply(to: &draft, using: &random) ? draft.choices : nil
    }

    @Test("ChoiceSource records each choice's maximum, and the byte input is as wide as it needs")
    func maximaAreRecorded() {
        var source = ChoiceSource(seed: 7)
        #expect(source.draw(upTo: 300) <= 300)
        _ = source.bool(probability: 0.5)
        _ = source.weightedIndex(count: 3) { [1, 0, 5][$0] }
        _ = source.draw(upTo: 0)
        #expect(source.maxima == [300, 1, 2])
        #expect(source.byteInput.count == 2 + 1 + 1)
        var replay = ChoiceSource(bytes: source.byteInput)
        _ = replay.draw(upTo: 300)
        _ = replay.bool(probability: 0.5)
        _ = replay.weightedIndex(count: 3) { [1, 0, 5][$0] }
        #expect(replay.recorded == source.recorded && replay.maxima == source.maxima)
    }

    @Test("the same input, seed and size limit give the same output; other seeds give other outputs")
    func deterministic() {
        let input = FuzzFixtures.seeded(3, runner: runner).source.byteInput
        var outputs = Set<[UInt8]>()
        for seed in UInt32(0)..<40 {
            let output = mutator.mutate(input, seed: seed, maxSize: 4096)
            #expect(mutator.mutate(input, seed: seed, maxSize: 4096) == output)
            outputs.insert(output)
        }
        #expect(outputs.count >= 30, "only \(outputs.count) distinct outputs of 40")
        #expect(!outputs.contains(input))
    }

    @Test("outputs respect the size limit and are canonical byte inputs of their cases")
    func outputsFitAndAreCanonical() {
        for seed in UInt32(0)..<30 {
            let input = FuzzFixtures.seeded(UInt64(seed), runner: runner).source.byteInput
            let limited = mutator.mutate(input, seed: seed, maxSize: 40)
            #expect(limited.count <= 40)
            let output = mutator.mutate(input, seed: seed, maxSize: 1 << 16)
            #expect(mutator.decode(output).byteInput == output, "the output reads back as itself")
        }
        #expect(mutator.mutate([1, 2, 3], seed: 1, maxSize: 0).isEmpty)
    }

    @Test("an input that makes no choice becomes a fresh seeded case")
    func emptyInputGrows() {
        let output = mutator.mutate([], seed: 5, maxSize: 4096)
        #expect(!output.isEmpty)
        #expect(output == mutator.mutate([], seed: 5, maxSize: 4096))
        #expect(mutator.decode(output).recorded.count > 3)
    }

    @Test("the in-place form writes the output into libFuzzer's buffer and returns its size")
    func inPlace() {
        let input = FuzzFixtures.seeded(11, runner: runner).source.byteInput
        let expected = mutator.mutate(input, seed: 9, maxSize: 4096)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: 4096)
        for (index, byte) in input.enumerated() { buffer[index] = byte }
        let size = mutator.mutate(buffer, size: input.count, maxSize: 4096, seed: 9)
        #expect(Array(UnsafeBufferPointer(start: buffer, count: size)) == expected)
    }

    @Test("span edits delete, repeat, copy, zero and randomise exactly one marked span")
    func spanEdits() throws {
        var checked = 0
        for seed in UInt64(0)..<20 {
            let source = decoded(seed)
            let choices = source.recorded
            guard !source.spans.isEmpty else { continue }
            for editSeed in UInt64(0)..<5 {
                var random = Xoshiro256StarStar(seed: editSeed)
                if let deleted = applied(ChoiceEdit.deleteSpan, to: source, using: &random) {
                    #expect(source.spans.contains { span in
                        Array(choices[..<span.range.lowerBound] + choices[span.range.upperBound...]) == deleted
                    })
                    checked += 1
                }
                random = Xoshiro256StarStar(seed: editSeed)
                if let duplicated = applied(ChoiceEdit.duplicateSpan, to: source, using: &random) {
                    #expect(source.spans.contains { span in
                        Array(choices[..<span.range.upperBound] + choices[span.range] + choices[span.range.upperBound...]) == duplicated
                    })
                }
                random = Xoshiro256StarStar(seed: editSeed)
                if let zeroed = applied(ChoiceEdit.zeroSpan, to: source, using: &random) {
                    #expect(zeroed.count == choices.count)
                    let changed = zeroed.indices.filter { zeroed[$0] != choices[$0] }
                    #expect(changed.allSatisfy { zeroed[$0] == 0 })
                    #expect(source.spans.contains { span in changed.allSatisfy(span.range.contains) })
                }
                random = Xoshiro256StarStar(seed: editSeed)
                if let copied = applied(ChoiceEdit.copySpan, to: source, using: &random) {
                    #expect(source.spans.contains { target in
                        source.spans.contains { origin in
                            origin.kind == target.kind
                                && Array(choices[..<target.range.lowerBound] + choices[origin.range] + choices[target.range.upperBound...]) == copied
                        }
                    })
                }
                random = Xoshiro256StarStar(seed: editSeed)
                if let randomised = applied(ChoiceEdit.randomiseSpan, to: source, using: &random) {
                    #expect(randomised.count == choices.count)
                    #expect(randomised.indices.allSatisfy { randomised[$0] <= source.maxima[$0] })
                }
            }
        }
        #expect(checked >= 50)
    }

    @Test("choice edits change one choice within what its request allows")
    func choiceEdits() throws {
        for seed in UInt64(0)..<20 {
            let source = decoded(seed)
            let choices = source.recorded
            guard !choices.isEmpty else { continue }
            for editSeed in UInt64(0)..<8 {
                for edit in [ChoiceEdit.lowerChoice, .randomiseChoice, .stepChoice, .maximiseChoice] {
                    var random = Xoshiro256StarStar(seed: editSeed)
                    guard let edited = applied(edit, to: source, using: &random) else { continue }
                    #expect(edited.count == choices.count)
                    let changed = edited.indices.filter { edited[$0] != choices[$0] }
                    try #require(changed.count == 1, "\(edit) changed \(changed.count) choices")
                    let index = changed[0]
                    #expect(edited[index] <= source.maxima[index])
                    switch edit {
                    case .lowerChoice: #expect(edited[index] < choices[index])
                    case .stepChoice: #expect(edited[index] == choices[index] + 1 || edited[index] == choices[index] - 1)
                    case .maximiseChoice: #expect(edited[index] == source.maxima[index])
                    default: break
                    }
                    // The edited choice answers the same request on replay (all before it are unchanged).
                    let replay = mutator.replay(edited)
                    #expect(replay.recorded.prefix(index + 1).elementsEqual(edited.prefix(index + 1)) || replay.misalignedCount > 0)
                }
            }
        }
    }

    @Test("a source without spans or choices gives no span or choice edit")
    func notApplicable() {
        let empty = mutator.decode([])
        var random = Xoshiro256StarStar(seed: 1)
        for edit in ChoiceEdit.allCases {
            #expect(applied(edit, to: empty, using: &random) == nil)
        }
    }

    @Test("edits are picked by weight; a weight of 0 never")
    func editWeights() {
        var only = ChoiceMutator(runner: runner)
        only.editWeights = [.deleteSpan: 0, .maximiseChoice: 3]
        var random = Xoshiro256StarStar(seed: 2)
        #expect((0..<50).allSatisfy { _ in only.pickEdit(using: &random) == .maximiseChoice })
        var picked = Set<ChoiceEdit>()
        for _ in 0..<400 { picked.insert(mutator.pickEdit(using: &random)) }
        #expect(picked == Set(ChoiceEdit.allCases))
    }
}
