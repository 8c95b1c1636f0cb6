import Synchronization

/// The cases `FuzzDifferential` generated lately, by the input bytes that stand for them, so that
/// an input is generated once however many of its hooks see it.
///
/// libFuzzer hands the same bytes around: the mutator's output is the next input the target
/// runs, then (up to `-mutate_depth` times) the input the mutator edits next, and a corpus
/// input is decoded again for each mutation and crossover it takes part in. Generation from the
/// bytes is deterministic, so a cached case is the one generation would give. Beyond `capacity`
/// the entry used least lately goes: every mutation adds an entry, and a corpus input that is
/// mutated or crossed now and then must outlive the stream of one-off outputs to stay cached.
package final class GeneratedCaseCache: Sendable {
    /// A generated input: the source that generated it (its choices, their maxima and the spans
    /// the generators marked) and the case.
    package struct Entry: Sendable {
        /// The source after generation.
        package var source: ChoiceSource
        /// The case it generated.
        package var record: CaseRecord

        /// An entry.
        package init(source: ChoiceSource, record: CaseRecord) {
            self.source = source
            self.record = record
        }
    }

    private struct Slot {
        var entry: Entry
        /// When it was last inserted or found (the `clock` then).
        var used: Int
    }

    private struct State {
        var slots: [[UInt8]: Slot] = [:]
        /// Each key with the clock of its every use, oldest first; a use that is not the key's
        /// last is stale and skipped on eviction (see `recordUse`).
        var uses: [(key: [UInt8], used: Int)] = []
        /// Where the oldest live use may be in `uses`.
        var oldest = 0
        var clock = 0
        var hits = 0
        var misses = 0

        /// Marks `key` used now.
        mutating func recordUse(of key: [UInt8]) -> Int {
            clock += 1
            uses.append((key, clock))
            return clock
        }

        /// Drops uses already passed over, once they are half of the list; rebuilds the list
        /// from the live uses when stale ones (renewed entries') make it four times `capacity`.
        mutating func compact(capacity: Int) {
            if uses.count > 4 * max(capacity, 1) {
                uses = slots.map { (key: $0.key, used: $0.value.used) }.sorted { $0.used < $1.used }
                oldest = 0
            } else if oldest > 0, oldest * 2 >= uses.count {
                uses.removeFirst(oldest)
                oldest = 0
            }
        }
    }

    /// The most entries kept.
    package let capacity: Int
    private let state = Mutex(State())

    /// An empty cache of at most `capacity` entries (at least 1).
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The entry for exactly these bytes, if cached (and then used now); counts a hit or a miss.
    package func entry(for bytes: [UInt8]) -> Entry? {
        state.withLock { state in
            guard let slot = state.slots[bytes] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            // Renewing an entry costs a use in the list; one renewed lately stays as it is.
            if state.clock - slot.used > capacity / 2 {
                let now = state.recordUse(of: bytes)
                state.slots[bytes]?.used = now
                state.compact(capacity: capacity)
            }
            return slot.entry
        }
    }

    /// Keeps `entry` for `bytes` (the bytes `ChoiceSource(bytes:)` reads as its source's
    /// choices), dropping the entry used least lately when full.
    package func insert(_ entry: Entry, for bytes: [UInt8]) {
        state.withLock { state in
            guard state.slots[bytes] == nil else { return }
            state.slots[bytes] = Slot(entry: entry, used: state.recordUse(of: bytes))
            while state.slots.count > capacity, state.oldest < state.uses.count {
                let use = state.uses[state.oldest]
                state.oldest += 1
                if state.slots[use.key]?.used == use.used { state.slots[use.key] = nil }
            }
            state.compact(capacity: capacity)
        }
    }

    /// How many lookups found an entry, and how many did not.
    package var lookups: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }
}
