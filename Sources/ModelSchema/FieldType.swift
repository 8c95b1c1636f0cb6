/// The Swift type of a model property.
public indirect enum FieldType: Hashable, Sendable, CustomStringConvertible {
    /// `String`.
    case string
    /// `Bool`.
    case bool
    /// A fixed-width integer: `Int`, `Int8` … `UInt64`.
    case integer(IntegerType)
    /// `Float`.
    case float
    /// `Double`.
    case double
    /// `Decimal`.
    case decimal
    /// `Date`.
    case date
    /// `URL`.
    case url
    /// `Data`.
    case data
    /// Firestore's `Timestamp`.
    case timestamp
    /// Firestore's `GeoPoint`.
    case geoPoint
    /// Firestore's `DocumentReference`.
    case documentReference
    /// Google's Codable guide's hex color: a custom type coded as one string `#RRGGBB` or `#RRGGBBAA`.
    case hexColor
    /// An enum of the schema, by name.
    case enumeration(String)
    /// A struct of the schema, by name.
    case structure(String)
    /// `T?`.
    case optional(FieldType)
    /// `[T]`.
    case array(FieldType)
    /// `Set<T>`.
    case set(FieldType)
    /// `[K: V]`.
    case dictionary(key: DictionaryKeyType, value: FieldType)

    /// The type without one level of `Optional`, or itself.
    package var unwrapped: FieldType {
        if case .optional(let inner) = self { return inner }
        return self
    }

    /// Whether the type is `Optional`.
    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The Swift spelling, e.g. `[String: Tag]?`, `Set<Int8>`; `hexColor` is spelled `Color`.
    public var description: String { // HandMapper spells its plans apart on purpose (SchemaPlan.spelling): the differ compares them.
        switch self {
        case .string: return "String"
        case .bool: return "Bool"
        case .integer(let type): return type.rawValue
        case .float: return "Float"
        case .double: return "Double"
        case .decimal: return "Decimal"
        case .date: return "Date"
        case .url: return "URL"
        case .data: return "Data"
        case .timestamp: return "Timestamp"
        case .geoPoint: return "GeoPoint"
        case .documentReference: return "DocumentReference"
        case .hexColor: return "Color"
        case .enumeration(let name), .structure(let name): return name
        case .optional(let inner): return "\(inner)?"
        case .array(let element): return "[\(element)]"
        case .set(let element): return "Set<\(element)>"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        }
    }
}

/// A fixed-width Swift integer type.
public enum IntegerType: String, Hashable, Sendable, CaseIterable {
    case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"

    /// Whether the type is signed.
    package var isSigned: Bool {
        switch self {
        case .int, .int8, .int16, .int32, .int64: return true
        case .uint, .uint8, .uint16, .uint32, .uint64: return false
        }
    }

    /// The number of bits (Int and UInt are 64-bit on every platform Crossfire runs on).
    package var bitWidth: Int {
        switch self {
        case .int8, .uint8: return 8
        case .int16, .uint16: return 16
        case .int32, .uint32: return 32
        case .int, .int64, .uint, .uint64: return 64
        }
    }

    /// The smallest value, widened to Int64 (0 for unsigned types).
    package var minimum: Int64 {
        isSigned ? (bitWidth == 64 ? Int64.min : -(Int64(1) << (bitWidth - 1))) : 0
    }

    /// The largest value, widened to UInt64.
    package var maximum: UInt64 {
        isSigned ? (UInt64(1) << (bitWidth - 1)) - 1 : (bitWidth == 64 ? UInt64.max : (UInt64(1) << bitWidth) - 1)
    }
}

/// The key type of a dictionary property.
public enum DictionaryKeyType: Hashable, Sendable, CustomStringConvertible {
    /// `String` keys: a Firestore map with the keys verbatim.
    case string
    /// `Int` keys: a Firestore map with decimal-string keys.
    case int
    /// Keys of a schema enum (not `CodingKeyRepresentable`): a flat array `[k1, v1, k2, v2, …]`.
    case enumeration(String)

    public var description: String {
        switch self {
        case .string: return "String"
        case .int: return "Int"
        case .enumeration(let name): return name
        }
    }

    /// The key type as a field type.
    package var fieldType: FieldType {
        switch self {
        case .string: return .string
        case .int: return .integer(.int)
        case .enumeration(let name): return .enumeration(name)
        }
    }
}
