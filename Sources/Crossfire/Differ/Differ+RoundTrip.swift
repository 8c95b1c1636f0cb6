import FirestoreModel
import ModelSchema

extension Differ {
    /// Model → encode → write path → stored → read path → decode, per mapper: every leaf not
    /// given back as it was is a loss (a silent default, where a lenient mapper said it put a
    /// default there), and a failure to read its own output back is a loss at the failure.
    /// `stored` is `storedDocuments(model)` when the caller has it already (the encode check's).
    package func checkRoundTrip(_ model: ModelValue, stored documents: [Result<FirestoreMap, MappingFailure>]? = nil) -> CheckResult {
        var result = CheckResult()
        let documents = documents ?? storedDocuments(model)
        for (participant, written) in zip(participants, documents) {
            let stored: FirestoreMap
            switch written {
            case .success(let map):
                stored = map
            case .failure(let failure):
                result.outcomes.append(.failure(.roundTrip, participant.name, failure, stage: .encode))
                continue
            }
            let decoded = participant.mapper.decode(readPath.data(stored), reference: reference)
            if participant.style == .strict {
                result.reached += reachedWrittenSituations(model, mapper: participant.name, stored: stored, decoded: decoded.outcome)
            }
            switch decoded.outcome {
            case .failure(let failure):
                let path = failure.hasPath ? failure.leafPath : .root
                let here = facts(at: path, in: stored)
                result.failures.append(ReportedFailure(mapper: participant.name, check: .roundTrip, failure: failure, facts: here))
                result.outcomes.append(.failure(.roundTrip, participant.name, failure, stage: .decode))
                result.discrepancies.append(Discrepancy(
                    kind: .roundTripLoss, check: .roundTrip, path: path, facts: here, input: modelLeaf(model, at: path, near: here.held),
                    outcomes: [MapperOutcome(mapper: participant.name, result: self.result(of: failure, at: path), failure: failure)]))
            case .success(let back):
                let leaves = ModelDiff(schema: schema).leaves(model, back)
                guard let first = leaves.first else {
                    result.outcomes.append(.value(.roundTrip, participant.name))
                    continue
                }
                result.outcomes.append(MapperCheckOutcome(check: .roundTrip, mapper: participant.name,
                                                          result: MapperCheckOutcome.changed, path: first.path.description))
                for leaf in leaves {
                    // A lenient mapper that put a default where it could not read its own output
                    // has said so: that is a silent default, not a separate loss.
                    let silent = decoded.silentDefaults.first { leaf.concerns(keyedPath($0.path, in: stored)) }
                    let outcome = MapperOutcome(mapper: participant.name, result: silent.map { .defaulted($0.kind) } ?? Differ.result(of: leaf.right),
                                                leaf: leaf.right)
                    result.discrepancies.append(Discrepancy(
                        kind: silent == nil ? .roundTripLoss : .silentDefault, check: .roundTrip, path: leaf.path,
                        facts: facts(at: leaf.path, in: stored, near: leaf.side), input: leaf.left, outcomes: [outcome], enclosingSet: leaf.enclosingSet))
                }
            }
        }
        return result
    }
}
