import FirestoreModel

/// A `DocumentReference` only maps through `Firestore.Encoder`/`Firestore.Decoder`, which
/// pass it through untouched; every other coder gets an error, as in the SDK.
extension DocumentReference: Codable {
    /// Always throws: a reference can only be decoded from a stored reference.
    /// - Throws: `FirestoreDecodingError.decodingIsNotSupported`.
    public init(from decoder: any Swift.Decoder) throws {
        throw FirestoreDecodingError.decodingIsNotSupported(
            "DocumentReference values can only be decoded with Firestore.Decoder"
        )
    }

    /// Always throws: only `Firestore.Encoder` can write a reference.
    /// - Throws: `FirestoreEncodingError.encodingIsNotSupported`.
    public func encode(to encoder: any Swift.Encoder) throws {
        throw FirestoreEncodingError.encodingIsNotSupported(
            "DocumentReference values can only be encoded with Firestore.Encoder"
        )
    }
}
