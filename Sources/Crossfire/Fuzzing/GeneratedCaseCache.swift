import Synchronization

/// The cases `FuzzDifferential` generated lately, by the input bytes that stand for them, so that
/// an input is generated once however many of its hooks see it.
///
/// libFuzzer hands the same bytes around: the mutator's output is the next input the target
/// runs, then (up to `-mutate_depth` times) the input the mutator edits next, and a corpus
/// input is decoded again for each mutation and crossover it takes part in. Generation from the
/// bytes is deterministic, so a cached case is the one generation would give; entries are
/// dropped oldest first beyond `capacity`.
public final class GeneratedCaseCache: Sendable {
    /// A generated input: the source that generated it (its choices, their maxima and the spans
    /// the generators marked) and the case.
    public struct Entry: Sendable {
        /// The source after generation.
        public var source: ChoiceSource
        /// The case it generated.
        public var record: CaseRecord

        /// An entry.
        public init(source: ChoiceSource, record: CaseRecord) {
            self.source = source
            self.record = record
        }
    }

    private struct State {
        var entries: [[UInt8]: Entry] = [:]
        /// The keys in the order they came, oldest at `oldest`, as a ring of `capacity` slots.
        var order: [[UInt8]] = []
        var oldest = 0
        var hits = 0
        var misses = 0
    }

    /// The most entries kept.
    public let capacity: Int
    private let state = Mutex(State())

    /// An empty cache of at most `capacity` entries (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The entry for exactly these bytes, if cached; counts a hit or a miss.
    public func entry(for bytes: [UInt8]) -> Entry? {
        state.withLock { state in
            let found = state.entries[bytes]
            if found == nil { state.misses += 1 } else { state.hits += 1 }
            return found
        }
    }

    /// Keeps `entry` for `bytes` (the bytes `ChoiceSource(bytes:)` reads as its source's
    /// choices), dropping the oldest entry when full.
    public func insert(_ entry: Entry, for bytes: [UInt8]) {
        state.withLock { state in
            guard state.entries.updateValue(entry, forKey: bytes) == nil else { return }
            if state.order.count < capacity {
                state.order.append(bytes)
                return
            }
            state.entries[state.order[state.oldest]] = nil
            state.order[state.oldest] = bytes
            state.oldest = (state.oldest + 1) % capacity
        }
    }

    /// How many lookups found an entry, and how many did not.
    public var lookups: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }
}
