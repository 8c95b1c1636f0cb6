@testable import Crossfire
import Foundation
import Testing

/// The cache `FuzzDifferential` shares between its target, mutator and crossover: a cached case
/// is exactly the one generation from the bytes gives, and caching changes no output.
@Suite struct GeneratedCaseCacheTests {
    let runner = DifferentialFuzzTarget.standard.runner

    @Test("each output the cached mutator and crossover keep is the case its bytes generate, and the outputs are the uncached ones")
    func cachedCasesAreTheGeneratedOnes() throws {
        let cache = GeneratedCaseCache(capacity: 64)
        let cached = ChoiceMutator(runner: runner, cache: cache)
        let plain = ChoiceMutator(runner: runner)
        var checked = 0
        for seed in UInt64(0)..<30 {
            let input = FuzzFixtures.seeded(seed, runner: runner).source.byteInput
            let other = FuzzFixtures.seeded(seed + 100, runner: runner).source.byteInput
            let outputs = [
                (cached.mutate(input, seed: UInt32(seed), maxSize: 4096), plain.mutate(input, seed: UInt32(seed), maxSize: 4096)),
                (ChoiceCrossOver(mutator: cached).cross(input, other, seed: UInt32(seed), maxSize: 4096),
                 ChoiceCrossOver(mutator: plain).cross(input, other, seed: UInt32(seed), maxSize: 4096)),
            ]
            for (output, uncached) in outputs {
                #expect(output == uncached, "seed \(seed): the cache changed the output")
                let entry = try #require(cache.entry(for: output), "seed \(seed): the output was not kept")
                var source = ChoiceSource(bytes: output)
                let record = runner.generate(from: &source)
                #expect(entry.source.recorded == source.recorded && entry.source.maxima == source.maxima && entry.source.spans == source.spans)
                #expect(entry.record.choices == record.choices && entry.record.document == record.document)
                #expect(entry.record.schema == record.schema && entry.record.model == record.model)
                checked += 1
            }
        }
        #expect(checked == 60)
    }

    @Test("the target runs a kept case without generating it again, and an output cut to the size limit is not kept")
    func targetUsesTheCache() {
        let target = DifferentialFuzzTarget(cacheCapacity: 8)
        let input = FuzzFixtures.seeded(4, runner: target.runner).source.byteInput
        let output = target.mutator.mutate(input, seed: 1, maxSize: 4096)
        let before = target.cache.lookups
        _ = target.execute(output)
        #expect(target.cache.lookups.hits == before.hits + 1)
        let cut = target.mutator.mutate(input, seed: 2, maxSize: 3)
        #expect(cut.count <= 3)
        #expect(target.cache.entry(for: cut) == nil)
    }

    @Test("beyond its capacity the cache drops its oldest entries")
    func capacity() {
        let cache = GeneratedCaseCache(capacity: 2)
        let entries = (UInt64(0)..<3).map { seed in
            let (source, record) = FuzzFixtures.seeded(seed, runner: runner)
            return (source.byteInput, GeneratedCaseCache.Entry(source: source, record: record))
        }
        for (bytes, entry) in entries { cache.insert(entry, for: bytes) }
        #expect(cache.entry(for: entries[0].0) == nil)
        #expect(cache.entry(for: entries[1].0) != nil && cache.entry(for: entries[2].0) != nil)
        #expect(cache.lookups == (2, 1))
    }

    @Test("an entry found now and then outlives a stream of entries used once; the least used lately goes")
    func leastRecentlyUsedGoes() {
        let cache = GeneratedCaseCache(capacity: 8)
        let (source, record) = FuzzFixtures.seeded(0, runner: runner)
        let entry = GeneratedCaseCache.Entry(source: source, record: record)
        let corpusInput: [UInt8] = [0xC0]
        cache.insert(entry, for: corpusInput)
        // A stream of one-off outputs, 12 times the capacity; the corpus input is looked up
        // every third output, as libFuzzer comes back to a corpus input.
        for index in 0..<100 {
            cache.insert(entry, for: [0x01, UInt8(index)])
            if index % 3 == 0 { #expect(cache.entry(for: corpusInput) != nil, "output \(index): the corpus input was dropped") }
        }
        // The one-off outputs went, oldest first: only the last ones are left beside it.
        #expect(cache.entry(for: [0x01, 0]) == nil)
        #expect(cache.entry(for: [0x01, 99]) != nil)
        // Left alone, it goes too.
        for index in 0..<10 { cache.insert(entry, for: [0x02, UInt8(index)]) }
        #expect(cache.entry(for: corpusInput) == nil)
    }
}
