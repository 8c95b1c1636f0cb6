import FirestoreModel

/// What a model of Firestore's storage says of a document written as it is: the limits it
/// breaks (none: it is stored) and, when stored, what is given back. Crossfire's own is
/// `StorageModel`; tests plant faulty ones to see that the emulator catches them.
package protocol StoragePrediction: Sendable {
    /// Every limit `fields` breaks, each at its field path; empty when storage accepts it.
    func violations(in fields: FirestoreMap, documentPath: String?) -> [LimitViolation]
    /// What storage gives back for `fields`, which it accepted.
    func stored(_ fields: FirestoreMap) -> FirestoreMap
}

extension StorageModel: StoragePrediction {}
