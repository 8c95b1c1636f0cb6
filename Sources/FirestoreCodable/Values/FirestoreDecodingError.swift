/// An error the SDK's Codable support throws when a value cannot be decoded by the
/// decoder at hand.
public enum FirestoreDecodingError: Error, Equatable, Sendable {
    /// The value can only be decoded by `Firestore.Decoder`; the text says which value.
    case decodingIsNotSupported(String)
    /// A document field has the name of the `@DocumentID` property. Kept for source
    /// compatibility: the SDK has not thrown it since 10.0, and neither does this module.
    case fieldNameConflict(String)
}
