import Crossfire
import FirestoreEmulator
import FirestoreModel
import ModelSchema
import Synchronization

/// The storage check against the Firestore emulator (`crossfire run --storage emulator`): the documents a case stores — its
/// input document (valid or faulty) and what each encoder's output became through the write
/// path, which the round trip reads back — written as they are to the Firestore emulator and
/// compared with Crossfire's storage model (`StorageConformance`): the same refusal for the
/// same rule at the same field, and a read-back equal to what the model says is kept. What
/// the emulator gave back for each encoder's document goes back to the engine, whose decoders
/// read it (`Differ.checkRoundTripThroughStorage`).
///
/// Each difference is a `storageDisagreement` discrepancy whose outcomes are the model's
/// (`storage-model`, the reference) and the emulator's, so that it is classed like every
/// other finding. The model is shared by every mapper, so no mapper differential can see a
/// bug in it; this check can.
package struct EmulatorStorageCheck: StorageCheck {
    private let conformance: StorageConformance
    /// The collection every document of this check goes in, one of its own per check.
    private let collection: String
    /// The next document number: every document gets a name of its own.
    private let counter = DocumentCounter()

    /// A check writing through `client`, comparing with `model` (Crossfire's own by default).
    package init(client: FirestoreRESTClient, model: any StoragePrediction = StorageModel()) {
        conformance = StorageConformance(client: client, model: model)
        collection = "storage-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The check of a case: its input document and its distinct stored documents (`stored`, in
    /// participant order), each written once; what the emulator gave back for each stored one.
    package func check(_ record: CaseRecord, stored: [Result<FirestoreMap, MappingFailure>]) -> StorageCheckResult {
        var documents: [FirestoreMap] = record.document.map { [$0] } ?? []
        for case .success(let document) in stored where !documents.contains(document) {
            documents.append(document)
        }
        var result = CheckResult()
        guard !documents.isEmpty else { return StorageCheckResult(result: result, readBack: stored.map { _ in nil }) }
        let first = counter.take(documents.count)
        let named = documents.enumerated().compactMap { offset, fields -> (reference: DocumentReference, fields: FirestoreMap)? in
            guard let reference = try? DocumentReference(path: "\(collection)/d\(first + offset)") else { return nil }
            return (reference, fields)
        }
        let byReference = Dictionary(named.map { ($0.reference, $0.fields) }, uniquingKeysWith: { first, _ in first })
        var readBack: [FirestoreMap?] = stored.map { _ in nil }
        do {
            let comparison = try conformance.compare(named)
            for difference in comparison.differences {
                result.discrepancies.append(discrepancy(difference, in: byReference[difference.document] ?? [:], schema: record.schema))
            }
            for (index, written) in stored.enumerated() {
                guard case .success(let document) = written, let position = named.firstIndex(where: { $0.fields == document }) else { continue }
                readBack[index] = comparison.readBack[position]
            }
        } catch {
            let failure = MappingFailure(kind: .unexpected, path: .root, message: "the emulator did not answer: \(error)", hasPath: false)
            result.discrepancies.append(Discrepancy(
                kind: .storageDisagreement, check: .storage, path: .root,
                facts: LeafFacts(path: .root, schema: record.schema, held: .stored(.map(documents[0]))),
                outcomes: [MapperOutcome(mapper: StorageParticipant.model, result: .value),
                           MapperOutcome(mapper: StorageParticipant.emulator, result: .failed(.unexpected, .unplaced), failure: failure)]))
        }
        return StorageCheckResult(result: result, readBack: readBack)
    }

    /// A difference as a discrepancy at its path, with the facts of `document` there.
    private func discrepancy(_ difference: StorageDifference, in document: FirestoreMap, schema: ModelSchema) -> Discrepancy {
        let path = difference.path
        let held: LeafValue = path.isRoot ? .stored(.map(document)) : schema.storedValue(at: path, in: document).map(LeafValue.stored) ?? .absent
        let outcomes: [MapperOutcome]
        switch difference.kind {
        case .storedThoughRefused(let rule):
            outcomes = [refusal(at: path, rule: rule, "the model refuses it: \(rule)", by: StorageParticipant.model),
                        MapperOutcome(mapper: StorageParticipant.emulator, result: .value, leaf: held)]
        case .refusedThoughStored(let message):
            outcomes = [MapperOutcome(mapper: StorageParticipant.model, result: .value, leaf: held),
                        refusal(at: path, rule: difference.rule, message, by: StorageParticipant.emulator)]
        case .refusedForAnotherRule(let rules, let message):
            outcomes = [refusal(at: path, rule: rules.first, "the model refuses it: \(rules.map(\.rawValue).joined(separator: ", "))", by: StorageParticipant.model),
                        refusal(at: path, rule: difference.rule, message, by: StorageParticipant.emulator)]
        case .readBack(let predicted, let given):
            outcomes = [MapperOutcome(mapper: StorageParticipant.model, result: predicted.map { .stored($0.kind) } ?? .absent, leaf: predicted.map(LeafValue.stored) ?? .absent),
                        MapperOutcome(mapper: StorageParticipant.emulator, result: given.map { .stored($0.kind) } ?? .absent, leaf: given.map(LeafValue.stored) ?? .absent)]
        }
        return Discrepancy(kind: .storageDisagreement, check: .storage, path: path,
                           facts: LeafFacts(path: path, schema: schema, held: held), outcomes: outcomes)
    }

    /// A refusal by `name` at `path`: a rejected write whose `found` is the rule, as the write
    /// path's refusals say it (so that a refused field name is classed as the write path's is).
    private func refusal(at path: ValuePath, rule: LimitViolation.Rule?, _ message: String, by name: String) -> MapperOutcome {
        let failure = MappingFailure(kind: .writeRejected, path: path, found: rule?.rawValue, message: message, hasPath: !path.isRoot)
        return MapperOutcome(mapper: name, result: .failed(.writeRejected, path.isRoot ? .unplaced : .here), failure: failure)
    }
}

/// Numbers the documents of a storage check across the threads that run cases.
private final class DocumentCounter: Sendable {
    private let next = Atomic<Int>(0)

    /// The first of `count` numbers no other call got.
    func take(_ count: Int) -> Int {
        next.add(count, ordering: .relaxed).oldValue
    }
}
