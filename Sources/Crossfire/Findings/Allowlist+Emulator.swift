import FirestoreModel
import ModelSchema

extension Allowlist {
    /// The emulator's own refusals that production Firestore documents no rule for, so that
    /// Crossfire's model does not make them (`Docs/emulator-differences.md`): a storage class
    /// where the model stores a vector and the emulator refuses it for this reason is expected.
    package static let emulatorDifferences: [AllowlistEntry] = [
        vectorRefusal(id: "emulator-refuses-nan-in-vector", message: "Vector cannot contain NaN values",
                      reason: "The Firestore emulator refuses a vector holding NaN; production Firestore documents no such rule (a vector's documented limit is its 2,048 dimensions, and NaN is a valid double), so Crossfire's model stores it (Docs/emulator-differences.md #3)."),
        vectorRefusal(id: "emulator-refuses-empty-vector", message: "Cannot have a zero length vector",
                      reason: "The Firestore emulator refuses a vector of no elements; production Firestore documents no such rule, so Crossfire's model stores it (Docs/emulator-differences.md #4)."),
        vectorRefusal(id: "emulator-refuses-vector-in-array", message: "Cannot convert a vector value in an array value",
                      reason: "The Firestore emulator refuses a vector directly inside an array; production Firestore documents no such rule (only an array directly inside an array is refused), so Crossfire's model stores it (Docs/emulator-differences.md #6)."),
    ]

    /// An entry for the emulator refusing, with a message that begins with `message`, a
    /// document the model stores, at a vector.
    private static func vectorRefusal(id: String, message: String, reason: String) -> AllowlistEntry {
        AllowlistEntry(id: id, reason: reason) { discrepancy, _ in
            guard discrepancy.check == .storage, discrepancy.outcomes.count == 2,
                  discrepancy.outcomes[0].result == .value,
                  let refusal = discrepancy.outcome(of: StorageParticipant.emulator)?.failure else { return false }
            return refusal.message.hasPrefix(message)
        }
    }
}
