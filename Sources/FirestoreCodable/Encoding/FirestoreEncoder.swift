import Foundation

extension Firestore {
    /// Encodes `Encodable` values into Firestore documents, with the SDK's names, defaults
    /// and behaviour (`Firestore.Encoder` of FirebaseFirestore).
    ///
    /// Each call to `encode(_:)` reads the strategies as they are at that moment. An
    /// encoder holds mutable configuration and is not `Sendable`.
    public final class Encoder {
        // The settings are read once per call, to copy them into the call's options. The
        // runtime's exclusivity check on each read costs more than the rest of a small
        // document's setup, and it only diagnoses a program error (an access overlapping a
        // modification of the same property, e.g. one passed `inout`); a correct program
        // behaves the same without it, so it is switched off.

        /// How `Date` values are written; `.timestamp` by default.
        @exclusivity(unchecked) public var dateEncodingStrategy: DateEncodingStrategy = .timestamp
        /// How `Data` values are written; `.blob` by default.
        @exclusivity(unchecked) public var dataEncodingStrategy: DataEncodingStrategy = .blob
        /// What happens to NaN and ±infinity; `.throw` by default.
        @exclusivity(unchecked) public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
        /// How keys of keyed containers are written; `.useDefaultKeys` by default.
        @exclusivity(unchecked) public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
        /// Values handed to every `encode(to:)` through `Swift.Encoder.userInfo`.
        @exclusivity(unchecked) public var userInfo: [CodingUserInfoKey: Any] = [:]

        /// Creates an encoder with the SDK's defaults.
        public init() {}

        /// Encodes a value into the document data the SDK's encoder returns.
        ///
        /// The result holds Swift values of the width the model wrote (`Int8` stays `Int8`,
        /// `Float` stays `Float`, `Bool` is `Bool`, `Decimal` is `Decimal`), `String`,
        /// `Data`, `NSNull`, `Timestamp`, `GeoPoint`, `DocumentReference`, `VectorValue`,
        /// `FieldValue`, `[Any]` and `[String: Any]`.
        /// - Throws: `EncodingError.invalidValue` when the value does not encode to a map
        ///   (`Top-level T is not allowed.`), encodes nothing (`Top-level T did not encode
        ///   any values.`), holds NaN or ±infinity under `.throw`, or uses its containers in
        ///   a way the SDK traps on; `FirestoreEncodingError` for a `@DocumentID` outside a
        ///   keyed container; and any error the value's own `encode(to:)` throws.
        public func encode<T: Encodable>(_ value: T) throws -> [String: Any] {
            let context = EncodingContext(options: EncodingOptions(
                dateEncodingStrategy: dateEncodingStrategy,
                dataEncodingStrategy: dataEncodingStrategy,
                nonConformingFloatEncodingStrategy: nonConformingFloatEncodingStrategy,
                keyEncodingStrategy: keyEncodingStrategy,
                userInfo: userInfo
            ))
            let root = EncodingSession(context: context, basePath: [])
            let encoded = try root.boxIfEncoded(value, at: nil)
            if let misuse = context.misuse {
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: misuse.codingPath, debugDescription: misuse.message
                ))
            }
            guard let encoded else {
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."
                ))
            }
            switch encoded.resolved {
            case .map(let map): return map.foundationDictionary()
            case .finishedMap(let dictionary): return dictionary
            default:
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) is not allowed."
                ))
            }
        }
    }
}
