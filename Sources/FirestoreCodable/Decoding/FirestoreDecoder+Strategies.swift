import Foundation
import FirestoreModel

extension Firestore.Decoder {
    /// How a `Date` is read.
    public enum DateDecodingStrategy {
        /// From a stored timestamp (`dateValue()`), or from a `{"seconds", "nanoseconds"}` map
        /// through `Timestamp.init(from:)`. Firestore's default.
        case timestamp
        /// Through `Date.init(from:)`: a number of seconds since 2001-01-01T00:00:00Z.
        case deferredToDate
        /// From a number of seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// From a number of milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// From an ISO 8601 string (`ISO8601DateFormatter` with `.withInternetDateTime`).
        case iso8601
        /// From a string parsed by the given formatter.
        case formatted(DateFormatter)
        /// By the given closure, handed the decoder positioned at the value.
        case custom((any Swift.Decoder) throws -> Date)
    }

    /// How `Data` is read.
    public enum DataDecodingStrategy {
        /// Through `Data.init(from:)`: an array of bytes.
        case deferredToData
        /// From a base64 string.
        case base64
        /// From stored bytes, or from a base64 string (the SDK's migration path for data
        /// written by its 10.0–10.3 releases). Firestore's default.
        case blob
        /// By the given closure, handed the decoder positioned at the value.
        case custom((any Swift.Decoder) throws -> Data)
    }

    /// How non-finite `Float` and `Double` values may be spelled.
    public enum NonConformingFloatDecodingStrategy {
        /// Only numbers are read; strings are type mismatches. The default.
        case `throw`
        /// These three strings also stand for +∞, −∞ and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How the keys of a document map are matched to a type's coding keys.
    /// Keys of `[String: V]` values are always taken verbatim.
    public enum KeyDecodingStrategy {
        /// The keys as stored.
        case useDefaultKeys
        /// `snake_case` keys rewritten to `camelCase` before lookup (see
        /// `DecodingKeyConversion.camelCased(_:)`); where two keys convert alike, the first
        /// one met is kept.
        case convertFromSnakeCase
        /// Each key rewritten by the closure, handed the coding path that ends in the key.
        case custom(([any CodingKey]) -> any CodingKey)
    }
}

/// The settings one decoding session works with, copied from `Firestore.Decoder`.
struct DecodingOptions {
    let dateDecodingStrategy: Firestore.Decoder.DateDecodingStrategy
    let dataDecodingStrategy: Firestore.Decoder.DataDecodingStrategy
    let nonConformingFloatDecodingStrategy: Firestore.Decoder.NonConformingFloatDecodingStrategy
    let keyDecodingStrategy: Firestore.Decoder.KeyDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    /// The database of the snapshot being read, when decoding one: stored references into
    /// another database are handed out rooted in this one, as the SDK's read path does.
    let readDatabase: DatabaseID?
    /// Whether keyed lookups that find no key with the same code points fall back to Swift's
    /// `String ==` (canonical equivalence). True for untyped `[String: Any]` input: the SDK's
    /// decoder looks keys up in a Swift dictionary, so `"é"` finds `"e\u{301}"` there.
    let matchesKeysCanonically: Bool
}
