import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

// Planted bugs in the read direction: a decoder that accepts, coerces or drops what the
// SDK's decoder rejects or keeps (`Docs/sdk-codable-rules.md` §6, §7, §9, §13, §16).

/// sdk-codable-rules §6 (integer row), §16.10: an integer field holding a fractional double is
/// truncated (`Int(exactly:)` replaced by `Int(_:)`) instead of failing with
/// `dataCorrupted("Parsed JSON number <n> does not fit in T.")`.
struct FractionalIntegerTruncated: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .integer = type.unwrapped, let number = value as? Double, number.isFinite,
              number.rounded(.towardZero) != number, abs(number) < 9.2e18
        else { return value }
        return Int64(number.rounded(.towardZero))
    }
}

/// sdk-codable-rules §6.1, §7, §16.1: null treated as an absent key: every null of a struct's
/// map is dropped before the struct is decoded, so a null non-optional gives `keyNotFound`
/// instead of `valueNotFound`, and a null `@ExplicitNull`/`@ServerTimestamp` gives
/// `keyNotFound` instead of nil.
struct NullTreatedAsAbsentKey: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .structure = type.unwrapped, let map = value as? [String: Any] else { return value }
        return PlantedMaps.removingNulls(from: map)
    }
}

/// sdk-codable-rules §9.2, §13.6, §16.1 (#14883, #15293): an absent `@ServerTimestamp` key
/// decodes as nil (the `decodeIfPresent` a user expects) instead of throwing `keyNotFound`.
struct AbsentServerTimestampDecodedAsNil: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .structure(let name) = type.unwrapped, var map = value as? [String: Any],
              let structSchema = schema.structSchema(named: name)
        else { return value }
        for field in structSchema.fields where field.wrapper == .serverTimestamp {
            if let key = field.codingKey, map[key] == nil { map[key] = NSNull() }
        }
        return map
    }
}

/// sdk-codable-rules §6 (Bool row), §13.12, §16.10: a `Bool` accepts the numbers 0 and 1 (as
/// other clients write flags) instead of `typeMismatch(Bool, "…found a number instead.")`.
struct BoolAcceptedFromZeroOrOne: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .bool = type.unwrapped else { return value }
        switch value {
        case let number as Int64 where number == 0 || number == 1: return number == 1
        case let number as Double where number == 0 || number == 1: return number == 1
        default: return value
        }
    }
}

/// sdk-codable-rules §13.4, §16.8: a `Date` accepts a number as seconds since 1970 (as
/// `JSONEncoder`'s `.secondsSince1970` wrote it) instead of
/// `typeMismatch(Dictionary<String, Any>)`.
struct DateAcceptedFromNumber: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .date = type.unwrapped else { return value }
        let seconds: Double
        switch value {
        case let number as Int64: seconds = Double(number)
        case let number as Double: seconds = number
        default: return value
        }
        guard seconds.isFinite, abs(seconds) < 2.5e11 else { return value }
        return Timestamp(date: Date(timeIntervalSince1970: seconds))
    }
}

/// sdk-codable-rules §6 (enum row): an unknown raw value decodes as the enum's first case (the
/// `Kind(rawValue:) ?? .first` idiom) instead of `dataCorrupted("Cannot initialize …")`.
struct UnknownEnumRawValueAsFirstCase: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .enumeration(let name) = type.unwrapped, let enumSchema = schema.enumSchema(named: name),
              let first = enumSchema.cases.first
        else { return value }
        let raws = enumSchema.cases.compactMap { enumSchema.rawValue(of: $0) }
        switch (value, enumSchema.rawValue(of: first)) {
        case let (text as String, .string(firstRaw)?):
            return raws.contains(.string(text)) ? value : firstRaw
        case let (number as Int64, .int(firstRaw)?):
            return raws.contains(.int(number)) ? value : firstRaw
        default:
            return value
        }
    }
}

/// sdk-codable-rules §13.8, §7: null entries are dropped from every `[String: V]` dictionary,
/// not only from those whose `V` is `Date`, `Data`, `URL` or `Decimal` (whose unboxing gives
/// nil for null): a null `[String: Int]` entry vanishes instead of failing with
/// `valueNotFound`.
struct NullDictionaryEntriesDroppedForAnyValue: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .dictionary(.string, let valueType) = type.unwrapped, !valueType.isOptional,
              let map = value as? [String: Any]
        else { return value }
        return PlantedMaps.removingNulls(from: map)
    }
}

/// Map edits made in place on a copy rather than by rebuilding the map, so that the entries
/// left keep their storage order as far as the dictionary allows.
enum PlantedMaps {
    /// The map without its null entries.
    static func removingNulls(from map: [String: Any]) -> [String: Any] {
        var result = map
        for (key, value) in map where value is NSNull { result.removeValue(forKey: key) }
        return result
    }
}

/// sdk-codable-rules §6 (Float row), §13.2: a `Float` accepts NaN, ±Infinity and doubles beyond
/// `Float.greatestFiniteMagnitude` (`Float(x)`, giving NaN or ±Infinity) instead of
/// `dataCorrupted("Parsed JSON number x does not fit in Float.")`. The buggy conversion runs on
/// the values the correct one refuses; everything else goes through the correct decoder.
struct FloatAcceptsNonFinite: PlantedBug {
    func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult {
        var converted: [ValuePath: Float] = [:]
        let seen = SchemaDataWalk(schema: schema) { value, type, path in
            guard case .float = type.unwrapped, let number = value as? Double,
                  !(abs(number) <= Double(Float.greatestFiniteMagnitude))
            else { return value }
            converted[path] = Float(number)
            return Double(0)
        }.apply(to: data)
        var result = correct.decode(seen, reference: reference)
        guard !converted.isEmpty, case .success(let model) = result.outcome else { return result }
        result.outcome = .success(ModelValueWalk(schema: schema) { value, _, path in
            converted[path].map(ModelValue.float) ?? value
        }.apply(to: model))
        return result
    }
}

/// sdk-codable-rules §9.1, §13.7: a `@DocumentID` inside a nested struct is resolved against
/// the nested value's own path — as if the nested map were a sub-document
/// `<document>/<nested path>/<last key>` — instead of receiving the top-level document's ID.
struct NestedDocumentIDGivenNestedPath: PlantedBug {
    func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult {
        var result = correct.decode(data, reference: reference)
        guard let reference, case .success(let model) = result.outcome else { return result }
        result.outcome = .success(ModelValueWalk(schema: schema) { value, type, path in
            guard !path.isRoot, case .structure(let name) = type.unwrapped, case .structure(var fields) = value,
                  let structSchema = schema.structSchema(named: name), structSchema.fields.count == fields.count
            else { return value }
            let nested = NestedDocumentIDGivenNestedPath.reference(nestedAt: path, under: reference)
            for (position, field) in structSchema.fields.enumerated() where field.wrapper == .documentID && field.codingKey != nil {
                switch field.type.unwrapped {
                case .string: fields[position].value = .string(NestedDocumentIDGivenNestedPath.segment(path))
                case .documentReference: fields[position].value = nested.map(ModelValue.reference) ?? .null
                default: break
                }
            }
            return .structure(fields)
        }.apply(to: model))
        return result
    }

    /// The sub-document the bug takes a nested struct at `path` for.
    static func reference(nestedAt path: ValuePath, under reference: DocumentReference) -> DocumentReference? {
        let collection = path.components.map { component -> String in
            switch component {
            case .key(let key): return key
            case .index(let index): return String(index)
            }
        }.joined(separator: ".")
        return try? DocumentReference(segments: reference.segments + [collection, segment(path)], database: reference.database)
    }

    /// The last step of a path as a document ID.
    static func segment(_ path: ValuePath) -> String {
        switch path.components.last {
        case .key(let key)?: return key
        case .index(let index)?: return String(index)
        case nil: return ""
        }
    }
}
