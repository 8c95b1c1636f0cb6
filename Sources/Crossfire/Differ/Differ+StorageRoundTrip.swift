import FirestoreModel
import ModelSchema

extension Differ {
    /// The round trip through a real database: per mapper, what the database gave back for its
    /// stored document (`readBack`, from the storage check) read by its own decoder, compared
    /// with what the same decoder reads from the document the round trip in memory reads
    /// (`stored`). Every leaf where the two decoded values part — or where one read fails and
    /// the other does not, or both fail otherwise — is a `storageDisagreement` of the check
    /// `storage` at its coding path, the round trip in memory the reference
    /// (`StorageParticipant.model`) and the read through the database the other side
    /// (`StorageParticipant.emulator`), each with its value there. A document the database
    /// gave back unchanged decodes as the one in memory does, and is not read again.
    package func checkRoundTripThroughStorage(_ model: ModelValue, stored: [Result<FirestoreMap, MappingFailure>],
                                              readBack: [FirestoreMap?]) -> CheckResult {
        var result = CheckResult()
        for (participant, (written, given)) in zip(participants, zip(stored, readBack)) {
            guard case .success(let inMemory) = written, let given, given != inMemory else { continue }
            let expected = participant.mapper.decode(readPath.data(inMemory), reference: reference).outcome
            let throughStorage = participant.mapper.decode(readPath.data(given), reference: reference).outcome
            for path in partingLeaves(expected, throughStorage) {
                let near = path.near
                result.discrepancies.append(Discrepancy(
                    kind: .storageDisagreement, check: .storage, path: path.path, facts: facts(at: path.path, in: inMemory, near: near),
                    input: modelLeaf(model, at: path.path, near: near),
                    outcomes: [outcome(StorageParticipant.model, expected, at: path.path, near: near),
                               outcome(StorageParticipant.emulator, throughStorage, at: path.path, near: near)],
                    enclosingSet: path.enclosingSet))
            }
        }
        return result
    }

    /// The leaves at which two reads of one decoder part: the model values' differing leaves,
    /// or the place of the failure when one read fails (of the second when both fail unlike).
    private func partingLeaves(_ expected: Result<ModelValue, MappingFailure>, _ actual: Result<ModelValue, MappingFailure>)
        -> [(path: ValuePath, near: LeafValue?, enclosingSet: LeafDifference.EnclosingSet?)] {
        switch (expected, actual) {
        case let (.success(a), .success(b)):
            return ModelDiff(schema: schema).leaves(a, b).map { ($0.path, $0.side, $0.enclosingSet) }
        case let (.failure(a), .failure(b)):
            guard a.kind != b.kind || a.hasPath != b.hasPath || a.leafPath != b.leafPath else { return [] }
            return [(b.hasPath ? b.leafPath : .root, nil, nil)]
        case let (.failure(failure), .success), let (.success, .failure(failure)):
            return [(failure.hasPath ? failure.leafPath : .root, nil, nil)]
        }
    }
}
