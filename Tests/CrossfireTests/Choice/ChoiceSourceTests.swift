import Crossfire
import Testing

@Suite("ChoiceSource")
struct ChoiceSourceTests {
    @Test("SplitMix64 and xoshiro256** match the reference C implementations")
    func referenceVectors() {
        var splitMix = SplitMix64(state: 0)
        #expect([splitMix.next(), splitMix.next(), splitMix.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var zero = Xoshiro256StarStar(seed: 0)
        #expect((0..<4).map { _ in zero.next() } == [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C])
        var fortyTwo = Xoshiro256StarStar(seed: 42)
        #expect((0..<4).map { _ in fortyTwo.next() } == [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1, 0xECB8_AD47_03B3_60A1])
    }

    @Test("the same seed gives the same choices; another seed other choices")
    func seededDeterminism() {
        func draws(_ seed: UInt64) -> [UInt64] {
            var source = ChoiceSource(seed: seed)
            return (0..<64).map { source.draw(upTo: UInt64($0 * 37 + 1)) }
        }
        #expect(draws(7) == draws(7))
        #expect(draws(7) != draws(8))
    }

    @Test("draws stay within their bounds and are recorded as returned")
    func boundsAndRecording() {
        var source = ChoiceSource(seed: 3)
        var returned: [UInt64] = []
        for maximum in [1, 2, 3, 7, 255, 256, 1000, UInt64(Int64.max), UInt64.max] as [UInt64] {
            for _ in 0..<50 {
                let value = source.draw(upTo: maximum)
                #expect(value <= maximum)
                returned.append(value)
            }
        }
        #expect(source.recorded == returned)
        #expect(source.backing == .seeded)
        #expect(!source.isExhausted)
    }

    @Test("requests with one possible answer consume and record nothing")
    func forcedChoices() {
        var source = ChoiceSource(replaying: [1, 1, 1])
        #expect(source.draw(upTo: 0) == 0)
        #expect(source.bool(probability: 0) == false)
        #expect(source.bool(probability: 1) == true)
        #expect(source.weightedIndex([0, 5, 0]) == 1)
        #expect(source.recorded.isEmpty)
        #expect(source.bool(probability: 0.5) == true)
        #expect(source.recorded == [1])
    }

    @Test("a replay gives back exactly the recorded choices")
    func replayMatchesRecording() {
        var original = ChoiceSource(seed: 99)
        var first: [Int] = []
        for step in 0..<200 {
            switch step % 4 {
            case 0: first.append(Int(original.draw(upTo: 1000)))
            case 1: first.append(original.bool(probability: 0.3) ? 1 : 0)
            case 2: first.append(original.weightedIndex([1, 0, 3, 5]))
            default: first.append(original.int(in: -50...50))
            }
        }
        var replay = ChoiceSource(replaying: original.recorded)
        var second: [Int] = []
        for step in 0..<200 {
            switch step % 4 {
            case 0: second.append(Int(replay.draw(upTo: 1000)))
            case 1: second.append(replay.bool(probability: 0.3) ? 1 : 0)
            case 2: second.append(replay.weightedIndex([1, 0, 3, 5]))
            default: second.append(replay.int(in: -50...50))
            }
        }
        #expect(first == second)
        #expect(replay.recorded == original.recorded)
        #expect(replay.misalignedCount == 0)
        #expect(!replay.isExhausted)
    }

    @Test("an exhausted replay or byte input answers with the simplest choice")
    func exhaustionGivesSimplest() {
        for var source in [ChoiceSource(replaying: []), ChoiceSource(bytes: [UInt8]())] {
            #expect(source.draw(upTo: 100) == 0)
            #expect(source.bool(probability: 0.99) == false)
            #expect(source.weightedIndex([0, 0, 4, 1]) == 2)
            #expect(source.int(in: -10...10) == 0)
            #expect(source.int(in: 5...10) == 5)
            #expect(source.int(in: -10 ... -3) == -3)
            #expect(source.choose(from: ["first", "second"]) == "first")
            #expect(source.collection(maxCount: 10, averageCount: 9) { $0.draw(upTo: 9) }.isEmpty)
            #expect(source.isExhausted)
            #expect(source.recorded.isEmpty)
        }
    }

    @Test("a replayed value that does not fit its request is replaced by the simplest and counted")
    func misalignedValues() {
        var source = ChoiceSource(replaying: [500, 7, 2, 9, 3])
        #expect(source.draw(upTo: 10) == 0)
        #expect(source.bool(probability: 0.5) == false)
        #expect(source.weightedIndex([0, 2, 0, 1]) == 1)
        #expect(source.weightedIndex([0, 2, 0, 1]) == 1)
        #expect(source.weightedIndex([0, 2, 0, 1]) == 3)
        #expect(source.misalignedCount == 4)
        #expect(source.recorded == [0, 0, 1, 1, 3])
    }

    @Test("weights of zero are never drawn from a seed, whatever the seed")
    func zeroWeightsNeverDrawn() {
        var source = ChoiceSource(seed: 1)
        var counts = [0, 0, 0, 0]
        for _ in 0..<4000 { counts[source.weightedIndex([0, 1, 0, 3])] += 1 }
        #expect(counts[0] == 0 && counts[2] == 0)
        #expect(counts[3] > counts[1] * 2)
    }

    @Test("weighted choice of values: weight 0 never, the first positive one when exhausted, nil when none is positive")
    func weightedValues() {
        var source = ChoiceSource(seed: 6)
        let options: [(weight: Int, value: String)] = [(0, "never"), (1, "rare"), (9, "often")]
        var counts: [String: Int] = [:]
        for _ in 0..<1000 { counts[source.choose(weighted: options) ?? "none", default: 0] += 1 }
        #expect(counts["never"] == nil && counts["none"] == nil)
        #expect((counts["often"] ?? 0) > (counts["rare"] ?? 0) * 4)
        var exhausted = ChoiceSource(replaying: [])
        #expect(exhausted.choose(weighted: options) == "rare")
        #expect(exhausted.choose(weighted: [(weight: 0, value: "x")]) == nil)
        #expect(exhausted.choose(from: [Int]()) == nil)
    }

    @Test("a byte input maps each choice from its bytes, big-endian, modulo the range")
    func byteMapping() {
        var source = ChoiceSource(bytes: [5, 0x01, 0x2C, 0xFF, 7, 6])
        #expect(source.draw(upTo: 255) == 5)
        #expect(source.draw(upTo: 1000) == 300)
        #expect(source.bool(probability: 0.01) == true)
        #expect(source.weightedIndex([1, 1, 0, 1]) == 3)
        #expect(source.weightedIndex([1, 1, 0, 1]) == 0, "6 % 4 is an option of weight 0: the first positive one instead")
        #expect(source.draw(upTo: 0xFFFF) == 0)
        #expect(source.isExhausted)
        #expect(source.recorded == [5, 300, 1, 3, 0])
    }

    @Test("the byte form of a recording reads back as the same choices")
    func byteInputReproducesRecording() {
        var original = ChoiceSource(seed: 5)
        for step in 0..<300 {
            switch step % 3 {
            case 0: _ = original.draw(upTo: UInt64(step) * 1_000_003)
            case 1: _ = original.bool(probability: 0.7)
            default: _ = original.weightedIndex([2, 0, 1, 1, 0, 4])
            }
        }
        var fromBytes = ChoiceSource(bytes: original.byteInput)
        for step in 0..<300 {
            switch step % 3 {
            case 0: _ = fromBytes.draw(upTo: UInt64(step) * 1_000_003)
            case 1: _ = fromBytes.bool(probability: 0.7)
            default: _ = fromBytes.weightedIndex([2, 0, 1, 1, 0, 4])
            }
        }
        #expect(fromBytes.recorded == original.recorded)
    }

    @Test("integers shrink towards zero: 0, 1, −1, 2, −2, … then the longer side")
    func integerOrder() {
        var source = ChoiceSource(replaying: [0, 1, 2, 3, 4, 5, 6, 7])
        #expect((0..<8).map { _ in source.int(in: -2...5) } == [0, 1, -1, 2, -2, 3, 4, 5])
        var negative = ChoiceSource(replaying: [0, 1, 2, 3, 4])
        #expect((0..<5).map { _ in negative.int(in: -4...1) } == [0, 1, -1, -2, -3])
        var extremes = ChoiceSource(replaying: [UInt64.max, UInt64.max - 1, UInt64.max - 2, UInt64.max - 10, UInt64.max])
        #expect(extremes.int64(in: Int64.min...Int64.max) == Int64.min)
        #expect(extremes.int64(in: Int64.min...Int64.max) == -Int64.max)
        #expect(extremes.int64(in: Int64.min...Int64.max) == Int64.max)
        #expect(extremes.uint64(in: 10...UInt64.max) == UInt64.max)
        #expect(extremes.uint64(in: 10...UInt64.max) == 10)
        #expect(extremes.misalignedCount == 1)
    }

    @Test("seeded integers cover their whole range, ends included")
    func integerCoverage() {
        var source = ChoiceSource(seed: 11)
        var seen = Set<Int>()
        for _ in 0..<2000 { seen.insert(source.int(in: -3...4)) }
        #expect(seen == Set(-3...4))
    }

    @Test("collections: the minimum is forced, the maximum is kept")
    func collectionCounts() {
        var source = ChoiceSource(seed: 2)
        for _ in 0..<200 {
            let count = source.collection(minCount: 2, maxCount: 5, averageCount: 4) { $0.draw(upTo: 3) }.count
            #expect((2...5).contains(count))
        }
        var empty = ChoiceSource(replaying: [])
        #expect(empty.collection(minCount: 2, maxCount: 5, averageCount: 4) { $0.draw(upTo: 3) } == [0, 0])
    }

    @Test("deleting an element's span removes exactly that element")
    func elementSpans() {
        var original = ChoiceSource(seed: 21)
        var elements: [UInt64] = []
        while elements.count < 3 {
            original = ChoiceSource(seed: UInt64(elements.count) &+ original.draw(upTo: 1_000_000))
            elements = original.collection(maxCount: 8, averageCount: 5) { $0.draw(upTo: 1000) }
        }
        let spans = original.spans.filter { $0.kind == .element }
        #expect(spans.count == elements.count)
        for (position, span) in spans.enumerated() {
            var edited = original.recorded
            edited.removeSubrange(span.range)
            var replay = ChoiceSource(replaying: edited)
            var expected = elements
            expected.remove(at: position)
            #expect(replay.collection(maxCount: 8, averageCount: 5) { $0.draw(upTo: 1000) } == expected)
        }
    }

    @Test("after the limit every request gets the simplest answer, unrecorded")
    func limit() {
        var source = ChoiceSource(seed: 4, limit: 10)
        for _ in 0..<10 { _ = source.draw(upTo: 1_000_000) }
        #expect(source.draw(upTo: 1_000_000) == 0)
        #expect(source.bool(probability: 0.999) == false)
        #expect(source.recorded.count == 10)
        #expect(source.isExhausted)
    }
}
