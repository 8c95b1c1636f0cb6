import FirestoreModel

/// A check of what a case stores against a real Firestore (`crossfire run --storage
/// emulator`): the engine runs it beside the round trip and classes its discrepancies like
/// every other finding. The engine knows only this protocol; the check that writes to the
/// emulator (`EmulatorStorageCheck`) lives in a module of its own, so that the engine, and the
/// fuzz targets linked with it, carry no networking.
package protocol StorageCheck: Sendable {
    /// The check of a case: its input document and its distinct stored documents (`stored`,
    /// in participant order), and what the database gave back for each stored one.
    func check(_ record: CaseRecord, stored: [Result<FirestoreMap, MappingFailure>]) -> StorageCheckResult
}

/// What a storage check found for one case.
package struct StorageCheckResult: Sendable {
    /// Where the database parted from Crossfire's storage model.
    package var result: CheckResult
    /// For each entry of the check's `stored`, in participant order: the document the database
    /// gave back when it stored it; nil for an encoder's failure, or a document the database
    /// refused.
    package var readBack: [FirestoreMap?]

    /// A result.
    package init(result: CheckResult, readBack: [FirestoreMap?]) {
        self.result = result
        self.readBack = readBack
    }
}

/// The names the two sides of a storage discrepancy go by, as its outcomes' mappers.
package enum StorageParticipant {
    /// Crossfire's storage model: the reference (in the round trip through the database, the
    /// round trip in memory).
    package static let model = "storage-model"
    /// The Firestore emulator (in the round trip through the database, a decoder reading what
    /// the emulator gave back).
    package static let emulator = "emulator"
}
