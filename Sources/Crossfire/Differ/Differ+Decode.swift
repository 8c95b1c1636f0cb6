import FirestoreModel
import ModelSchema

extension Differ {
    /// Decodes a stored document with every mapper and compares the outcomes with the
    /// reference's, leaf by leaf: two values at every leaf where they differ; two failures
    /// that disagree (kind or place) where the mappers part; a failure and a value at the
    /// failure. A lenient mapper's defaults are each a silent default, and its values are
    /// compared where the reference succeeded, away from its defaults.
    package func checkDecode(_ document: FirestoreMap) -> CheckResult {
        var result = CheckResult()
        let data = readPath.data(document)
        let results = participants.map { $0.mapper.decode(data, reference: reference) }
        record(.decode, results.map(\.outcome), in: document, into: &result)
        guard let referenceResult = results.first, let referenceMapper = participants.first else { return result }
        for (participant, decoded) in zip(participants, results).dropFirst() {
            switch participant.style {
            case .strict:
                result.discrepancies += compareDecoded(referenceMapper.name, referenceResult.outcome, participant.name, decoded.outcome, document)
                if let element = reachedNullElement(document, reference: (referenceMapper.name, referenceResult.outcome),
                                                    participant: (participant.name, decoded.outcome)) {
                    result.reached.append(element)
                }
            case .lenient, .lenientDecode:
                result.discrepancies += lenientDiscrepancies(referenceMapper.name, referenceResult.outcome, participant.name, decoded, document)
            }
        }
        return result
    }

    private func compareDecoded(_ leftName: String, _ left: Result<ModelValue, MappingFailure>,
                                _ rightName: String, _ right: Result<ModelValue, MappingFailure>,
                                _ document: FirestoreMap) -> [Discrepancy] {
        let path: ValuePath
        switch (left, right) {
        case let (.success(a), .success(b)):
            return ModelDiff(schema: schema).leaves(a, b).map { leaf in
                Discrepancy(kind: .decodeDisagreement, check: .decode, path: leaf.path, facts: facts(at: leaf.path, in: document, near: leaf.side),
                            outcomes: [MapperOutcome(mapper: leftName, result: Differ.result(of: leaf.left), leaf: leaf.left),
                                       MapperOutcome(mapper: rightName, result: Differ.result(of: leaf.right), leaf: leaf.right)],
                            enclosingSet: leaf.enclosingSet)
            }
        case let (.failure(a), .failure(b)):
            // Decoders, too, may meet a dictionary's entries in different orders: two failures
            // of one kind in different entries of one dictionary (or elements of one set) agree.
            guard !a.agrees(with: b), !(a.kind == b.kind && partInsideUnorderedContainer(a.leafPath, b.leafPath)) else { return [] }
            path = divergence(a, b)
        case let (.failure(failure), .success), let (.success, .failure(failure)):
            path = failure.hasPath ? failure.leafPath : .root
        }
        let here = facts(at: path, in: document)
        return [Discrepancy(kind: .decodeDisagreement, check: .decode, path: path, facts: here,
                            outcomes: [outcome(leftName, left, at: path, near: here.held), outcome(rightName, right, at: path, near: here.held)])]
    }

    private func lenientDiscrepancies(_ referenceName: String, _ reference: Result<ModelValue, MappingFailure>,
                                      _ name: String, _ decoded: DecodeResult, _ document: FirestoreMap) -> [Discrepancy] {
        var discrepancies = decoded.silentDefaults.map { silent in
            let here = facts(at: silent.path, in: document)
            return Discrepancy(kind: .silentDefault, check: .decode, path: silent.path, facts: here,
                               outcomes: [outcome(referenceName, reference, at: silent.path, near: here.held),
                                          MapperOutcome(mapper: name, result: .defaulted(silent.kind), leaf: .model(silent.substituted))])
        }
        guard case .success(let expected) = reference, case .success(let actual) = decoded.outcome else { return discrepancies }
        let defaulted = decoded.silentDefaults.map { keyedPath($0.path, in: document) }
        for leaf in ModelDiff(schema: schema).leaves(expected, actual) where !defaulted.contains(where: leaf.concerns) {
            discrepancies.append(Discrepancy(
                kind: .decodeDisagreement, check: .decode, path: leaf.path, facts: facts(at: leaf.path, in: document, near: leaf.side),
                outcomes: [MapperOutcome(mapper: referenceName, result: Differ.result(of: leaf.left), leaf: leaf.left),
                           MapperOutcome(mapper: name, result: Differ.result(of: leaf.right), leaf: leaf.right)],
                enclosingSet: leaf.enclosingSet))
        }
        return discrepancies
    }
}
