import FirestoreModel

/// A `FieldValue` sentinel only maps through `Firestore.Encoder`, which passes it through
/// untouched; it is `Encodable` (not `Decodable`) so that write-only models compile.
extension FieldValue: Encodable {
    /// Always throws: only `Firestore.Encoder` can write a sentinel.
    /// - Throws: `FirestoreEncodingError.encodingIsNotSupported`.
    public func encode(to encoder: any Swift.Encoder) throws {
        throw FirestoreEncodingError.encodingIsNotSupported(
            "FieldValue values can only be encoded with Firestore.Encoder"
        )
    }
}
