/// The custom mutator of `FuzzDifferential`: it edits an input as the choice sequence it
/// stands for, not as bytes.
///
/// Byte-level mutation is nearly blind here: a flipped byte shifts how every later byte is
/// read, and the libraries behind the mappers (Foundation, jansson, the standard library)
/// give libFuzzer no coverage to steer by. So the mutator decodes the input — generating its
/// case from `ChoiceSource(bytes:)` — and applies one to `maximumEdits` `ChoiceEdit`s to the
/// recorded choices, using the spans the generators marked (delete, duplicate or copy an
/// element, a field, a type or a fault; zero or randomise it) and each choice's maximum
/// (lower, step, randomise or maximise one decision). The edits stack on a `ChoiceDraft`, which
/// moves the spans and maxima with each edit, and the result is replayed through the generators
/// once and written back as bytes with `ChoiceSource.byteInput`. Now and then
/// (`freshCaseProbability`, and always for an input that makes no choice) it starts over
/// from a fresh seeded case instead.
///
/// Deterministic: the same input, seed and size limit give the same output. With a `cache`,
/// an input generated lately (the last output, most often) is not generated again, and each
/// output's case is kept for the target to run and the next mutation to decode.
public struct ChoiceMutator: Sendable {
    /// Generates the cases (its mappers are not run).
    package let runner: CaseRunner
    /// Where generated cases are kept by their bytes, if anywhere.
    package let cache: GeneratedCaseCache?
    /// The most edits one mutation stacks.
    package var maximumEdits: Int
    /// The probability that a mutation replaces the input by a fresh seeded case.
    package var freshCaseProbability: Double
    /// How often each edit is picked, relative to the others.
    package var editWeights: [ChoiceEdit: Int]

    /// The default weights: span deletions and single-choice randomisation most often.
    package static let defaultEditWeights: [ChoiceEdit: Int] = [
        .deleteSpan: 3, .duplicateSpan: 2, .copySpan: 2, .zeroSpan: 1, .randomiseSpan: 2,
        .lowerChoice: 2, .randomiseChoice: 4, .stepChoice: 2, .maximiseChoice: 1,
    ]

    /// A mutator generating cases with `runner`'s generator.
    package init(runner: CaseRunner, cache: GeneratedCaseCache? = nil, maximumEdits: Int = 3, freshCaseProbability: Double = 1.0 / 32,
                editWeights: [ChoiceEdit: Int] = ChoiceMutator.defaultEditWeights) {
        self.runner = runner
        self.cache = cache
        self.maximumEdits = max(1, maximumEdits)
        self.freshCaseProbability = freshCaseProbability
        self.editWeights = editWeights
    }

    /// How many times a mutation tries for an output that differs from its input.
    static let attempts = 8

    /// The mutated input, at most `maxSize` bytes (a longer result is cut: a shorter input is
    /// a valid input whose case ends early).
    package func mutate(_ input: [UInt8], seed: UInt32, maxSize: Int) -> [UInt8] {
        var random = Xoshiro256StarStar(seed: UInt64(seed))
        let original = decoded(input)
        var output: [UInt8] = []
        for _ in 0..<Self.attempts {
            output = written(mutated(original, using: &random), maxSize: maxSize)
            if output != input { break }
        }
        return output
    }

    /// A generated case as an input of at most `maxSize` bytes, kept in the cache when it was
    /// not cut (a cut input generates another case).
    func written(_ generated: GeneratedCaseCache.Entry, maxSize: Int) -> [UInt8] {
        let bytes = generated.source.byteInput
        guard bytes.count <= maxSize else { return Array(bytes.prefix(max(0, maxSize))) }
        cache?.insert(generated, for: bytes)
        return bytes
    }

    /// Mutates the `size` bytes at `data` in place, for `LLVMFuzzerCustomMutator`: `data` holds
    /// room for `maxSize` bytes. Returns the new size.
    public func mutate(_ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, seed: UInt32) -> Int {
        let output = mutate(Array(UnsafeBufferPointer(start: data, count: max(0, size))), seed: seed, maxSize: maxSize)
        for (index, byte) in output.enumerated() { data[index] = byte }
        return output.count
    }

    /// The source that generated the input's case: its choices, their maxima and spans.
    package func decode(_ input: [UInt8]) -> ChoiceSource {
        decoded(input).source
    }

    /// The input's source and case, from the cache when it holds them (else generated, and kept).
    package func decoded(_ input: [UInt8]) -> GeneratedCaseCache.Entry {
        if let cached = cache?.entry(for: input) { return cached }
        let entry = generated(ChoiceSource(bytes: input))
        cache?.insert(entry, for: input)
        return entry
    }

    /// The source that generated the case of a (possibly edited) choice sequence.
    package func replay(_ choices: [UInt64]) -> ChoiceSource {
        replayed(choices).source
    }

    /// The source and case of a (possibly edited) choice sequence.
    func replayed(_ choices: [UInt64]) -> GeneratedCaseCache.Entry {
        generated(ChoiceSource(replaying: choices))
    }

    /// The case a source generates, with the source after generation.
    private func generated(_ start: ChoiceSource) -> GeneratedCaseCache.Entry {
        var source = start
        let record = runner.generate(from: &source)
        return GeneratedCaseCache.Entry(source: source, record: record)
    }

    /// One mutation: a fresh case, or one to `maximumEdits` edits stacked on a draft of the
    /// original's choices (`ChoiceDraft` keeps the maxima and spans in step) and replayed once.
    func mutated(_ original: GeneratedCaseCache.Entry, using random: inout Xoshiro256StarStar) -> GeneratedCaseCache.Entry {
        if original.source.recorded.isEmpty || random.nextUnitDouble() < freshCaseProbability {
            return generated(ChoiceSource(seed: random.next()))
        }
        var draft = ChoiceDraft(original.source)
        var edited = false
        let edits = 1 + Int(random.next(upTo: UInt64(maximumEdits - 1)))
        for _ in 0..<edits {
            if pickEdit(using: &random).apply(to: &draft, using: &random) { edited = true }
        }
        return edited ? replayed(draft.choices) : original
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
