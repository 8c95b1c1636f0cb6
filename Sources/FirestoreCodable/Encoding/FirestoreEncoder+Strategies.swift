import Foundation

extension Firestore.Encoder {
    /// How a `Date` is written.
    public enum DateEncodingStrategy {
        /// As a `Timestamp` (`Timestamp(date:)`: seconds rounded down, nanoseconds
        /// truncated). The default, as in the SDK.
        case timestamp
        /// As `Date`'s own `encode(to:)` writes it: a `Double` of seconds since 2001-01-01.
        case deferredToDate
        /// As a `Double` of seconds since 1970-01-01.
        case secondsSince1970
        /// As a `Double` of milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// As an ISO 8601 string in UTC without fraction (`2019-10-07T21:33:51Z`).
        case iso8601
        /// As the string the formatter makes.
        case formatted(DateFormatter)
        /// As whatever the closure writes into the encoder it is given; an empty map when
        /// it writes nothing.
        case custom((Date, any Swift.Encoder) throws -> Void)
    }

    /// How `Data` is written.
    public enum DataEncodingStrategy {
        /// As `Data` (Firestore bytes). The default, as in the SDK.
        case blob
        /// As a Base64 string.
        case base64
        /// As `Data`'s own `encode(to:)` writes it: an array of `UInt8`.
        case deferredToData
        /// As whatever the closure writes into the encoder it is given; an empty map when
        /// it writes nothing.
        case custom((Data, any Swift.Encoder) throws -> Void)
    }

    /// What happens to NaN and ±infinity in a `Float` or `Double`.
    public enum NonConformingFloatEncodingStrategy {
        /// Throw `EncodingError.invalidValue` at the value's coding path. The default.
        case `throw`
        /// Write the given strings instead.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How the keys of keyed containers are written. Keys of `[String: V]` dictionaries
    /// are never converted.
    public enum KeyEncodingStrategy {
        /// The coding key's `stringValue`. The default.
        case useDefaultKeys
        /// `camelCase` to `snake_case`: words split where a lowercase letter meets an
        /// uppercase one, a run of capitals is one word, all lowercased, joined by `_`.
        case convertToSnakeCase
        /// The key the closure returns for the full coding path ending in the key.
        case custom((_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}
