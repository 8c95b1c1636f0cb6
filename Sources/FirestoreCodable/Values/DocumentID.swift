import FirestoreModel

/// A type that `@DocumentID` can fill from the reference of the document being read.
/// `String` (the document's ID) and `DocumentReference` (the reference itself) conform.
public protocol DocumentIDWrappable {
    /// Creates a value from the reference of the document being decoded.
    static func wrap(_ documentReference: DocumentReference) throws -> Self
}

extension String: DocumentIDWrappable {
    /// The document's own ID: the last segment of its path.
    public static func wrap(_ documentReference: DocumentReference) throws -> String {
        documentReference.documentID
    }
}

extension DocumentReference: DocumentIDWrappable {
    /// The reference itself.
    public static func wrap(_ documentReference: DocumentReference) throws -> DocumentReference {
        documentReference
    }
}

/// Marks a `String?` or `DocumentReference?` property to be filled, when read, from the
/// reference of the document being decoded; its value is never written.
///
/// As in the SDK: `Firestore.Encoder` skips it in keyed containers; encoding it anywhere
/// else, or with any other encoder, throws `FirestoreEncodingError.encodingIsNotSupported`.
/// Decoding reads the reference `Firestore.Decoder` put into `userInfo` under
/// `CodingUserInfoKey.documentRefUserInfoKey`, and throws
/// `FirestoreDecodingError.decodingIsNotSupported` when there is none. A document field
/// with the property's name is ignored. (The SDK logs warning I-FST000002 when a non-nil
/// value is assigned; this module has no logger and keeps the value silently, as the SDK
/// does after logging.)
@propertyWrapper
public struct DocumentID<Value: DocumentIDWrappable & Codable>: StructureCodingUncodedUnkeyed {
    private var value: Value?

    /// Creates the wrapper; a non-nil value is kept (for equality) but never written.
    public init(wrappedValue value: Value?) {
        self.value = value
    }

    /// The document's ID or reference once decoded; nil before.
    public var wrappedValue: Value? {
        get { value }
        set { value = newValue }
    }
}

extension DocumentID: Codable {
    /// Fills the value from the reference in `decoder.userInfo[.documentRefUserInfoKey]`.
    /// - Throws: `FirestoreDecodingError.decodingIsNotSupported` when the decoder holds no
    ///   reference (any decoder but `Firestore.Decoder` with a reference), or the error of
    ///   `Value.wrap(_:)`.
    public init(from decoder: any Swift.Decoder) throws {
        guard let reference = decoder.userInfo[.documentRefUserInfoKey] as? DocumentReference else {
            throw FirestoreDecodingError.decodingIsNotSupported(
                "Could not find DocumentReference for user info key: "
                    + "CodingUserInfoKey(rawValue: \"DocumentRefUserInfoKey\").\n"
                    + "DocumentID values can only be decoded with Firestore.Decoder"
            )
        }
        value = try Value.wrap(reference)
    }

    /// Always throws: a `@DocumentID` is only ever skipped, by the keyed containers of
    /// `Firestore.Encoder`.
    /// - Throws: `FirestoreEncodingError.encodingIsNotSupported`.
    public func encode(to encoder: any Swift.Encoder) throws {
        throw FirestoreEncodingError.encodingIsNotSupported(
            "DocumentID values can only be encoded with Firestore.Encoder"
        )
    }
}

extension DocumentID: Equatable where Value: Equatable {}
extension DocumentID: Hashable where Value: Hashable {}
extension DocumentID: Sendable where Value: Sendable {}
