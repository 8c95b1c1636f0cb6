/// The custom crossover of `FuzzDifferential`: it combines two inputs as the choice sequences
/// they stand for, Hypothesis-style, so that a part of one case (an element, a field, a type, a
/// fault, a whole struct or enum definition) lands in the other in its own place.
///
/// libFuzzer's byte crossover cuts inputs at arbitrary bytes, and past the cut every choice is
/// read differently. Here both inputs are decoded (each case generated from
/// `ChoiceSource(bytes:)`, recording its spans), a span of the first is replaced by a span of
/// the same kind from the second, and the result is replayed through the generators and
/// written back as bytes. When the two cases share no kind of span, the first's choices up to a
/// span boundary are joined to the second's from a span boundary. Deterministic: the same
/// inputs, seed and size limit give the same output.
public struct ChoiceCrossOver: Sendable {
    /// Decodes and replays the cases.
    package let mutator: ChoiceMutator

    /// A crossover generating cases with `mutator`'s runner.
    public init(mutator: ChoiceMutator) {
        self.mutator = mutator
    }

    /// The combined input, at most `maxSize` bytes (a longer result is cut, as `ChoiceMutator`
    /// cuts).
    package func cross(_ first: [UInt8], _ second: [UInt8], seed: UInt32, maxSize: Int) -> [UInt8] {
        var random = Xoshiro256StarStar(seed: UInt64(seed))
        let crossed = choices(mutator.decode(first), mutator.decode(second), using: &random)
        return mutator.written(mutator.replayed(crossed), maxSize: maxSize)
    }

    /// Crosses the inputs at `first` and `second` into `output`, which has room for `maxSize`
    /// bytes, for `LLVMFuzzerCustomCrossOver`. Returns the output's size.
    public func cross(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
                      into output: UnsafeMutablePointer<UInt8>, maxSize: Int, seed: UInt32) -> Int {
        let crossed = cross(Array(first), Array(second), seed: seed, maxSize: maxSize)
        for (index, byte) in crossed.enumerated() { output[index] = byte }
        return crossed.count
    }

    /// The first case's choices with a span transplanted from the second, or spliced with it.
    func choices(_ first: ChoiceSource, _ second: ChoiceSource, using random: inout Xoshiro256StarStar) -> [UInt64] {
        let target = first.recorded
        let donor = second.recorded
        let targetSpans = first.spans.filter { !$0.range.isEmpty && $0.range.upperBound <= target.count }
        let donorSpans = second.spans.filter { !$0.range.isEmpty && $0.range.upperBound <= donor.count }
        let donorKinds = Set(donorSpans.map(\.kind))
        if let replaced = ChoiceEdit.pick(targetSpans.filter { donorKinds.contains($0.kind) }, using: &random),
           let transplant = ChoiceEdit.pick(donorSpans.filter { $0.kind == replaced.kind }, using: &random) {
            var crossed = target
            crossed.replaceSubrange(replaced.range, with: donor[transplant.range])
            return crossed
        }
        let cut = ChoiceEdit.pick(targetSpans.map(\.range.lowerBound) + [target.count], using: &random) ?? target.count
        let join = ChoiceEdit.pick(donorSpans.map(\.range.lowerBound) + [0], using: &random) ?? 0
        return Array(target[..<cut]) + Array(donor[join...])
    }
}
