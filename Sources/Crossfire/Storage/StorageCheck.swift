import FirestoreModel

/// A check of what a case stores against a real Firestore (`crossfire run --storage
/// emulator`): the engine runs it beside the round trip and classes its discrepancies like
/// every other finding. The engine knows only this protocol; the check that writes to the
/// emulator (`EmulatorStorageCheck`) lives in a module of its own, so that the engine, and the
/// fuzz targets linked with it, carry no networking.
package protocol StorageCheck: Sendable {
    /// The check of a case: its input document and its distinct stored documents (`stored`,
    /// in participant order).
    func check(_ record: CaseRecord, stored: [Result<FirestoreMap, MappingFailure>]) -> CheckResult
}

/// The names the two sides of a storage discrepancy go by, as its outcomes' mappers.
package enum StorageParticipant {
    /// Crossfire's storage model: the reference.
    package static let model = "storage-model"
    /// The Firestore emulator.
    package static let emulator = "emulator"
}
