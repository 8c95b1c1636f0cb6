import Foundation
import FirestoreModel

extension Firestore {
    /// Decodes `Decodable` types from Firestore documents, with the names, defaults and
    /// behaviour of the Firebase SDK's `Firestore.Decoder`.
    ///
    /// Each call decodes in a fresh session that copies the strategies and `userInfo`, as the
    /// SDK copies them into a fresh `FirebaseDataDecoder`. Input is either a typed tree
    /// (`FirestoreMap`, `FirestoreValue`), or the untyped `[String: Any]` form the SDK's read
    /// path hands an app; both are read as they are, untyped values classified one by one as
    /// the decoder reaches them (see `DecodingInputReader`). Inside this extension `Decoder` means this class; the standard
    /// library's protocol is `Swift.Decoder`.
    ///
    /// Not `Sendable`: like the SDK's decoder it is a reference type with mutable settings, and
    /// `decode(_:from:in:)` stores the reference in `userInfo`.
    public final class Decoder {
        // The settings are read once per call, to copy them into the call's options. The
        // runtime's exclusivity check on each read costs more than the rest of a small
        // document's setup, and it only diagnoses a program error (an access overlapping a
        // modification of the same property, e.g. one passed `inout`); a correct program
        // behaves the same without it, so it is switched off.

        /// How `Date` values are read. Defaults to `.timestamp`.
        @exclusivity(unchecked) public var dateDecodingStrategy: DateDecodingStrategy = .timestamp
        /// How `Data` values are read. Defaults to `.blob`.
        @exclusivity(unchecked) public var dataDecodingStrategy: DataDecodingStrategy = .blob
        /// How strings stand for non-finite `Float`/`Double` values. Defaults to `.throw`.
        @exclusivity(unchecked) public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
        /// How document keys are matched to coding keys. Defaults to `.useDefaultKeys`.
        @exclusivity(unchecked) public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
        /// Contextual information for `init(from:)` implementations. `decode(_:from:in:)`
        /// stores its reference here under `CodingUserInfoKey.documentRefUserInfoKey`.
        @exclusivity(unchecked) public var userInfo: [CodingUserInfoKey: Any] = [:]

        /// Creates a decoder with the default strategies.
        public init() {}

        /// Decodes a value of type `T` from untyped document data: a `[String: Any]` as the
        /// SDK's `DocumentSnapshot.data()` returns it, any value such a dictionary may hold, or
        /// a `FirestoreMap`/`FirestoreValue`.
        ///
        /// - Throws: `DecodingError` with the coding path of the offending value; a value of a
        ///   type Firestore does not store is reported as a type mismatch when it is read.
        public func decode<T: Decodable>(_ type: T.Type, from data: Any) throws -> T {
            let root = DecodingInputReader.node(from: data)
            let isTyped: Bool
            switch root {
            case .dictionary, .array, .entries:
                // Made from a Swift or Foundation collection: not typed input, which the casts
                // below would spend two failed dynamic casts to find out.
                isTyped = false
            default:
                isTyped = data is FirestoreMap || data is FirestoreValue
            }
            return try decode(type, fromNode: root, matchesKeysCanonically: !isTyped)
        }

        /// Decodes a value of type `T` from untyped document data read from `reference`.
        ///
        /// As in the SDK, a non-nil reference is stored in `userInfo` (for `@DocumentID`) and
        /// never removed: a later call on the same decoder without a reference still sees it;
        /// a nil reference leaves any earlier one in place.
        public func decode<T: Decodable>(_ type: T.Type, from data: Any, in reference: DocumentReference?) throws -> T {
            remember(reference)
            return try decode(type, from: data)
        }

        /// Decodes a value of type `T` from a document's fields, read as they are.
        /// A non-nil `reference` is stored in `userInfo` as by `decode(_:from:in:)`.
        public func decode<T: Decodable>(_ type: T.Type, from map: FirestoreMap, in reference: DocumentReference? = nil) throws -> T {
            remember(reference)
            return try decode(type, fromNode: .value(.map(map)))
        }

        /// Decodes a value of type `T` from one Firestore value, read as it is.
        /// A non-nil `reference` is stored in `userInfo` as by `decode(_:from:in:)`.
        public func decode<T: Decodable>(_ type: T.Type, from value: FirestoreValue, in reference: DocumentReference? = nil) throws -> T {
            remember(reference)
            return try decode(type, fromNode: .value(value))
        }

        /// Stores a non-nil reference in `userInfo`, for `@DocumentID`.
        func remember(_ reference: DocumentReference?) {
            if let reference {
                userInfo[.documentRefUserInfoKey] = reference
            }
        }

        /// Decodes `T` from `root` in a fresh session. With a `readDatabase`, references into
        /// other databases are read as rooted in it, as the SDK's read path re-roots them.
        /// `matchesKeysCanonically` is for untyped input (see `DecodingOptions`).
        func decode<T: Decodable>(_ type: T.Type, fromNode root: DecodingNode, readDatabase: DatabaseID? = nil,
                                  matchesKeysCanonically: Bool = false) throws -> T {
            let session = DecodingSession(root: root, options: DecodingOptions(
                dateDecodingStrategy: dateDecodingStrategy,
                dataDecodingStrategy: dataDecodingStrategy,
                nonConformingFloatDecodingStrategy: nonConformingFloatDecodingStrategy,
                keyDecodingStrategy: keyDecodingStrategy,
                userInfo: userInfo,
                readDatabase: readDatabase,
                matchesKeysCanonically: matchesKeysCanonically
            ))
            return try session.unbox(root, as: type, ifNull: .topLevel)
        }
    }
}
