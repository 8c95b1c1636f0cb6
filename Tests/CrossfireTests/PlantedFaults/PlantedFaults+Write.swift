import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

// Planted bugs in the write direction, and in how the model type is read: an encoder (or
// write path) that stores something other than what the SDK stores
// (`Docs/sdk-codable-rules.md` §4, §10, §11, §13).

/// sdk-codable-rules §13.1, §11, §16.10: an `Int8` is written as a 64-bit integer — an encoder
/// (or a port of the write path) that does not reproduce the SDK's storing of objCType `c`
/// numbers as booleans.
struct Int8WrittenAsNumber: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .integer(.int8) = type.unwrapped, let number = value as? Int8 else { return value }
        return Int64(number)
    }
}

/// sdk-codable-rules §11, §13.3: a `UInt64` (or `UInt`) above `Int64.max` is written by its bit
/// pattern, as a negative integer, instead of being refused by the write path ("NSNumber (N) is
/// too large").
struct UnsignedWrittenByBitPattern: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        switch (type.unwrapped, value) {
        case let (.integer(.uint64), number as UInt64) where number > UInt64(Int64.max): return Int64(bitPattern: number)
        case let (.integer(.uint), number as UInt) where UInt64(number) > UInt64(Int64.max): return Int64(bitPattern: UInt64(number))
        default: return value
        }
    }
}

/// sdk-codable-rules §4 (the `[K: V]` row), §13.5, §16.4 (#10354): a dictionary keyed by an
/// enum is written as a map keyed by the raw value (as users expect) instead of the SDK's flat
/// array `[k1, v1, k2, v2, …]`.
struct EnumKeyedDictionaryWrittenAsMap: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .dictionary(.enumeration, _) = type.unwrapped, let flat = value as? [Any] else { return value }
        var map: [String: Any] = [:]
        var index = 0
        while index + 1 < flat.count {
            map[EnumKeyedDictionaryWrittenAsMap.keyText(flat[index])] = flat[index + 1]
            index += 2
        }
        return map
    }

    /// A key as a map key: a raw value's text, or the case name of an enum without raw values.
    static func keyText(_ key: Any) -> String {
        switch key {
        case let text as String: return text
        case let map as [String: Any]: return map.keys.sorted().first ?? ""
        default: return "\(key)"
        }
    }
}

/// sdk-codable-rules §4 (Float row), §13.10: a `Float` is widened through its shortest decimal
/// text (0.1f → 0.1) instead of exactly (0.1f → 0.10000000149011612), so other clients read a
/// different number than the SDK stores.
struct FloatWidenedThroughDecimalText: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .float = type.unwrapped, let number = value as? Float, number.isFinite, let widened = Double(number.description) else { return value }
        return widened
    }
}

/// sdk-codable-rules §10, §4.1: `CodingKeys` renames are ignored: the mapper reads and writes
/// each property under its Swift name instead of its coding key (as a hand-rolled
/// reflection-based mapper does).
struct CodingKeysRenameIgnored: PlantedBug {
    func codingSchema(for schema: ModelSchema) -> ModelSchema {
        var renamed = schema
        renamed.structs = schema.structs.map { structSchema in
            StructSchema(name: structSchema.name, fields: structSchema.fields.map { field in
                var field = field
                if field.codingKey != nil { field.codingKey = field.name }
                return field
            })
        }
        return renamed
    }
}
