import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

// The bugs issue 16's review planted to find the harness's blind spots, each a real bug class
// that would ship unnoticed where the harness is blind: planted in a copy of the Codable mapper
// (`PlantedBug`, as `PlantedFaultMapper` runs them) or in the storage every mapper of a campaign
// shares (`DocumentStorage`), so that only the round trip can tell.

/// sdk-codable-rules §6 (integers), §16.10: an integer struct field (read with the keyed
/// container's `decode(Int.self, forKey:)`) truncates a fractional double instead of failing
/// with `dataCorrupted`: the mapper gets past the field the SDK refuses, and fails, if at all,
/// at a later one.
struct FieldIntegerTruncated: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .integer = type.unwrapped, let field = schema.fieldSchema(at: path), field.coding == nil,
              let number = value as? Double, number.isFinite, number.rounded(.towardZero) != number, abs(number) < 9.2e18
        else { return value }
        return Int64(number.rounded(.towardZero))
    }
}

/// sdk-codable-rules §13.1: an optional `Int8` field that was stored as a boolean reads back
/// as nil — a "more forgiving" read where the SDK's is a type mismatch (or 0/1 where booleans
/// bridge).
struct Int8BooleanReadAsNil: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard type == .optional(.integer(.int8)), schema.fieldSchema(at: path) != nil, value is Bool else { return value }
        return NSNull()
    }
}

/// sdk-codable-rules §13.11: a `Date` field converted to a `Timestamp` with its nanoseconds rounded
/// to the nearest microsecond instead of cut (the SDK truncates to nanoseconds, storage cuts to
/// microseconds): off by at most a microsecond, within the old `storage-precision` tolerance.
struct DateRoundedToTheMicrosecond: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .date = type.unwrapped, let field = schema.fieldSchema(at: path), field.coding == nil, field.wrapper == nil,
              let stamp = value as? Timestamp else { return value }
        let rounded = (Int64(stamp.nanoseconds) + 500) / 1000 * 1000
        return rounded >= 1_000_000_000
            ? Timestamp(seconds: stamp.seconds + 1, nanoseconds: Int32(rounded - 1_000_000_000))
            : Timestamp(seconds: stamp.seconds, nanoseconds: Int32(rounded))
    }
}

/// sdk-codable-rules §6, §6.2: the concrete overloads of the unkeyed container a hand-written
/// `init(from:)` reads a list with (`decode(Int16.self)` and the rest) truncate a fractional
/// double, where the generic call — `Array`'s own decoding — refuses it as the SDK does.
struct ConcreteUnkeyedOverloadTruncates: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .integer = type.unwrapped, case .index? = path.components.last, schema.handCoding(at: path) == .elementwise,
              let number = value as? Double, number.isFinite, number.rounded(.towardZero) != number, abs(number) < 9.2e18
        else { return value }
        return Int64(number.rounded(.towardZero))
    }
}

/// sdk-codable-rules §7, §13.8: a null value of a `[String: Date]` read as the epoch, where the
/// SDK drops the entry.
struct NullDateEntryReadAsEpoch: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .dictionary(.string, .date) = type.unwrapped, var map = value as? [String: Any] else { return value }
        for (key, entry) in map where entry is NSNull { map[key] = Timestamp(seconds: 0, nanoseconds: 0) }
        return map
    }
}
