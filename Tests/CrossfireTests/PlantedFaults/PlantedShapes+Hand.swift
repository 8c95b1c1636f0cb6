import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

// Real-shaped bugs of hand-written `[String: Any]` mappers (`PlantedShapeBug`, departing in a
// copy of the strict hand mapper, and of the lenient one where the same helper would serve
// both): each the effect of one wrong line, wherever that line runs — every container the
// type is read or written in, nested structs included.

/// sdk-codable-rules §10, §4.1: `init(data:)` reads `data["displayName"]`, the property's
/// name, where `CodingKeys` says `display_name`; the write side uses the coding key.
struct PropertyNameReadInsteadOfKey: PlantedBug {
    /// The hand mapper the bug is in (strict or lenient), built again for the schema it reads.
    let factory: any MapperFactory

    func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult {
        let misread = CodingKeysRenameIgnored().codingSchema(for: schema)
        guard let reader = try? factory.makeMapper(for: misread) else { return correct.decode(data, reference: reference) }
        return reader.decode(data, reference: reference)
    }
}

/// sdk-codable-rules §6 (integer rows): an `Int64` read as `Int64(data["k"] as? Double ?? 0)`:
/// beyond 2^53 the low bits are lost where the SDK reads the integer exactly. (At 2^63 the
/// real line traps; the plant keeps the value there, so that the campaign measures classes,
/// not crashes.)
struct Int64ReadThroughDouble: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard type.unwrapped == .integer(.int64) || type.unwrapped == .integer(.int), let number = value as? Int64 else { return value }
        return Int64(exactly: Double(number)) ?? number
    }
}

/// sdk-codable-rules §6.1, §7: an optional property read as `data["k"] as? T`: a value of
/// another type reads as nil, where `decodeIfPresent` throws `typeMismatch`.
struct OptionalOfWrongTypeReadAsNil: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .optional(let wrapped) = type, schema.fieldSchema(at: path) != nil, !(value is NSNull),
              !StoredShape.fits(value, wrapped) else { return value }
        return NSNull()
    }
}

/// sdk-codable-rules §13.12, §16.10: an integer property read with a cast that bridges a stored
/// boolean to 0 or 1 (`(data["k"] as? NSNumber)?.intValue`), where the SDK's decoder throws
/// `typeMismatch` for a boolean under a number.
struct BooleanReadAsInteger: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .integer = type.unwrapped, let flag = value as? Bool else { return value }
        return Int64(flag ? 1 : 0)
    }
}

/// sdk-codable-rules §6 (`Double` row), §4 (`Float` row): a `Double` property read as
/// `Double(data["k"] as? Float ?? 0)`: every stored double loses what a `Float` cannot hold.
struct DoubleReadThroughFloat: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard type.unwrapped == .double, let number = value as? Double else { return value }
        return Double(Float(number))
    }
}

/// sdk-codable-rules §6 (`Date` row): a `Date` read as
/// `Date(timeIntervalSince1970: TimeInterval(timestamp.seconds))`: the nanoseconds are dropped.
struct TimestampNanosecondsDropped: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard type.unwrapped == .date, let stamp = value as? Timestamp else { return value }
        return Timestamp(seconds: stamp.seconds, nanoseconds: 0)
    }
}

/// sdk-codable-rules §6 (array row), §16.9: an array of structs read as
/// `(data["items"] as? [String: Any]).map { … } ?? []`: the stored array never casts, and the
/// property is always empty.
struct StructArrayReadAsMap: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .array(let element) = type.unwrapped, case .structure = element.unwrapped, value is [Any] else { return value }
        return [Any]()
    }
}

/// sdk-codable-rules §7, §6.2: an array of optionals read as
/// `(data["k"] as? [Any])?.compactMap { $0 as? T }`: its nulls vanish, where the SDK reads
/// each as nil in its place.
struct OptionalArrayNullsCompacted: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .array(.optional) = type.unwrapped, let elements = value as? [Any] else { return value }
        return elements.filter { !($0 is NSNull) }
    }
}

/// sdk-codable-rules §6 (`[String: V]` row), §7: a `[String: V]` read as
/// `(data["k"] as? [String: Any])?.compactMapValues { $0 as? V }`: an entry of another type
/// vanishes, where the SDK's decoder throws `typeMismatch` (or `valueNotFound` for a null).
struct DictionaryValuesCompacted: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .dictionary(.string, let valueType) = type.unwrapped, var map = value as? [String: Any] else { return value }
        for (key, entry) in map where !StoredShape.fits(entry, valueType) { map.removeValue(forKey: key) }
        return map
    }
}

/// sdk-codable-rules §4.1, §10: `var dictionary` writes `"created_at": createdAt` where the
/// coding key (and every reader) says `createdAt`: a camel-case key is written in snake case.
struct SnakeCaseKeyWritten: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .structure(let name) = type.unwrapped, var map = value as? [String: Any],
              let structSchema = schema.structSchema(named: name) else { return value }
        for field in structSchema.fields {
            guard let key = field.codingKey, let entry = map[key] else { continue }
            let snake = SnakeCaseKeyWritten.snakeCase(key)
            guard snake != key, map[snake] == nil else { continue }
            map.removeValue(forKey: key)
            map[snake] = entry
        }
        return map
    }

    /// `createdAt` → `created_at`.
    static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase, !result.isEmpty { result.append("_") }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}

/// sdk-codable-rules §7, §16.7: a nil optional written as `"k": value ?? NSNull()`, where
/// `Firestore.Encoder` leaves the key out (`encodeIfPresent`).
struct NilOptionalWrittenAsNull: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .structure(let name) = type.unwrapped, var map = value as? [String: Any],
              let structSchema = schema.structSchema(named: name) else { return value }
        for field in structSchema.fields where field.type.isOptional && field.wrapper == nil {
            if let key = field.codingKey, map[key] == nil { map[key] = NSNull() }
        }
        return map
    }
}

/// sdk-codable-rules §4 (`Decimal` row), §13.10: a `Decimal` written as `price.description`, a
/// string, where the SDK stores the double nearest to it.
struct DecimalWrittenAsString: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard let number = value as? Decimal else { return value }
        return number.description
    }
}

/// sdk-codable-rules §4 (`Data` row), §13.9, §16.5: `Data` written as
/// `data.base64EncodedString()`, where the SDK stores bytes.
struct DataWrittenAsBase64: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard let bytes = value as? Data else { return value }
        return bytes.base64EncodedString()
    }
}

/// sdk-codable-rules §4 (NaN row), §13.2: the encoder's check for NaN and ±Infinity dropped:
/// `data["k"] = value` for any `Double` or `Float`, where `Firestore.Encoder` throws
/// `EncodingError.invalidValue`. The non-finite values are set aside, the rest encoded by the
/// correct encoder, and they are put back in their places.
struct NonFiniteCheckDroppedOnEncode: PlantedBug {
    func encode(_ value: ModelValue, schema: ModelSchema, correct: any DocumentMapper) -> Result<[String: Any], MappingFailure> {
        var setAside: [ValuePath: ModelValue] = [:]
        let finite = ModelValueWalk(schema: schema) { value, _, path in
            switch value {
            case .double(let number) where !number.isFinite: setAside[path] = value; return .double(0)
            case .float(let number) where !number.isFinite: setAside[path] = value; return .float(0)
            default: return value
            }
        }.apply(to: value)
        return correct.encode(finite).map { data in
            guard !setAside.isEmpty else { return data }
            // Only where the encoder wrote the stand-in zero: a value of a property the
            // encoder skips has a path no written value has.
            return SchemaDataWalk(schema: schema) { written, _, path in
                switch (setAside[path], written) {
                case let (.double(number)?, zero as Double) where zero == 0: return number
                case let (.float(number)?, zero as Float) where zero == 0: return number
                case let (.float(number)?, zero as Double) where zero == 0: return Double(number)
                default: return written
                }
            }.apply(to: data)
        }
    }
}

/// Whether a stored value is of the kind a cast to the Swift type would accept — what
/// `data["k"] as? T` lets through (numbers for any number type, as NSNumber bridging does).
enum StoredShape {
    static func fits(_ value: Any, _ type: FieldType) -> Bool {
        switch type {
        case .optional(let wrapped): return value is NSNull || fits(value, wrapped)
        case .string, .url, .hexColor: return value is String
        case .bool: return value is Bool
        case .integer, .float, .double, .decimal: return !(value is Bool) && (value is Int64 || value is Double)
        case .date, .timestamp: return value is Timestamp
        case .data: return value is Data
        case .geoPoint: return value is GeoPoint
        case .documentReference: return value is DocumentReference
        case .enumeration: return value is String || value is Int64 || value is [String: Any]
        case .structure: return value is [String: Any]
        case .array, .set, .dictionary(.enumeration, _): return value is [Any]
        case .dictionary: return value is [String: Any]
        }
    }
}

/// Several independent bugs in one mapper, planted one inside the other: the first bug's
/// mapper is the correct one for the second, and so on.
struct CombinedBugs: PlantedBug {
    let bugs: [any PlantedBug]

    func codingSchema(for schema: ModelSchema) -> ModelSchema {
        bugs.reduce(schema) { $1.codingSchema(for: $0) }
    }

    func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult {
        layered(schema: schema, correct: correct).decode(data, reference: reference)
    }

    func encode(_ value: ModelValue, schema: ModelSchema, correct: any DocumentMapper) -> Result<[String: Any], MappingFailure> {
        layered(schema: schema, correct: correct).encode(value)
    }

    private func layered(schema: ModelSchema, correct: any DocumentMapper) -> any DocumentMapper {
        bugs.reduce(correct) { PlantedFaultMapper(schema: schema, correct: $0, bug: $1) }
    }
}
