/// An error the SDK's Codable support throws when a value cannot be encoded by the
/// encoder at hand (for example a `@DocumentID` or a `DocumentReference` given to a
/// non-Firestore encoder).
public enum FirestoreEncodingError: Error, Equatable, Sendable {
    /// The value can only be encoded by `Firestore.Encoder`; the text says which value.
    case encodingIsNotSupported(String)
}
