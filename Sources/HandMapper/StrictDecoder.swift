import FirestoreModel
import Foundation
import ModelSchema

/// One strict decode: walks a document along the schema by the rules of the SDK's
/// `Firestore.Decoder` and throws at the first value it cannot map.
///
/// A throw ends the decode, so the path stack is only unwound on success.
struct StrictDecoder {
    let plan: SchemaPlan
    /// What `@DocumentID` properties are filled from (the top-level document's, at every depth).
    let reference: DocumentReference?
    /// The path of the value being decoded.
    var path = PathStack()

    init(plan: SchemaPlan, reference: DocumentReference?) {
        self.plan = plan
        self.reference = reference
    }

    /// The root struct of a document.
    mutating func decodeRoot(_ data: [String: Any]) throws(MappingError) -> ModelValue {
        guard let root = plan.rootIndex else {
            throw MappingError(kind: .invalidValue, path: .root, expected: plan.rootName, found: FoundDescription.of(.map(data)),
                               message: "The schema defines no struct \(plan.rootName).")
        }
        return try decodeStruct(root, data)
    }

    // MARK: Structs and their properties

    mutating func decodeStruct(_ index: Int, _ map: [String: Any]) throws(MappingError) -> ModelValue {
        let fields = plan.structs[index].fields
        var values: [ModelField] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            values.append(ModelField(name: field.name, value: try decodeField(field, in: map)))
        }
        return .structure(values)
    }

    /// One property, as synthesized `init(from:)` reads it: `decodeIfPresent` for optionals,
    /// `decode` for the rest and for the wrappers; uncoded properties keep their zero value; a
    /// property its struct codes by hand as that coding reads it (`decodeHandCoded`).
    private mutating func decodeField(_ field: FieldPlan, in map: [String: Any]) throws(MappingError) -> ModelValue {
        guard let key = field.key else { return field.zero }
        path.push(.key(key))
        let value: ModelValue
        if let coding = field.coding {
            value = try decodeHandCoded(field, coding, raw: map[key])
            path.pop()
            return value
        }
        switch field.wrapper {
        case .documentID?:
            value = try documentID(for: field)
        case .serverTimestamp?, .explicitNull?:
            guard let raw = map[key] else { throw keyNotFound(field.type) }
            let input = DocumentInput(raw)
            if case .null = input {
                value = .null
            } else {
                value = try decode(input, as: field.type.unwrapped)
            }
        case nil:
            if case .optional(let inner) = field.type {
                let input = map[key].map(DocumentInput.init) ?? .null
                if case .null = input {
                    value = .null
                } else {
                    value = try decode(input, as: inner)
                }
            } else {
                guard let raw = map[key] else { throw keyNotFound(field.type) }
                value = try decode(DocumentInput(raw), as: field.type)
            }
        }
        path.pop()
        return value
    }

    /// `@DocumentID`: the document field is never looked at; the value comes from the reference.
    private func documentID(for field: FieldPlan) throws(MappingError) -> ModelValue {
        let type = field.type.unwrapped
        guard let reference else {
            throw MappingError(kind: .invalidValue, path: path.current, expected: plan.spelling(of: type), found: "no document reference",
                               message: "Could not find DocumentReference for user info key: CodingUserInfoKey(rawValue: \"DocumentRefUserInfoKey\"). "
                                   + "DocumentID values can only be decoded with Firestore.Decoder")
        }
        switch type {
        case .string: return .string(reference.documentID)
        case .documentReference: return .reference(reference)
        default:
            throw MappingError(kind: .invalidValue, path: path.current, expected: plan.spelling(of: type), found: "a reference (\(reference.path))",
                               message: "@DocumentID wraps only String or DocumentReference, not \(plan.spelling(of: type)).")
        }
    }

    // MARK: Values

    /// A present value as a property or element of the given type.
    mutating func decode(_ input: DocumentInput, as type: TypePlan) throws(MappingError) -> ModelValue {
        switch type {
        case .string:
            if case .string(let string) = input { return .string(string) }
        case .bool:
            if case .bool(let flag) = input { return .bool(flag) }
        case .integer(let width):
            if case .number(let number) = input {
                guard let value = number.exactly(width) else { throw doesNotFit(number, width.rawValue, bracketed: true) }
                return value
            }
        case .float:
            if case .number(let number) = input {
                guard let value = number.strictFloat else { throw doesNotFit(number, "Float", bracketed: false) }
                return .float(value)
            }
        case .double:
            if case .number(let number) = input { return .double(number.doubleValue) }
        case .decimal:
            if case .number(let number) = input {
                guard let value = number.strictDecimal else { throw doesNotFit(number, "Decimal", bracketed: false) }
                return .decimal(value)
            }
        case .date:
            switch input {
            case .timestamp(let timestamp): return .date(timestamp.dateValue())
            case .map(let map): return .date(try timestamp(from: map).dateValue())
            default: break
            }
        case .timestamp:
            switch input {
            case .timestamp(let timestamp): return .timestamp(timestamp)
            case .map(let map): return .timestamp(try timestamp(from: map))
            default: break
            }
        case .geoPoint:
            switch input {
            case .geoPoint(let point): return .geoPoint(point)
            case .map(let map): return .geoPoint(try geoPoint(from: map))
            default: break
            }
        case .documentReference:
            if case .reference(let reference) = input { return .reference(reference) }
            // `DocumentReference.init(from:)` refuses everything, null included.
            throw MappingError(kind: .invalidValue, path: path.current, expected: "DocumentReference", found: FoundDescription.of(input),
                               message: "DocumentReference values can only be decoded with Firestore.Decoder")
        case .url:
            if case .string(let string) = input {
                guard let url = URL(string: string) else { throw corrupted(input, type, "Invalid URL string.") }
                return .url(url)
            }
        case .data:
            switch input {
            case .bytes(let data): return .data(data)
            case .string(let string):
                // Data written as base64 strings by SDK 10.0–10.3 still decodes.
                if let data = Data(base64Encoded: string) { return .data(data) }
            default: break
            }
        case .hexColor:
            if case .string(let string) = input {
                guard let color = HexColor.parse(string) else {
                    throw corrupted(input, type, "\(FoundDescription.quoted(string)) is not a color #RRGGBB or #RRGGBBAA.")
                }
                return .color(color)
            }
        case .enumeration(let index):
            return try decodeEnum(input, plan.enums[index], type)
        case .structure(let index):
            if case .map(let map) = input { return try decodeStruct(index, map) }
            // Synthesized `init(from:)` of a struct whose `CodingKeys` have no case asks for no
            // container, so any value, null included, gives the struct of its defaults.
            if !plan.structs[index].fields.contains(where: { $0.key != nil }) { return try decodeStruct(index, [:]) }
        case .optional(let inner):
            if case .null = input { return .null }
            return try decode(input, as: inner)
        case .array(let element):
            if case .array(let array) = input { return .array(try decodeElements(array, element)) }
        case .set(let element):
            if case .array(let array) = input { return .set(SwiftEquality.distinct(try decodeElements(array, element))) }
        case .stringDictionary(let value):
            if case .map(let map) = input { return try decodeStringDictionary(map, value) }
        case .intDictionary(let value):
            if case .map(let map) = input { return try decodeIntDictionary(map, value) }
        case .enumDictionary(let key, let value):
            if case .array(let array) = input { return try decodeEnumDictionary(array, key: key, value: value, type) }
        case .undefined(let name):
            throw MappingError(kind: .invalidValue, path: path.current, expected: name, found: FoundDescription.of(input),
                               message: "The schema defines no type \(name).")
        }
        throw unexpected(input, type)
    }

    private mutating func decodeEnum(_ input: DocumentInput, _ enumPlan: EnumPlan, _ type: TypePlan) throws(MappingError) -> ModelValue {
        switch enumPlan.rawType {
        case .string:
            guard case .string(let raw) = input else { break }
            guard let index = enumPlan.caseByStringRaw[raw] else {
                throw corrupted(input, type, "Cannot initialize \(enumPlan.name) from invalid String value \(raw)")
            }
            return .enumCase(enumPlan.caseNames[index])
        case .int:
            guard case .number(let number) = input else { break }
            guard case .int(let raw)? = number.exactly(.int) else { throw doesNotFit(number, "Int", bracketed: true) }
            guard let index = enumPlan.caseByIntRaw[raw] else {
                throw corrupted(input, type, "Cannot initialize \(enumPlan.name) from invalid Int value \(raw)")
            }
            return .enumCase(enumPlan.caseNames[index])
        case .none:
            guard case .map(let map) = input else { break }
            // Synthesized enum decoding: exactly one key naming a case, holding a (payload-free) map.
            var match: (key: String, index: Int, payload: Any)?
            var matches = 0
            for (key, payload) in map {
                guard let index = enumPlan.caseByName[key] else { continue }
                matches += 1
                match = (key, index, payload)
            }
            guard matches == 1, let match else {
                throw MappingError(kind: .typeMismatch, path: path.current, expected: enumPlan.name, found: FoundDescription.of(input),
                                   message: "Invalid number of keys found, expected one.")
            }
            let payload = DocumentInput(match.payload)
            guard case .map = payload else {
                // The synthesized init asks for the case's nested container, which refuses a
                // value that is not a map at the enum's own path, without the case's key
                // (sdk-codable-rules §6.1: nestedContainer(keyedBy:forKey:)).
                let found = FoundDescription.of(payload)
                throw MappingError(kind: .typeMismatch, path: path.current, expected: "[String: Any]", found: found,
                                   message: "Expected to decode Dictionary<String, Any> but found \(found) instead.")
            }
            return .enumCase(enumPlan.caseNames[match.index])
        }
        throw unexpected(input, type)
    }

    // MARK: Collections

    private mutating func decodeElements(_ array: [Any], _ element: TypePlan) throws(MappingError) -> [ModelValue] {
        var values: [ModelValue] = []
        values.reserveCapacity(array.count)
        for (index, raw) in array.enumerated() {
            path.push(.index(index))
            values.append(try decode(DocumentInput(raw), as: element))
            path.pop()
        }
        return values
    }

    /// `[String: V]`, read like the SDK's special case for string-keyed dictionaries: a null
    /// entry is dropped without an error where `V` is `Date`, `Data`, `URL`, `Decimal` or
    /// `[String: …]` (their unboxing yields nil), and is `valueNotFound` otherwise.
    private mutating func decodeStringDictionary(_ map: [String: Any], _ value: TypePlan) throws(MappingError) -> ModelValue {
        let dropsNullEntries: Bool
        switch value {
        case .date, .data, .url, .decimal, .stringDictionary: dropsNullEntries = true
        default: dropsNullEntries = false
        }
        var entries: [ModelDictionaryEntry] = []
        entries.reserveCapacity(map.count)
        for (key, raw) in map {
            let input = DocumentInput(raw)
            if dropsNullEntries, case .null = input { continue }
            path.push(.key(key))
            entries.append(ModelDictionaryEntry(key: .string(key), value: try decode(input, as: value)))
            path.pop()
        }
        return .dictionary(entries)
    }

    /// `[Int: V]`: every key must read as `Int(key)` does (`"+5"` is 5); keys that read as
    /// the same integer leave one entry.
    private mutating func decodeIntDictionary(_ map: [String: Any], _ value: TypePlan) throws(MappingError) -> ModelValue {
        var entries = DictionaryEntries(capacity: map.count)
        for (key, raw) in map {
            path.push(.key(key))
            guard let number = Int(key) else {
                throw MappingError(kind: .typeMismatch, path: path.current, expected: "Int", found: FoundDescription.key(key),
                                   message: "Expected Int key but found String key instead.")
            }
            let decoded = try decode(DocumentInput(raw), as: value)
            path.pop()
            entries.set(decoded, for: .int(Int64(number)))
        }
        return .dictionary(entries.entries)
    }

    /// `[E: V]` for a schema enum: a flat array `[k1, v1, k2, v2, …]`; a later key replaces
    /// an earlier equal one.
    private mutating func decodeEnumDictionary(_ array: [Any], key: Int, value: TypePlan, _ type: TypePlan) throws(MappingError) -> ModelValue {
        guard array.count % 2 == 0 else {
            throw corrupted(.array(array), type, "Expected collection of key-value pairs; encountered odd-length array instead.")
        }
        var entries = DictionaryEntries(capacity: array.count / 2)
        var position = 0
        while position < array.count {
            path.push(.index(position))
            let decodedKey = try decode(DocumentInput(array[position]), as: .enumeration(key))
            path.pop()
            path.push(.index(position + 1))
            let decodedValue = try decode(DocumentInput(array[position + 1]), as: value)
            path.pop()
            entries.set(decodedValue, for: decodedKey)
            position += 2
        }
        return .dictionary(entries.entries)
    }

    // MARK: Keyed forms of Timestamp and GeoPoint

    /// `Timestamp.init(from:)`: `{"seconds": Int64, "nanoseconds": Int32}`, each in range
    /// (nanoseconds checked first), where the SDK's initializer would raise.
    private mutating func timestamp(from map: [String: Any]) throws(MappingError) -> Timestamp {
        let seconds = try requiredInteger("seconds", .int64, in: map)
        let nanoseconds = try requiredInteger("nanoseconds", .int32, in: map)
        guard nanoseconds >= 0, nanoseconds < 1_000_000_000 else {
            throw MappingError(kind: .dataCorrupted, path: path.appending(.key("nanoseconds")), expected: "Int32",
                               found: "a number (integer \(nanoseconds))", message: "Timestamp nanoseconds out of range: \(nanoseconds)")
        }
        guard seconds >= Timestamp.minimumSeconds, seconds < Timestamp.endSeconds else {
            throw MappingError(kind: .dataCorrupted, path: path.appending(.key("seconds")), expected: "Int64",
                               found: "a number (integer \(seconds))", message: "Timestamp seconds out of range: \(seconds)")
        }
        return Timestamp(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: nanoseconds))
    }

    /// `GeoPoint.init(from:)`: `{"latitude": Double, "longitude": Double}`, finite and in range.
    private mutating func geoPoint(from map: [String: Any]) throws(MappingError) -> GeoPoint {
        let latitude = try requiredDouble("latitude", in: map)
        let longitude = try requiredDouble("longitude", in: map)
        guard latitude.isFinite, abs(latitude) <= 90 else {
            throw MappingError(kind: .dataCorrupted, path: path.appending(.key("latitude")), expected: "Double", found: "a number (double \(latitude))",
                               message: "GeoPoint requires a latitude value in the range of [-90, 90], but was \(latitude)")
        }
        guard longitude.isFinite, abs(longitude) <= 180 else {
            throw MappingError(kind: .dataCorrupted, path: path.appending(.key("longitude")), expected: "Double", found: "a number (double \(longitude))",
                               message: "GeoPoint requires a longitude value in the range of [-180, 180], but was \(longitude)")
        }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    private mutating func requiredInteger(_ key: String, _ width: IntegerType, in map: [String: Any]) throws(MappingError) -> Int64 {
        path.push(.key(key))
        guard let raw = map[key] else { throw keyNotFound(.integer(width)) }
        let input = DocumentInput(raw)
        guard case .number(let number) = input else { throw unexpected(input, .integer(width)) }
        guard case .int(let value)? = number.exactly(width) else { throw doesNotFit(number, width.rawValue, bracketed: true) }
        path.pop()
        return value
    }

    private mutating func requiredDouble(_ key: String, in map: [String: Any]) throws(MappingError) -> Double {
        path.push(.key(key))
        guard let raw = map[key] else { throw keyNotFound(.double) }
        let input = DocumentInput(raw)
        guard case .number(let number) = input else { throw unexpected(input, .double) }
        path.pop()
        return number.doubleValue
    }

    // MARK: Errors at the current path

    func keyNotFound(_ type: TypePlan) -> MappingError {
        let path = path.current
        let key: String
        if case .key(let name)? = path.components.last { key = name } else { key = "" }
        return MappingError(kind: .keyNotFound, path: path, expected: plan.spelling(of: type), found: FoundDescription.nothing,
                            message: "No value associated with key \(FoundDescription.quoted(key)).")
    }

    /// Null where a value is required (`valueNotFound`), or a value of the wrong type (`typeMismatch`).
    func unexpected(_ input: DocumentInput, _ type: TypePlan) -> MappingError {
        let expected = plan.spelling(of: type)
        if case .null = input {
            return MappingError(kind: .valueNotFound, path: path.current, expected: expected, found: "null",
                                message: "Expected \(expected) value but found null instead.")
        }
        let found = FoundDescription.of(input)
        return MappingError(kind: .typeMismatch, path: path.current, expected: expected, found: found,
                            message: "Expected to decode \(expected) but found \(found) instead.")
    }

    private func doesNotFit(_ number: DocumentNumber, _ type: String, bracketed: Bool) -> MappingError {
        let shown = bracketed ? "<\(number.text)>" : number.text
        return MappingError(kind: .dataCorrupted, path: path.current, expected: type, found: "a number (\(FoundDescription.of(number)))",
                            message: "Parsed JSON number \(shown) does not fit in \(type).")
    }

    func corrupted(_ input: DocumentInput, _ type: TypePlan, _ message: String) -> MappingError {
        MappingError(kind: .dataCorrupted, path: path.current, expected: plan.spelling(of: type), found: FoundDescription.of(input), message: message)
    }
}
