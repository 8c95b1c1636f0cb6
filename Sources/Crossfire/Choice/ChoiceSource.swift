/// The only source of randomness for generation, mutation, replay and shrinking.
///
/// Every decision a generator makes is one *choice*: a `UInt64` in `0...maximum` for a
/// maximum the generator names. The source answers each request from its backing and
/// records the answer, so that `recorded` replays the same case exactly
/// (`ChoiceSource(replaying: source.recorded)`).
///
/// Three backings:
/// - a seed: xoshiro256** (see `Xoshiro256StarStar`); biased requests (`bool(probability:)`,
///   weighted choices) follow their probabilities;
/// - raw bytes, for libFuzzer: each choice reads as many bytes as its maximum needs
///   (big-endian, reduced modulo `maximum + 1`), a yes/no reads one byte (its low bit),
///   a weighted choice reads an option index (an option of weight 0 reads as the first
///   option of positive weight); probabilities play no part;
/// - a recorded choice sequence, possibly edited (spans deleted, values lowered).
///
/// The rule that makes shrinking work, for bytes and replays alike: when the input is used
/// up, every further request gets its *simplest* answer — 0, `false`, the first option,
/// the end of a collection — and a replayed value that does not fit its request (above
/// the maximum, an option of weight 0) is replaced by the simplest answer too. Generators
/// order their options so that smaller choices mean simpler cases. Choices made after the
/// input ran out are not recorded: the recorded sequence ends where the input did, and
/// replays to the same case.
///
/// A request with only one possible answer (`draw(upTo: 0)`, a probability of 0 or 1, one
/// option of positive weight) is answered without consuming or recording anything.
package struct ChoiceSource: Sendable {
    /// What answers the requests.
    package enum Backing: Sendable, Hashable {
        /// A seeded xoshiro256** generator.
        case seeded
        /// Raw bytes (a libFuzzer input).
        case bytes
        /// A recorded choice sequence.
        case replay
    }

    /// How many choices a source records by default before it answers every request with
    /// the simplest choice, so that no generator can run away.
    package static let defaultLimit = 1 << 17

    /// What answers the requests.
    package let backing: Backing
    /// The most choices this source records; later requests get the simplest answer.
    package let limit: Int
    /// Every choice made so far, in order: replaying it gives the same case.
    package private(set) var recorded: [UInt64] = []
    /// The spans of `recorded` that generators marked (elements, fields, values …), in the
    /// order they were opened.
    package private(set) var spans: [ChoiceSpan] = []
    /// Whether the input (bytes or replayed choices) or the limit has been reached.
    package private(set) var isExhausted = false
    /// How many replayed choices did not fit their request and were replaced by the simplest one.
    package private(set) var misalignedCount = 0
    /// For each recorded choice, the largest answer its request allowed: the maximum of a
    /// `draw(upTo:)`, 1 for a yes/no, the last index of a weighted choice. A recorded choice
    /// may be set to anything in `0...maximum` and still fit its request on replay (for a
    /// weighted choice, but for options of weight 0); its byte form is as wide as the maximum.
    package private(set) var maxima: [UInt64] = []
    /// The spans open now, innermost last (positions in `spans`).
    private var openSpans: [Int] = []

    private var generator: Xoshiro256StarStar
    private let inputBytes: [UInt8]
    private let replayedChoices: [UInt64]
    private var position = 0

    /// A source driven by xoshiro256** from `seed`.
    package init(seed: UInt64, limit: Int = ChoiceSource.defaultLimit) {
        backing = .seeded
        self.limit = max(0, limit)
        generator = Xoshiro256StarStar(seed: seed)
        inputBytes = []
        replayedChoices = []
        recorded.reserveCapacity(256)
        maxima.reserveCapacity(256)
    }

    /// A source that reads its choices from raw bytes, e.g. a libFuzzer input.
    package init<Bytes: Sequence>(bytes: Bytes, limit: Int = ChoiceSource.defaultLimit) where Bytes.Element == UInt8 {
        backing = .bytes
        self.limit = max(0, limit)
        generator = Xoshiro256StarStar(seed: 0)
        inputBytes = Array(bytes)
        replayedChoices = []
        recorded.reserveCapacity(min(inputBytes.count, 4096))
        maxima.reserveCapacity(min(inputBytes.count, 4096))
    }

    /// A source that replays a recorded (possibly edited) choice sequence.
    package init(replaying choices: [UInt64], limit: Int = ChoiceSource.defaultLimit) {
        backing = .replay
        self.limit = max(0, limit)
        generator = Xoshiro256StarStar(seed: 0)
        inputBytes = []
        replayedChoices = choices
        recorded.reserveCapacity(choices.count)
        maxima.reserveCapacity(choices.count)
    }

    /// A source that replays a choice sequence.
    package init(replaying sequence: ChoiceSequence, limit: Int = ChoiceSource.defaultLimit) {
        self.init(replaying: sequence.choices, limit: limit)
    }

    /// The recorded choices as a `ChoiceSequence` (for journals and regression files).
    package var sequence: ChoiceSequence { ChoiceSequence(recorded) }

    /// Bytes that `init(bytes:)` reads as exactly the recorded choices: each choice written
    /// big-endian in the number of bytes its request reads. Turns a seeded or replayed case
    /// into a libFuzzer input.
    package var byteInput: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(maxima.count * 2)
        for (choice, maximum) in zip(recorded, maxima) {
            var shift = Int(ChoiceSource.byteWidth(of: maximum)) * 8
            while shift > 0 {
                shift -= 8
                bytes.append(UInt8(truncatingIfNeeded: choice >> UInt64(shift)))
            }
        }
        return bytes
    }

    // MARK: - The three primitive requests

    /// A choice in `0...maximum` (inclusive). Seeded: uniform. Simplest: 0.
    package mutating func draw(upTo maximum: UInt64) -> UInt64 {
        guard maximum > 0, canRecord() else { return 0 }
        let width = ChoiceSource.byteWidth(of: maximum)
        let value: UInt64
        switch backing {
        case .seeded:
            value = generator.next(upTo: maximum)
        case .bytes:
            guard let raw = readBytes(width) else { return 0 }
            value = maximum == UInt64.max ? raw : raw % (maximum + 1)
        case .replay:
            guard let raw = nextReplayed() else { return 0 }
            value = raw <= maximum ? raw : misaligned()
        }
        record(value, maximum: maximum)
        return value
    }

    /// `true` with the given probability (seeded); recorded as 1 or 0. Simplest: `false`.
    /// A probability of 0 (or NaN) or of 1 and above is answered without a choice.
    package mutating func bool(probability: Double) -> Bool {
        guard probability > 0 else { return false }
        guard probability < 1 else { return true }
        guard canRecord() else { return false }
        let value: UInt64
        switch backing {
        case .seeded:
            value = generator.nextUnitDouble() < probability ? 1 : 0
        case .bytes:
            guard let raw = readBytes(1) else { return false }
            value = raw & 1
        case .replay:
            guard let raw = nextReplayed() else { return false }
            value = raw <= 1 ? raw : misaligned()
        }
        record(value, maximum: 1)
        return value == 1
    }

    /// An index in `0..<count`, drawn (seeded) with probability proportional to
    /// `weight(index)`; indexes of weight 0 or less are never chosen. Simplest: the first
    /// index of positive weight. When no weight is positive the answer is 0, without a choice.
    package mutating func weightedIndex(count: Int, weight: (Int) -> Int) -> Int {
        var total = 0
        var firstPositive = -1
        var positives = 0
        for index in 0..<max(count, 0) {
            let w = ChoiceSource.clampedWeight(weight(index))
            guard w > 0 else { continue }
            if firstPositive < 0 { firstPositive = index }
            positives += 1
            total += w
        }
        guard positives > 1 else { return max(firstPositive, 0) }
        guard canRecord() else { return firstPositive }
        let width = ChoiceSource.byteWidth(of: UInt64(count - 1))
        var index: Int
        switch backing {
        case .seeded:
            var remaining = Int(generator.next(upTo: UInt64(total - 1)))
            index = firstPositive
            for candidate in firstPositive..<count {
                let w = ChoiceSource.clampedWeight(weight(candidate))
                if w <= 0 { continue }
                if remaining < w {
                    index = candidate
                    break
                }
                remaining -= w
            }
        case .bytes:
            guard let raw = readBytes(width) else { return firstPositive }
            index = Int(raw % UInt64(count))
            if ChoiceSource.clampedWeight(weight(index)) <= 0 { index = firstPositive }
        case .replay:
            guard let raw = nextReplayed() else { return firstPositive }
            if raw < UInt64(count), ChoiceSource.clampedWeight(weight(Int(raw))) > 0 {
                index = Int(raw)
            } else {
                misalignedCount += 1
                index = firstPositive
            }
        }
        record(UInt64(index), maximum: UInt64(count - 1))
        return index
    }

    // MARK: - Spans

    /// Runs `body`, marking the choices it makes as one span of the given kind (so that a
    /// shrinker can delete or simplify them together), and returns its result.
    package mutating func span<Result>(_ kind: ChoiceSpan.Kind, _ body: (inout ChoiceSource) -> Result) -> Result {
        let index = openSpan(kind)
        let result = body(&self)
        closeSpan(index)
        return result
    }

    mutating func openSpan(_ kind: ChoiceSpan.Kind) -> Int {
        spans.append(ChoiceSpan(kind: kind, range: recorded.count..<recorded.count, parent: openSpans.last))
        openSpans.append(spans.count - 1)
        return spans.count - 1
    }

    mutating func closeSpan(_ index: Int) {
        spans[index].range = spans[index].range.lowerBound..<recorded.count
        if openSpans.last == index { openSpans.removeLast() }
    }

    /// Removes the most recently opened span if it is `index` (a span that turned out empty).
    mutating func discardSpan(_ index: Int) {
        if openSpans.last == index { openSpans.removeLast() }
        if index == spans.count - 1 { spans.removeLast() }
    }

    // MARK: - Backing helpers

    private mutating func canRecord() -> Bool {
        if isExhausted { return false }
        if recorded.count >= limit {
            isExhausted = true
            return false
        }
        return true
    }

    private mutating func record(_ value: UInt64, maximum: UInt64) {
        recorded.append(value)
        maxima.append(maximum)
    }

    private mutating func misaligned() -> UInt64 {
        misalignedCount += 1
        return 0
    }

    private mutating func nextReplayed() -> UInt64? {
        guard position < replayedChoices.count else {
            isExhausted = true
            return nil
        }
        defer { position += 1 }
        return replayedChoices[position]
    }

    /// Up to `width` bytes, big-endian (fewer when the input ends: the missing high bytes
    /// count as zero); nil when the input is used up.
    private mutating func readBytes(_ width: UInt8) -> UInt64? {
        guard position < inputBytes.count else {
            isExhausted = true
            return nil
        }
        let end = min(position + Int(width), inputBytes.count)
        var value: UInt64 = 0
        while position < end {
            value = value << 8 | UInt64(inputBytes[position])
            position += 1
        }
        return value
    }

    /// How many bytes hold any value up to `maximum`.
    static func byteWidth(of maximum: UInt64) -> UInt8 {
        UInt8((64 - maximum.leadingZeroBitCount + 7) / 8)
    }

    /// A weight limited to `0...2³²`, so that sums of many weights cannot overflow.
    static func clampedWeight(_ weight: Int) -> Int {
        min(max(weight, 0), 1 << 32)
    }
}

/// A stretch of a recorded choice sequence that one generator step made: an element of a
/// collection, a field, a value … Deleting an element span removes that element.
package struct ChoiceSpan: Hashable, Sendable {
    /// What a span holds.
    package enum Kind: UInt8, Hashable, Sendable, CaseIterable {
        /// One element of a collection, including the choice that decided to add it.
        case element
        /// A struct definition of a schema.
        case structDefinition
        /// An enum definition of a schema.
        case enumDefinition
        /// One field of a struct definition.
        case field
        /// A field type.
        case type
        /// One injected fault.
        case fault
    }

    /// What the span holds.
    package var kind: Kind
    /// The positions in `ChoiceSource.recorded`.
    package var range: Range<Int>
    /// The span this one was opened inside (its position in `ChoiceSource.spans`), or nil
    /// for a span opened at the top level.
    package var parent: Int?
}
