import FirestoreModel
import Foundation

/// One value of an SDK-style document (`[String: Any]`), sorted by what it is.
///
/// The read path hands an app NSNull, Int64, Double, Bool, String, Data, Timestamp,
/// GeoPoint, DocumentReference, VectorValue, `[Any]` and `[String: Any]`; tests also write
/// other integer widths, Float, Decimal and NSNumber by hand. On Linux no NSNumber
/// bridging turns an `Int64` into an `Int`, so numbers are sorted here once, explicitly.
enum DocumentInput {
    case null
    case bool(Bool)
    /// Any number but a boolean.
    case number(DocumentNumber)
    case string(String)
    case bytes(Data)
    case timestamp(Timestamp)
    case geoPoint(GeoPoint)
    case reference(DocumentReference)
    case vector(VectorValue)
    case array([Any])
    case map([String: Any])
    /// A write-time sentinel (never in read data, but a hand-written document may hold one).
    case sentinel(FieldValue)
    /// Anything else, by its type.
    case other(Any.Type)

    /// Whether it is null.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Sorts a value. The read path's own types are recognised by their exact type first
    /// (cheap), the rarer hand-written forms after.
    init(_ value: Any) {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == ObjectIdentifier(Int64.self), let number = value as? Int64 {
            self = .number(.signed(number))
        } else if type == ObjectIdentifier(String.self), let string = value as? String {
            self = .string(string)
        } else if type == ObjectIdentifier(Double.self), let number = value as? Double {
            self = .number(.double(number))
        } else if type == ObjectIdentifier(Bool.self), let flag = value as? Bool {
            self = .bool(flag)
        } else if type == ObjectIdentifier([String: Any].self), let map = value as? [String: Any] {
            self = .map(map)
        } else if type == ObjectIdentifier([Any].self), let array = value as? [Any] {
            self = .array(array)
        } else if type == ObjectIdentifier(NSNull.self) {
            self = .null
        } else if type == ObjectIdentifier(Timestamp.self), let timestamp = value as? Timestamp {
            self = .timestamp(timestamp)
        } else if type == ObjectIdentifier(DocumentReference.self), let reference = value as? DocumentReference {
            self = .reference(reference)
        } else if type == ObjectIdentifier(GeoPoint.self), let point = value as? GeoPoint {
            self = .geoPoint(point)
        } else if type == ObjectIdentifier(Data.self), let data = value as? Data {
            self = .bytes(data)
        } else if type == ObjectIdentifier(VectorValue.self), let vector = value as? VectorValue {
            self = .vector(vector)
        } else {
            self = DocumentInput.handWritten(value)
        }
    }

    /// The forms people write by hand: other Swift number types, NSNumber, Optional
    /// wrappers, typed collections, sentinels.
    private static func handWritten(_ value: Any) -> DocumentInput {
        if Swift.type(of: value) is AnyClass {
            // Only class instances are asked for NSNumber: a Swift value would bridge to one,
            // and an NSNumber would bridge to a Swift number type, booleans included.
            if value is NSNull { return .null }
            if let decimal = value as? NSDecimalNumber { return .number(.decimal(decimal.decimalValue)) }
            if let number = value as? NSNumber { return foundationNumber(number) }
            return .other(Swift.type(of: value))
        }
        if let number = swiftNumber(value) { return .number(number) }
        if let optional = value as? any OptionalBox {
            guard let wrapped = optional.wrappedValue else { return .null }
            return DocumentInput(wrapped)
        }
        if let sentinel = value as? FieldValue { return .sentinel(sentinel) }
        if let map = value as? [String: Any] { return .map(map) }
        if let array = value as? [Any] { return .array(array) }
        return .other(Swift.type(of: value))
    }

    /// A Swift number of any width, by its exact type.
    private static func swiftNumber(_ value: Any) -> DocumentNumber? {
        switch value {
        case let number as Int: return .signed(Int64(number))
        case let number as Int32: return .signed(Int64(number))
        case let number as Int16: return .signed(Int64(number))
        case let number as Int8: return .signed(Int64(number))
        case let number as UInt: return .unsigned(UInt64(number))
        case let number as UInt64: return .unsigned(number)
        case let number as UInt32: return .unsigned(UInt64(number))
        case let number as UInt16: return .unsigned(UInt64(number))
        case let number as UInt8: return .unsigned(UInt64(number))
        case let number as Float: return .float(number)
        case let number as Decimal: return .decimal(number)
        default: return nil
        }
    }

    /// An NSNumber by what it holds: the boolean singletons are booleans, the rest numbers
    /// of the kind their `objCType` names.
    private static func foundationNumber(_ number: NSNumber) -> DocumentInput {
        if number === NSNumber(value: true) { return .bool(true) }
        if number === NSNumber(value: false) { return .bool(false) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"): return .number(.float(number.floatValue))
        case UInt8(ascii: "d"): return .number(.double(number.doubleValue))
        case UInt8(ascii: "Q"), UInt8(ascii: "L"): return .number(.unsigned(number.uint64Value))
        default: return .number(.signed(number.int64Value))
        }
    }
}

/// `Optional` seen through `Any`, so that a hand-written `Int64?` in a document is read
/// as its value or as null.
private protocol OptionalBox {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalBox {
    fileprivate var wrappedValue: Any? {
        switch self {
        case .some(let value): return value
        case .none: return nil
        }
    }
}

/// A number of a document, in the representation it came in.
enum DocumentNumber {
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case decimal(Decimal)
}
