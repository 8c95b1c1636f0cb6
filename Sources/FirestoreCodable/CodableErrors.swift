/// An error the SDK's Codable support throws when a value cannot be encoded by the
/// encoder at hand (for example a `@DocumentID` or a `DocumentReference` given to a
/// non-Firestore encoder).
public enum FirestoreEncodingError: Error, Equatable, Sendable {
    /// The value can only be encoded by `Firestore.Encoder`; the text says which value.
    case encodingIsNotSupported(String)
}

/// An error the SDK's Codable support throws when a value cannot be decoded by the
/// decoder at hand.
public enum FirestoreDecodingError: Error, Equatable, Sendable {
    /// The value can only be decoded by `Firestore.Decoder`; the text says which value.
    case decodingIsNotSupported(String)
    /// A document field has the name of the `@DocumentID` property. Kept for source
    /// compatibility: the SDK has not thrown it since 10.0, and neither does this module.
    case fieldNameConflict(String)
}
