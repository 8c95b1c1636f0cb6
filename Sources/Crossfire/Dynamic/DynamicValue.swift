import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema

/// A Swift type that stands for a schema type inside `DynamicModel`: a real `Codable` type
/// (so the coders see exactly the calls synthesized code makes) that converts to and from
/// `ModelValue`.
protocol DynamicValue: Codable, Hashable {
    /// The Swift value for a model value, or an error when the value does not fit.
    static func make(_ value: ModelValue, frame: DynamicFrame, layout: DynamicModelType, path: ValuePath) throws -> Self
    /// The model value of this Swift value.
    var modelValue: ModelValue { get }
}

/// A leaf type whose conversion needs no frame.
protocol DynamicLeafValue: DynamicValue {
    /// The Swift value, or nil when the model value is of another kind.
    static func leaf(_ value: ModelValue) -> Self?
}

extension DynamicLeafValue {
    static func make(_ value: ModelValue, frame: DynamicFrame, layout: DynamicModelType, path: ValuePath) throws -> Self {
        guard let result = leaf(value) else {
            throw DynamicModelError(path: path, message: "expected a \(Self.self) value, found \(value)")
        }
        return result
    }
}

extension String: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> String? { if case .string(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .string(self) }
}

extension Bool: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> Bool? { if case .bool(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .bool(self) }
}

/// Signed integers: `.int` model values that fit the width.
protocol DynamicSignedInteger: DynamicLeafValue, FixedWidthInteger, SignedInteger {}
extension DynamicSignedInteger {
    static func leaf(_ value: ModelValue) -> Self? { if case .int(let v) = value { Self(exactly: v) } else { nil } }
    var modelValue: ModelValue { .int(Int64(self)) }
}
extension Int: DynamicSignedInteger {}
extension Int8: DynamicSignedInteger {}
extension Int16: DynamicSignedInteger {}
extension Int32: DynamicSignedInteger {}
extension Int64: DynamicSignedInteger {}

/// Unsigned integers: `.uint` model values that fit the width.
protocol DynamicUnsignedInteger: DynamicLeafValue, FixedWidthInteger, UnsignedInteger {}
extension DynamicUnsignedInteger {
    static func leaf(_ value: ModelValue) -> Self? { if case .uint(let v) = value { Self(exactly: v) } else { nil } }
    var modelValue: ModelValue { .uint(UInt64(self)) }
}
extension UInt: DynamicUnsignedInteger {}
extension UInt8: DynamicUnsignedInteger {}
extension UInt16: DynamicUnsignedInteger {}
extension UInt32: DynamicUnsignedInteger {}
extension UInt64: DynamicUnsignedInteger {}

extension Float: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> Float? { if case .float(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .float(self) }
}

extension Double: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> Double? { if case .double(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .double(self) }
}

extension Decimal: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> Decimal? { if case .decimal(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .decimal(self) }
}

extension Date: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> Date? { if case .date(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .date(self) }
}

extension URL: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> URL? { if case .url(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .url(self) }
}

extension Data: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> Data? { if case .data(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .data(self) }
}

extension Timestamp: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> Timestamp? { if case .timestamp(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .timestamp(self) }
}

extension GeoPoint: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> GeoPoint? { if case .geoPoint(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .geoPoint(self) }
}

extension DocumentReference: DynamicLeafValue {
    static func leaf(_ value: ModelValue) -> DocumentReference? { if case .reference(let v) = value { v } else { nil } }
    var modelValue: ModelValue { .reference(self) }
}

extension Optional: DynamicValue where Wrapped: DynamicValue {
    static func make(_ value: ModelValue, frame: DynamicFrame, layout: DynamicModelType, path: ValuePath) throws -> Wrapped? {
        if case .null = value { return nil }
        return try Wrapped.make(value, frame: frame, layout: layout, path: path)
    }

    var modelValue: ModelValue { map(\.modelValue) ?? .null }
}

extension Array: DynamicValue where Element: DynamicValue {
    static func make(_ value: ModelValue, frame: DynamicFrame, layout: DynamicModelType, path: ValuePath) throws -> [Element] {
        guard case .array(let elements) = value else {
            throw DynamicModelError(path: path, message: "expected an array, found \(value)")
        }
        return try elements.enumerated().map { index, element in
            try Element.make(element, frame: frame, layout: layout, path: path.appending(index: index))
        }
    }

    var modelValue: ModelValue { .array(map(\.modelValue)) }
}

extension Set: DynamicValue where Element: DynamicValue {
    static func make(_ value: ModelValue, frame: DynamicFrame, layout: DynamicModelType, path: ValuePath) throws -> Set<Element> {
        guard case .set(let elements) = value else {
            throw DynamicModelError(path: path, message: "expected a set, found \(value)")
        }
        var result = Set<Element>(minimumCapacity: elements.count)
        for (index, element) in elements.enumerated() {
            result.insert(try Element.make(element, frame: frame, layout: layout, path: path.appending(index: index)))
        }
        return result
    }

    var modelValue: ModelValue { .set(map(\.modelValue)) }
}

/// A dictionary key type of a schema: `String`, `Int`, or an enum of the schema.
protocol DynamicDictionaryKey: Codable, Hashable {
    /// The key for a model value.
    static func makeKey(_ value: ModelValue, frame: DynamicFrame, path: ValuePath) throws -> Self
    /// The model value of this key.
    var modelKey: ModelValue { get }
}

extension String: DynamicDictionaryKey {
    static func makeKey(_ value: ModelValue, frame: DynamicFrame, path: ValuePath) throws -> String {
        guard case .string(let key) = value else { throw DynamicModelError(path: path, message: "expected a String key, found \(value)") }
        return key
    }
    var modelKey: ModelValue { .string(self) }
}

extension Int: DynamicDictionaryKey {
    static func makeKey(_ value: ModelValue, frame: DynamicFrame, path: ValuePath) throws -> Int {
        guard case .int(let key) = value, let result = Int(exactly: key) else {
            throw DynamicModelError(path: path, message: "expected an Int key, found \(value)")
        }
        return result
    }
    var modelKey: ModelValue { .int(Int64(self)) }
}

extension Dictionary: DynamicValue where Key: DynamicDictionaryKey, Value: DynamicValue {
    static func make(_ value: ModelValue, frame: DynamicFrame, layout: DynamicModelType, path: ValuePath) throws -> [Key: Value] {
        guard case .dictionary(let entries) = value else {
            throw DynamicModelError(path: path, message: "expected a dictionary, found \(value)")
        }
        var result = [Key: Value](minimumCapacity: entries.count)
        for entry in entries {
            let entryPath = path.appending(key: "\(entry.key)")
            let key = try Key.makeKey(entry.key, frame: frame, path: entryPath)
            result[key] = try Value.make(entry.value, frame: frame, layout: layout, path: entryPath)
        }
        return result
    }

    var modelValue: ModelValue {
        .dictionary(map { ModelDictionaryEntry(key: $0.key.modelKey, value: $0.value.modelValue) })
    }
}
