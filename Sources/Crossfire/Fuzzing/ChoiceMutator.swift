/// The custom mutator of `FuzzDifferential`: it edits an input as the choice sequence it
/// stands for, not as bytes.
///
/// Byte-level mutation is nearly blind here: a flipped byte shifts how every later byte is
/// read, and the libraries behind the mappers (Foundation, jansson, the standard library)
/// give libFuzzer no coverage to steer by. So the mutator decodes the input — generating its
/// case from `ChoiceSource(bytes:)` — and applies one to `maximumEdits` `ChoiceEdit`s to the
/// recorded choices, using the spans the generators marked (delete, duplicate or copy an
/// element, a field, a type or a fault; zero or randomise it) and each choice's maximum
/// (lower, step, randomise or maximise one decision). After each edit the choices are
/// replayed through the generators, so the next edit sees the new case's spans, and the result
/// is written back as bytes with `ChoiceSource.byteInput`. Now and then
/// (`freshCaseProbability`, and always for an input that makes no choice) it starts over
/// from a fresh seeded case instead.
///
/// Deterministic: the same input, seed and size limit give the same output.
public struct ChoiceMutator: Sendable {
    /// Generates the cases (its mappers are not run).
    public let runner: CaseRunner
    /// The most edits one mutation stacks.
    public var maximumEdits: Int
    /// The probability that a mutation replaces the input by a fresh seeded case.
    public var freshCaseProbability: Double
    /// How often each edit is picked, relative to the others.
    public var editWeights: [ChoiceEdit: Int]

    /// The default weights: span deletions and single-choice randomisation most often.
    public static let defaultEditWeights: [ChoiceEdit: Int] = [
        .deleteSpan: 3, .duplicateSpan: 2, .copySpan: 2, .zeroSpan: 1, .randomiseSpan: 2,
        .lowerChoice: 2, .randomiseChoice: 4, .stepChoice: 2, .maximiseChoice: 1,
    ]

    /// A mutator generating cases with `runner`'s generator.
    public init(runner: CaseRunner, maximumEdits: Int = 3, freshCaseProbability: Double = 1.0 / 32,
                editWeights: [ChoiceEdit: Int] = ChoiceMutator.defaultEditWeights) {
        self.runner = runner
        self.maximumEdits = max(1, maximumEdits)
        self.freshCaseProbability = freshCaseProbability
        self.editWeights = editWeights
    }

    /// How many times a mutation tries for an output that differs from its input.
    static let attempts = 8

    /// The mutated input, at most `maxSize` bytes (a longer result is cut: a shorter input is
    /// a valid input whose case ends early).
    public func mutate(_ input: [UInt8], seed: UInt32, maxSize: Int) -> [UInt8] {
        var random = Xoshiro256StarStar(seed: UInt64(seed))
        let original = decode(input)
        var output: [UInt8] = []
        for _ in 0..<Self.attempts {
            output = Array(mutated(original, using: &random).byteInput.prefix(max(0, maxSize)))
            if output != input { break }
        }
        return output
    }

    /// Mutates the `size` bytes at `data` in place, for `LLVMFuzzerCustomMutator`: `data` holds
    /// room for `maxSize` bytes. Returns the new size.
    public func mutate(_ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, seed: UInt32) -> Int {
        let output = mutate(Array(UnsafeBufferPointer(start: data, count: max(0, size))), seed: seed, maxSize: maxSize)
        for (index, byte) in output.enumerated() { data[index] = byte }
        return output.count
    }

    /// The source that generated the input's case: its choices, their maxima and spans.
    public func decode(_ input: [UInt8]) -> ChoiceSource {
        var source = ChoiceSource(bytes: input)
        _ = runner.generate(from: &source)
        return source
    }

    /// The source that generated the case of a (possibly edited) choice sequence.
    public func replay(_ choices: [UInt64]) -> ChoiceSource {
        var source = ChoiceSource(replaying: choices)
        _ = runner.generate(from: &source)
        return source
    }

    /// A fresh case from a seed.
    public func freshCase(seed: UInt64) -> ChoiceSource {
        var source = ChoiceSource(seed: seed)
        _ = runner.generate(from: &source)
        return source
    }

    /// One mutation: a fresh case, or one to `maximumEdits` edits, each replayed.
    func mutated(_ original: ChoiceSource, using random: inout Xoshiro256StarStar) -> ChoiceSource {
        if original.recorded.isEmpty || random.nextUnitDouble() < freshCaseProbability {
            return freshCase(seed: random.next())
        }
        var current = original
        let edits = 1 + Int(random.next(upTo: UInt64(maximumEdits - 1)))
        for _ in 0..<edits {
            guard let edited = pickEdit(using: &random).apply(to: current, using: &random) else { continue }
            current = replay(edited)
        }
        return current
    }

    /// An edit, by `editWeights`.
    func pickEdit(using random: inout Xoshiro256StarStar) -> ChoiceEdit {
        let weighted = ChoiceEdit.allCases.map { ($0, max(0, editWeights[$0] ?? 0)) }.filter { $0.1 > 0 }
        let total = weighted.reduce(0) { $0 + $1.1 }
        guard total > 0 else { return .randomiseChoice }
        var remaining = Int(random.next(upTo: UInt64(total - 1)))
        for (edit, weight) in weighted {
            if remaining < weight { return edit }
            remaining -= weight
        }
        return .randomiseChoice
    }
}
