import FirestoreModel
import ModelSchema

/// One way the mutator corrupts a value (a `corruptedData` fault): which stored values of
/// which Swift types it applies to, and how it makes a value of the same Firestore kind that
/// the Swift type cannot hold. Every way is one entry of `ValueCorruption.catalogue`; the
/// mutator draws a site among the values some entry accepts, then lets that entry corrupt it.
struct ValueCorruption: Sendable {
    /// Whether the entry corrupts a stored `value` of the (unwrapped) `type`.
    let accepts: @Sendable (_ type: FieldType, _ value: FirestoreValue) -> Bool
    /// The fault kind and the corrupt value for a site the entry accepts; nil when it has none.
    let corrupt: @Sendable (_ site: MutationSites.Value, _ mutator: Mutator, _ source: inout ChoiceSource) -> (FaultKind, FirestoreValue)?

    /// The entry that corrupts a stored value of the (unwrapped) type, if any (at most one does).
    static func entry(for type: FieldType, _ value: FirestoreValue) -> ValueCorruption? {
        catalogue.first { $0.accepts(type, value) }
    }
}
