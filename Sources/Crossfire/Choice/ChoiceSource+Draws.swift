/// Requests built on the three primitives of `ChoiceSource`, each with its simplest answer
/// at choice 0.
extension ChoiceSource {
    /// An integer in `range`. Choice 0 is the value nearest zero; larger choices move away
    /// from it, alternating sides (0, 1, −1, 2, −2, …) while both sides have room.
    /// Seeded: uniform over the range.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        Int(int64(in: Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// An `Int64` in `range`, shrinking towards zero as `int(in:)` does.
    package mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        let lower = range.lowerBound
        let upper = range.upperBound
        if lower >= 0 {
            let span = UInt64(upper - lower)
            return lower + Int64(draw(upTo: span))
        }
        if upper <= 0 {
            let span = UInt64(bitPattern: upper &- lower)
            return upper &- Int64(bitPattern: draw(upTo: span))
        }
        let positive = UInt64(upper)
        let negative = UInt64(bitPattern: 0 &- lower) // |lower|, exact even for Int64.min
        let choice = draw(upTo: positive &+ negative) // the span is at most UInt64.max
        return ChoiceSource.zigzag(choice, positive: positive, negative: negative)
    }

    /// A `UInt64` in `range`; choice 0 is the lower bound.
    package mutating func uint64(in range: ClosedRange<UInt64>) -> UInt64 {
        range.lowerBound + draw(upTo: range.upperBound - range.lowerBound)
    }

    /// One of the options, uniformly (seeded); nil when there are none. Simplest: the first.
    package mutating func choose<Options: RandomAccessCollection>(from options: Options) -> Options.Element? {
        guard !options.isEmpty else { return nil }
        let offset = Int(draw(upTo: UInt64(options.count - 1)))
        return options[options.index(options.startIndex, offsetBy: offset)]
    }

    /// One of the values, with probability proportional to its weight (seeded); values of
    /// weight 0 are never chosen; nil when no weight is positive. Simplest: the first value
    /// of positive weight.
    package mutating func choose<Value>(weighted options: [(weight: Int, value: Value)]) -> Value? {
        guard options.contains(where: { $0.weight > 0 }) else { return nil }
        return options[weightedIndex(count: options.count) { options[$0].weight }].value
    }

    /// An index in `0..<weights.count` with probability proportional to its weight; see
    /// `weightedIndex(count:weight:)`.
    package mutating func weightedIndex(_ weights: [Int]) -> Int {
        weightedIndex(count: weights.count) { weights[$0] }
    }

    /// Whether a collection that already has `count` elements gets another. Below
    /// `minCount` the answer is yes and at `maxCount` no, without a choice; in between the
    /// answer is one yes/no choice (simplest: no), seeded so that a collection has
    /// `averageCount` elements on average (a geometric length).
    package mutating func continues(count: Int, minCount: Int = 0, maxCount: Int, averageCount: Double) -> Bool {
        if count >= maxCount { return false }
        if count < minCount { return true }
        let extra = max(averageCount - Double(minCount), 0)
        return bool(probability: extra / (extra + 1))
    }

    /// Calls `element` once per element of a collection whose length `continues` decides.
    /// Each element past `minCount` is a span of kind `.element` that includes the choice
    /// that added it, so that deleting the span removes exactly that element (the first
    /// `minCount` elements are forced, so they have no such span). Returns the element count.
    @discardableResult
    package mutating func forEachElement(
        minCount: Int = 0, maxCount: Int, averageCount: Double, _ element: (inout ChoiceSource, Int) -> Void
    ) -> Int {
        var count = 0
        while count < minCount, count < maxCount {
            element(&self, count)
            count += 1
        }
        while true {
            let spanIndex = openSpan(.element)
            guard continues(count: count, minCount: minCount, maxCount: maxCount, averageCount: averageCount) else {
                discardSpan(spanIndex)
                return count
            }
            element(&self, count)
            closeSpan(spanIndex)
            count += 1
        }
    }

    /// A collection of generated elements; see `forEachElement`.
    package mutating func collection<Element>(
        minCount: Int = 0, maxCount: Int, averageCount: Double, _ element: (inout ChoiceSource) -> Element
    ) -> [Element] {
        var elements: [Element] = []
        forEachElement(minCount: minCount, maxCount: maxCount, averageCount: averageCount) { source, _ in
            elements.append(element(&source))
        }
        return elements
    }

    /// The value of a zigzag choice over `-negative...positive`: 0, 1, −1, 2, −2, … while
    /// both sides have room, then onwards on the longer side.
    static func zigzag(_ choice: UInt64, positive: UInt64, negative: UInt64) -> Int64 {
        let shorter = min(positive, negative)
        if choice / 2 < shorter || (choice / 2 == shorter && choice % 2 == 0) {
            let magnitude = (choice + 1) / 2
            return choice % 2 == 1 ? Int64(magnitude) : 0 &- Int64(bitPattern: magnitude)
        }
        let magnitude = shorter + (choice - 2 * shorter)
        return positive > negative ? Int64(magnitude) : 0 &- Int64(bitPattern: magnitude)
    }
}
