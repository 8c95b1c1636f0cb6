@testable import Crossfire
import Foundation
import Testing

/// `ChoiceCrossOver`, the custom crossover of `FuzzDifferential`: a span of one case put in
/// place of a span of the same kind in another, deterministic, within libFuzzer's size limit.
@Suite struct ChoiceCrossOverTests {
    let runner = DifferentialFuzzTarget.standard.runner
    var crossOver: ChoiceCrossOver { ChoiceCrossOver(mutator: ChoiceMutator(runner: runner)) }

    private func input(_ seed: UInt64) -> [UInt8] {
        FuzzFixtures.seeded(seed, runner: runner).source.byteInput
    }

    @Test("the same inputs, seed and size limit give the same output; other seeds give other outputs")
    func deterministic() {
        let (first, second) = (input(3), input(8))
        var outputs = Set<[UInt8]>()
        for seed in UInt32(0)..<30 {
            let output = crossOver.cross(first, second, seed: seed, maxSize: 8192)
            #expect(crossOver.cross(first, second, seed: seed, maxSize: 8192) == output)
            outputs.insert(output)
        }
        #expect(outputs.count > 10)
    }

    @Test("a span of the first case is replaced by a span of the same kind from the second", arguments: UInt32(0)..<20)
    func transplantsASpanOfTheSameKind(seed: UInt32) {
        let first = crossOver.mutator.decode(input(5))
        let second = crossOver.mutator.decode(input(11))
        var random = Xoshiro256StarStar(seed: UInt64(seed))
        let crossed = crossOver.choices(first, second, using: &random)
        let transplants = first.spans.flatMap { replaced in
            second.spans.filter { $0.kind == replaced.kind }.map { transplant -> [UInt64] in
                var expected = first.recorded
                expected.replaceSubrange(replaced.range, with: second.recorded[transplant.range])
                return expected
            }
        }
        #expect(transplants.contains(crossed))
    }

    @Test("cases sharing no kind of span are spliced at span boundaries")
    func splicesWithoutCommonKinds() {
        var first = ChoiceSource(seed: 1)
        for _ in 0..<3 { first.span(.field) { _ = $0.draw(upTo: 9); _ = $0.draw(upTo: 9) } }
        var second = ChoiceSource(seed: 2)
        for _ in 0..<3 { second.span(.fault) { _ = $0.draw(upTo: 9) } }
        let cuts = Set(first.spans.map(\.range.lowerBound) + [first.recorded.count])
        let joins = Set(second.spans.map(\.range.lowerBound) + [0])
        let splices = Set(cuts.flatMap { cut in joins.map { Array(first.recorded[..<cut]) + Array(second.recorded[$0...]) } })
        for seed in UInt64(0)..<10 {
            var random = Xoshiro256StarStar(seed: seed)
            #expect(splices.contains(crossOver.choices(first, second, using: &random)))
        }
    }

    @Test("the output keeps libFuzzer's size limit, and empty inputs give a valid input")
    func sizeLimitAndEmptyInputs() {
        for maxSize in [0, 1, 7, 64] {
            #expect(crossOver.cross(input(4), input(9), seed: 3, maxSize: maxSize).count <= maxSize)
        }
        let fromNothing = crossOver.cross([], [], seed: 1, maxSize: 4096)
        #expect(fromNothing == crossOver.mutator.replay(crossOver.mutator.decode([]).recorded).byteInput)
    }

    @Test("the libFuzzer entry point writes the crossed bytes and returns their count")
    func pointerEntryPoint() {
        let (first, second) = (input(2), input(6))
        let expected = crossOver.cross(first, second, seed: 17, maxSize: 4096)
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
        defer { output.deallocate() }
        let count = first.withUnsafeBufferPointer { firstBytes in
            second.withUnsafeBufferPointer { secondBytes in
                crossOver.cross(firstBytes, secondBytes, into: output, maxSize: 4096, seed: 17)
            }
        }
        #expect(Array(UnsafeBufferPointer(start: output, count: count)) == expected)
    }
}
