import Foundation
import ModelSchema

/// A Swift type a reflective model's property has for a scalar of a schema: `String`, every
/// integer width, `Float`, `Double`, `Bool`, `URL`, `Date`. It converts to and from the
/// harness's `ModelValue`.
protocol PropertyScalar {
    /// The value a `ModelValue` stands for, or nil when it is no value of this type.
    init?(model: ModelValue)
    /// The value as a `ModelValue`.
    var model: ModelValue { get }
}

/// The Swift types of the schema's scalars.
enum ScalarTypes {
    /// The Swift type of a scalar schema type, or nil for any other type.
    static func swiftType(of fieldType: FieldType) -> (any PropertyScalar.Type)? {
        switch fieldType {
        case .string: return String.self
        case .bool: return Bool.self
        case .float: return Float.self
        case .double: return Double.self
        case .url: return URL.self
        case .date: return Date.self
        case .integer(let width): return integerType(width)
        default: return nil
        }
    }

    /// The Swift type of an integer width.
    private static func integerType(_ width: IntegerType) -> any PropertyScalar.Type {
        switch width {
        case .int: return Int.self
        case .int8: return Int8.self
        case .int16: return Int16.self
        case .int32: return Int32.self
        case .int64: return Int64.self
        case .uint: return UInt.self
        case .uint8: return UInt8.self
        case .uint16: return UInt16.self
        case .uint32: return UInt32.self
        case .uint64: return UInt64.self
        }
    }
}

extension String: PropertyScalar {
    init?(model: ModelValue) {
        guard case .string(let value) = model else { return nil }
        self = value
    }

    var model: ModelValue { .string(self) }
}

extension Bool: PropertyScalar {
    init?(model: ModelValue) {
        guard case .bool(let value) = model else { return nil }
        self = value
    }

    var model: ModelValue { .bool(self) }
}

extension Float: PropertyScalar {
    init?(model: ModelValue) {
        guard case .float(let value) = model else { return nil }
        self = value
    }

    var model: ModelValue { .float(self) }
}

extension Double: PropertyScalar {
    init?(model: ModelValue) {
        guard case .double(let value) = model else { return nil }
        self = value
    }

    var model: ModelValue { .double(self) }
}

extension URL: PropertyScalar {
    init?(model: ModelValue) {
        guard case .url(let value) = model else { return nil }
        self = value
    }

    var model: ModelValue { .url(self) }
}

extension Date: PropertyScalar {
    init?(model: ModelValue) {
        guard case .date(let value) = model else { return nil }
        self = value
    }

    var model: ModelValue { .date(self) }
}

extension PropertyScalar where Self: FixedWidthInteger {
    init?(model: ModelValue) {
        switch model {
        case .int(let value): self.init(exactly: value)
        case .uint(let value): self.init(exactly: value)
        default: return nil
        }
    }

    var model: ModelValue { Self.isSigned ? .int(Int64(self)) : .uint(UInt64(self)) }
}

extension Int: PropertyScalar {}
extension Int8: PropertyScalar {}
extension Int16: PropertyScalar {}
extension Int32: PropertyScalar {}
extension Int64: PropertyScalar {}
extension UInt: PropertyScalar {}
extension UInt8: PropertyScalar {}
extension UInt16: PropertyScalar {}
extension UInt32: PropertyScalar {}
extension UInt64: PropertyScalar {}
