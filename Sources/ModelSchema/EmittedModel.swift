import FirestoreModel

/// A struct emitted by `SwiftEmitter`: compiler-synthesized `Codable` (the Codable
/// mapper's side), a hand-written dictionary mapper in the `data["key"] as? T` idiom (the
/// legacy side), and conversions to and from `ModelValue` so that tests can compare both
/// sides' results with the harness's dynamic models.
package protocol EmittedModel: Codable, Hashable {
    /// Reads a document's data the hand-written way; nil when a required field is absent or
    /// not convertible. `reference` fills `@DocumentID` properties (nested structs receive
    /// the same reference, as `Firestore.Decoder` gives them the document's).
    init?(reference: DocumentReference, data: [String: Any])
    /// The document data the hand-written way, as handed to `setData`.
    var dictionary: [String: Any] { get }
    /// The value as a `ModelValue`: every stored property in declaration order.
    var modelValue: ModelValue { get }
    /// Creates the value from a `ModelValue` of the same shape; nil when it does not fit.
    init?(modelValue: ModelValue)
}
