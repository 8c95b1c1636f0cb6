import FirestoreModel
import Foundation
import ModelSchema

/// What an encode does with a value it cannot write as it is.
protocol EncodingPolicy {
    /// `MappingError` for the strict mapper, `Never` for the lenient one.
    associatedtype Failure: Error
    /// A NaN or infinite `Float`/`Double`: Codable's default `.throw` refuses it; a
    /// dictionary-building app writes it as it is.
    static func nonFinite(_ value: Any, _ error: MappingError) throws(Failure) -> Any
    /// A value that does not fit its schema type (a harness error, not a document's):
    /// strict refuses it, lenient writes null.
    static func mismatch(_ error: MappingError) throws(Failure) -> Any
}

/// The strict mapper's encoding: as `Firestore.Encoder` with its defaults.
enum StrictEncoding: EncodingPolicy {
    static func nonFinite(_ value: Any, _ error: MappingError) throws(MappingError) -> Any { throw error }
    static func mismatch(_ error: MappingError) throws(MappingError) -> Any { throw error }
}

/// The lenient mapper's encoding: a `var dictionary: [String: Any]` that never fails.
enum LenientEncoding: EncodingPolicy {
    static func nonFinite(_ value: Any, _ error: MappingError) -> Any { value }
    static func mismatch(_ error: MappingError) -> Any { NSNull() }
}

/// One encode: the `[String: Any]` that `Firestore.Encoder` hands the write path, built
/// along the schema. Numbers keep their Swift width (`Int8` stays `Int8`), `Float` stays
/// `Float`, `Decimal` stays `Decimal`; a `Date` becomes `Timestamp(date:)`, a `URL` its
/// `absoluteString`, a set an array, `[Int: V]` a map with decimal-string keys, `[E: V]`
/// a flat array, a raw-value enum its raw value, an enum without raw values
/// `{"case": {}}`, the color `#rrggbb[aa]`. A nil optional property is left out, except
/// `@ExplicitNull` and a single-value wrapper of an optional (null) and `@ServerTimestamp` (the
/// server-timestamp sentinel); a `@DocumentID` and a property left out of `CodingKeys` are never
/// written. A property coded by hand is written as its type is.
struct DocumentEncoder<Policy: EncodingPolicy> {
    let plan: SchemaPlan
    private var path = PathStack()

    init(plan: SchemaPlan) {
        self.plan = plan
    }

    /// The document for a value of the root struct.
    mutating func encodeRoot(_ value: ModelValue) throws(Policy.Failure) -> [String: Any] {
        guard let root = plan.rootIndex, case .structure(let fields) = value else {
            _ = try Policy.mismatch(MappingError(kind: .invalidValue, path: .root, expected: plan.rootName, found: "the model value \(value)",
                                                 message: "The model value is not a \(plan.rootName) the schema defines."))
            return [:]
        }
        return try encodeStruct(root, fields)
    }

    private mutating func encodeStruct(_ index: Int, _ values: [ModelField]) throws(Policy.Failure) -> [String: Any] {
        let fields = plan.structs[index].fields
        var map = [String: Any](minimumCapacity: fields.count)
        for (position, field) in fields.enumerated() {
            guard let key = field.key, field.wrapper != .documentID else { continue }
            path.push(.key(key))
            // Fields come in declaration order; look further only when they do not.
            let value = position < values.count && values[position].name == field.name
                ? values[position].value
                : values.first { $0.name == field.name }?.value
            if let value {
                if let encoded = try encodeProperty(field, value) { map[key] = encoded }
            } else {
                map[key] = try Policy.mismatch(MappingError(kind: .invalidValue, path: path.current, expected: plan.spelling(of: field.type),
                                                            found: FoundDescription.nothing,
                                                            message: "The model value has no property \(field.name)."))
            }
            path.pop()
        }
        return map
    }

    /// A property's value, or nil when the property is left out (a nil plain optional).
    private mutating func encodeProperty(_ field: FieldPlan, _ value: ModelValue) throws(Policy.Failure) -> Any? {
        if case .null = value {
            // A single-value wrapper of an optional is always written: nil inside it is null.
            if field.coding == .singleValue { return NSNull() }
            switch field.wrapper {
            case .serverTimestamp?: return FieldValue.serverTimestamp()
            case .explicitNull?: return NSNull()
            case .documentID?, nil: if case .optional = field.type { return nil }
            }
        }
        return try encode(value, as: field.type)
    }

    private mutating func encode(_ value: ModelValue, as type: TypePlan) throws(Policy.Failure) -> Any {
        switch (type, value) {
        case (.string, .string(let string)): return string
        case (.bool, .bool(let flag)): return flag
        case (.integer(let width), .int(let number)):
            if let exact = DocumentEncoder.swiftInteger(number, width) { return exact }
        case (.integer(let width), .uint(let number)):
            if let exact = DocumentEncoder.swiftInteger(number, width) { return exact }
        case (.float, .float(let number)):
            guard number.isFinite else { return try Policy.nonFinite(number, nonFinite("Float", number.isNaN, number < 0)) }
            return number
        case (.double, .double(let number)):
            guard number.isFinite else { return try Policy.nonFinite(number, nonFinite("Double", number.isNaN, number < 0)) }
            return number
        case (.decimal, .decimal(let number)): return number
        case (.date, .date(let date)): return Timestamp(date: date)
        case (.url, .url(let url)): return url.absoluteString
        case (.data, .data(let data)): return data
        case (.timestamp, .timestamp(let timestamp)): return timestamp
        case (.geoPoint, .geoPoint(let point)): return point
        case (.documentReference, .reference(let reference)): return reference
        case (.hexColor, .color(let color)): return HexColor.format(color)
        case (.enumeration(let index), .enumCase(let name)):
            if let raw = DocumentEncoder.enumValue(plan.enums[index], name) { return raw }
        case (.structure(let index), .structure(let fields)): return try encodeStruct(index, fields)
        case (.optional, .null): return NSNull()
        case (.optional(let inner), _): return try encode(value, as: inner)
        case (.array(let element), .array(let values)), (.set(let element), .set(let values)):
            return try encodeElements(values, element)
        case (.stringDictionary(let valueType), .dictionary(let entries)):
            if let map = try encodeStringKeyed(entries, valueType) { return map }
        case (.intDictionary(let valueType), .dictionary(let entries)):
            if let map = try encodeIntKeyed(entries, valueType) { return map }
        case (.enumDictionary(let key, let valueType), .dictionary(let entries)):
            return try encodeFlat(entries, key: key, valueType)
        default: break
        }
        return try Policy.mismatch(mismatch(value, type))
    }

    // MARK: Collections

    private mutating func encodeElements(_ values: [ModelValue], _ element: TypePlan) throws(Policy.Failure) -> [Any] {
        var array: [Any] = []
        array.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            path.push(.index(index))
            array.append(try encode(value, as: element))
            path.pop()
        }
        return array
    }

    /// Nil when some key is not a string.
    private mutating func encodeStringKeyed(_ entries: [ModelDictionaryEntry], _ valueType: TypePlan) throws(Policy.Failure) -> [String: Any]? {
        var map = [String: Any](minimumCapacity: entries.count)
        for entry in entries {
            guard case .string(let key) = entry.key else { return nil }
            path.push(.key(key))
            map[key] = try encode(entry.value, as: valueType)
            path.pop()
        }
        return map
    }

    /// Nil when some key is not an integer.
    private mutating func encodeIntKeyed(_ entries: [ModelDictionaryEntry], _ valueType: TypePlan) throws(Policy.Failure) -> [String: Any]? {
        var map = [String: Any](minimumCapacity: entries.count)
        for entry in entries {
            let key: String
            switch entry.key {
            case .int(let number): key = String(number)
            case .uint(let number) where number <= UInt64(Int64.max): key = String(number)
            default: return nil
            }
            path.push(.key(key))
            map[key] = try encode(entry.value, as: valueType)
            path.pop()
        }
        return map
    }

    /// `[k1, v1, k2, v2, …]`, keys at even indexes.
    private mutating func encodeFlat(_ entries: [ModelDictionaryEntry], key: Int, _ valueType: TypePlan) throws(Policy.Failure) -> [Any] {
        var array: [Any] = []
        array.reserveCapacity(entries.count * 2)
        for (position, entry) in entries.enumerated() {
            path.push(.index(2 * position))
            array.append(try encode(entry.key, as: .enumeration(key)))
            path.pop()
            path.push(.index(2 * position + 1))
            array.append(try encode(entry.value, as: valueType))
            path.pop()
        }
        return array
    }

    // MARK: Scalars

    /// The number as a value of exactly the Swift type the schema names, nil when it does not fit.
    private static func swiftInteger<Source: BinaryInteger>(_ number: Source, _ width: IntegerType) -> Any? {
        switch width {
        case .int: return Int(exactly: number)
        case .int8: return Int8(exactly: number)
        case .int16: return Int16(exactly: number)
        case .int32: return Int32(exactly: number)
        case .int64: return Int64(exactly: number)
        case .uint: return UInt(exactly: number)
        case .uint8: return UInt8(exactly: number)
        case .uint16: return UInt16(exactly: number)
        case .uint32: return UInt32(exactly: number)
        case .uint64: return UInt64(exactly: number)
        }
    }

    /// The raw value (`String`, or `Int` for `Int` enums) or `{"case": {}}`; nil for an unknown case.
    private static func enumValue(_ enumPlan: EnumPlan, _ name: String) -> Any? {
        guard let index = enumPlan.caseByName[name] else { return nil }
        switch enumPlan.rawValues[index] {
        case .string(let raw)?: return raw
        case .int(let raw)?: return Int(truncatingIfNeeded: raw)
        case nil: return [name: [String: Any]()] as [String: Any]
        }
    }

    // MARK: Errors at the current path

    private func nonFinite(_ type: String, _ isNaN: Bool, _ isNegative: Bool) -> MappingError {
        let spelled = isNaN ? "\(type).nan" : (isNegative ? "-\(type).infinity" : "\(type).infinity")
        let shown = isNaN ? "nan" : (isNegative ? "-inf" : "inf")
        return MappingError(kind: .invalidValue, path: path.current, expected: type, found: "a number (\(type.lowercased()) \(shown))",
                            message: "Unable to encode \(spelled) directly in JSON. Use JSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the value should be encoded.")
    }

    private func mismatch(_ value: ModelValue, _ type: TypePlan) -> MappingError {
        let expected = plan.spelling(of: type)
        return MappingError(kind: .invalidValue, path: path.current, expected: expected, found: "the model value \(value)",
                            message: "The model value \(value) is not a \(expected).")
    }
}
