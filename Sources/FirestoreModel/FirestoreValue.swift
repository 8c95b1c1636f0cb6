import Foundation

/// A value as Firestore stores it: one of Firestore's types, nothing lost.
///
/// Doubles keep NaN, ±Infinity and −0.0; integers are signed 64-bit and never confused
/// with doubles. Equality is the SDKs' `Equals`: NaN equals NaN, −0.0 differs from 0.0,
/// integer 1 differs from double 1.0, strings and map keys compare by code points, map
/// key order does not matter.
public enum FirestoreValue: Sendable, Hashable, CustomStringConvertible {
    /// `nullValue`.
    case null
    /// `booleanValue`.
    case boolean(Bool)
    /// `integerValue`: signed 64-bit.
    case integer(Int64)
    /// `doubleValue`: IEEE-754 binary64, NaN and ±Infinity included.
    case double(Double)
    /// `timestampValue`.
    case timestamp(Timestamp)
    /// `stringValue`.
    case string(String)
    /// `bytesValue`.
    case bytes(Data)
    /// `referenceValue`.
    case reference(DocumentReference)
    /// `geoPointValue`.
    case geoPoint(GeoPoint)
    /// `arrayValue`.
    case array([FirestoreValue])
    /// `mapValue`.
    case map(FirestoreMap)
    /// A vector embedding (on the wire a map with `__type__: "__vector__"`).
    case vector(VectorValue)

    /// The kind of a value, for messages and type-pair bookkeeping.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        case null, boolean, integer, double, timestamp, string, bytes, reference, geoPoint, array, vector, map

        /// Firestore's cross-type order (numbers share one slot).
        var typeOrder: Int {
            switch self {
            case .null: return 0
            case .boolean: return 1
            case .integer, .double: return 2
            case .timestamp: return 3
            case .string: return 4
            case .bytes: return 5
            case .reference: return 6
            case .geoPoint: return 7
            case .array: return 8
            case .vector: return 9
            case .map: return 10
            }
        }

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            (lhs.typeOrder, lhs.rawValue) < (rhs.typeOrder, rhs.rawValue)
        }
    }

    /// This value's kind.
    public var kind: Kind {
        switch self {
        case .null: return .null
        case .boolean: return .boolean
        case .integer: return .integer
        case .double: return .double
        case .timestamp: return .timestamp
        case .string: return .string
        case .bytes: return .bytes
        case .reference: return .reference
        case .geoPoint: return .geoPoint
        case .array: return .array
        case .map: return .map
        case .vector: return .vector
        }
    }

    /// Whether two doubles are the same stored value: equal bits after NaN normalisation.
    public static func doublesAreIdentical(_ a: Double, _ b: Double) -> Bool {
        normalizedBits(a) == normalizedBits(b)
    }

    /// The bit pattern of a double with every NaN mapped to the one canonical NaN.
    public static func normalizedBits(_ value: Double) -> UInt64 {
        value.isNaN ? Double.nan.bitPattern : value.bitPattern
    }

    public static func == (lhs: FirestoreValue, rhs: FirestoreValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.double(a), .double(b)): return doublesAreIdentical(a, b)
        case let (.timestamp(a), .timestamp(b)): return a == b
        case let (.string(a), .string(b)): return a.hasSameCodePoints(as: b)
        case let (.bytes(a), .bytes(b)): return a == b
        case let (.reference(a), .reference(b)): return a == b
        case let (.geoPoint(a), .geoPoint(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.map(a), .map(b)): return a == b
        case let (.vector(a), .vector(b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        switch self {
        case .null: break
        case .boolean(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .double(let value): hasher.combine(FirestoreValue.normalizedBits(value))
        case .timestamp(let value): hasher.combine(value)
        case .string(let value): hasher.combine(CodePointKey(value))
        case .bytes(let value): hasher.combine(value)
        case .reference(let value): hasher.combine(value)
        case .geoPoint(let value): hasher.combine(value)
        case .array(let value): hasher.combine(value)
        case .map(let value): hasher.combine(value)
        case .vector(let value): hasher.combine(value)
        }
    }

    /// A short, unambiguous rendering for messages: `integer 1`, `double 1.0`, `"text"`, …
    public var description: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return "\(value)"
        case .integer(let value): return "integer \(value)"
        case .double(let value): return "double \(value)"
        case .timestamp(let value): return "timestamp \(value)"
        case .string(let value): return "\"\(value)\""
        case .bytes(let value): return "bytes \(value.base64EncodedString())"
        case .reference(let value): return "reference \(value.path)"
        case .geoPoint(let value): return "geoPoint(\(value.latitude), \(value.longitude))"
        case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .map(let map): return map.description
        case .vector(let value): return "vector \(value.array)"
        }
    }
}
