import FirestoreModel
import ModelSchema

extension Differ {
    /// Encodes a model value with every mapper, runs each result through the write path and
    /// compares the stored documents with the reference's, leaf by leaf (sets as multisets,
    /// enum-keyed dictionaries entry by entry: both are written in hash order). A `.lenient`
    /// mapper's documents are not compared: its `var dictionary` writes what it is given.
    /// `stored` is `storedDocuments(model)` when the caller has it already.
    package func checkEncode(_ model: ModelValue, stored: [Result<FirestoreMap, MappingFailure>]? = nil) -> CheckResult {
        var result = CheckResult()
        let stored = stored ?? storedDocuments(model)
        let referenceDocument: FirestoreMap? = if case .success(let map)? = stored.first { map } else { nil }
        record(.encode, stored, in: referenceDocument, into: &result)
        guard let referenceStored = stored.first, let referenceMapper = participants.first else { return result }
        for (participant, outcome) in zip(participants, stored).dropFirst() where participant.style != .lenient {
            let path: ValuePath
            switch (referenceStored, outcome) {
            case let (.success(a), .success(b)):
                for leaf in StoredDiff(schema: schema).leaves(a, b) {
                    result.discrepancies.append(Discrepancy(
                        kind: .encodeDisagreement, check: .encode, path: leaf.path,
                        facts: LeafFacts(path: leaf.path, schema: schema, held: leaf.left), input: modelLeaf(model, at: leaf.path, near: leaf.side),
                        outcomes: [MapperOutcome(mapper: referenceMapper.name, result: Differ.result(of: leaf.left), leaf: leaf.left),
                                   MapperOutcome(mapper: participant.name, result: Differ.result(of: leaf.right), leaf: leaf.right)]))
                }
                continue
            case let (.failure(a), .failure(b)):
                guard !encodeFailuresAgree(a, b) else { continue }
                path = divergence(a, b)
            case let (.failure(failure), .success), let (.success, .failure(failure)):
                path = failure.hasPath ? failure.leafPath : .root
            }
            result.discrepancies.append(Discrepancy(
                kind: .encodeDisagreement, check: .encode, path: path, facts: facts(at: path, in: referenceDocument),
                input: modelLeaf(model, at: path),
                outcomes: [storedOutcome(referenceMapper.name, referenceStored, at: path), storedOutcome(participant.name, outcome, at: path)]))
        }
        return result
    }

    /// Whether two encoders' failures are the same outcome. An encoder stops at the first
    /// failure it meets, and meets the elements of sets and the entries of dictionaries in hash
    /// order; the write path, too, meets the keys of every map it is handed in hash order. So two
    /// failures of one kind agree when the write path raised both, when they part inside a set or
    /// a dictionary (each encoder found one of the bad values there), or when they pass through
    /// one index of a set or an enum-keyed dictionary's flat array, which each encoder numbers in
    /// the order it met the elements: the same index can be two different elements.
    func encodeFailuresAgree(_ a: MappingFailure, _ b: MappingFailure) -> Bool {
        guard a.kind == b.kind else { return false }
        if a.kind == .writeRejected || !a.hasPath || !b.hasPath || a.leafPath == b.leafPath { return true }
        return partInsideUnorderedContainer(a.leafPath, b.leafPath) || shareHashOrderedIndex(a.leafPath, b.leafPath)
    }

    /// Whether two paths share a step to an index of a set or of an enum-keyed dictionary's flat
    /// array.
    func shareHashOrderedIndex(_ a: ValuePath, _ b: ValuePath) -> Bool {
        var prefix = ValuePath.root
        for (x, y) in zip(a.components, b.components) {
            guard x == y else { return false }
            if case .index = x {
                switch schema.fieldType(at: prefix)?.unwrapped {
                case .set?, .dictionary(.enumeration, _)?: return true
                default: break
                }
            }
            prefix = prefix.appending(x)
        }
        return false
    }

    /// Whether two paths part at an element of a set or an entry of a dictionary (whose
    /// order is hash order): the place where their steps first differ is inside one.
    func partInsideUnorderedContainer(_ a: ValuePath, _ b: ValuePath) -> Bool {
        var prefix = ValuePath.root
        for (x, y) in zip(a.components, b.components) {
            if x != y {
                switch schema.fieldType(at: prefix)?.unwrapped {
                case .set?, .dictionary?: return true
                default: return false
                }
            }
            prefix = prefix.appending(x)
        }
        return false
    }

    /// What the model value holds at a leaf (of a set, the element most like `near`, what a
    /// stored document holds at the leaf: its set indexes are the stored array's).
    func modelLeaf(_ model: ModelValue, at path: ValuePath, near: LeafValue? = nil) -> LeafValue {
        schema.modelValue(at: path, in: model, near: near?.storedValue).map(LeafValue.model) ?? .absent
    }

    private func storedOutcome(_ name: String, _ outcome: Result<FirestoreMap, MappingFailure>, at path: ValuePath) -> MapperOutcome {
        switch outcome {
        case .failure(let failure):
            return MapperOutcome(mapper: name, result: result(of: failure, at: path), failure: failure)
        case .success(let map):
            let leaf: LeafValue = schema.storedValue(at: path, in: map).map(LeafValue.stored) ?? .absent
            return MapperOutcome(mapper: name, result: Differ.result(of: leaf), leaf: leaf)
        }
    }
}
