import Foundation
import FirestoreModel

/// Walks a jansson tree holding Firestore REST JSON into documents and values.
///
/// Recursion follows Firestore arrays and maps only, and stops at `maximumDepth`; jansson
/// has already refused any text nested deeper than 2,048 levels.
struct RESTTreeReader {
    var cursor: ReadCursor

    init(options: JSONReadOptions, record: Int? = nil) {
        cursor = ReadCursor(options: options, record: record)
    }

    // MARK: Documents

    /// A `Document` object; every member may be absent.
    mutating func document(_ node: JanssonNode) throws(FirestoreJSONError) -> RESTDocument {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "a Document object", found: node.summary)
        }
        var document = RESTDocument()
        for member in node.members {
            cursor.enter(member.key)
            defer { cursor.leave() }
            switch member.key {
            case "name":
                document.reference = try reference(member.value)
            case "fields":
                cursor.startData()
                defer { cursor.endData() }
                document.fields = try fields(member.value, depth: 1)
            case "createTime":
                document.createTime = try timestamp(member.value)
            case "updateTime":
                document.updateTime = try timestamp(member.value)
            default:
                throw cursor.error(.unexpectedMember, expected: "only name, fields, createTime and updateTime in a Document",
                                   found: "the member \(FoundText.quoted(member.key))")
            }
        }
        return document
    }

    /// A value read on its own, as the root of its data.
    mutating func rootValue(_ node: JanssonNode) throws(FirestoreJSONError) -> FirestoreValue {
        cursor.startData()
        return try value(node, depth: 1)
    }

    /// A `fields` object (of a document or a `mapValue`) whose values are at `depth`.
    private mutating func fields(_ node: JanssonNode, depth: Int) throws(FirestoreJSONError) -> FirestoreMap {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "an object of field names to Values", found: node.summary)
        }
        var map = FirestoreMap()
        for member in node.members {
            cursor.enterData(.key(member.key))
            defer { cursor.leave() }
            try cursor.checkLength(member.keyByteCount, of: "a field name")
            map[member.key] = try value(member.value, depth: depth)
        }
        return map
    }

    // MARK: Values

    /// A `Value` object at `depth`: exactly one type key.
    mutating func value(_ node: JanssonNode, depth: Int) throws(FirestoreJSONError) -> FirestoreValue {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "a Value object with \(RESTTypeKey.expectation)", found: node.summary)
        }
        var typed: (key: RESTTypeKey, value: JanssonNode)?
        for member in node.members {
            guard let key = RESTTypeKey(rawValue: member.key) else {
                cursor.enter(member.key)
                defer { cursor.leave() }
                if RESTTypeKey.pipelineOnly.contains(member.key) {
                    throw cursor.error(.pipelineTypeKey, expected: "a stored value type (\(RESTTypeKey.expectation))",
                                       found: "the Pipeline-only key \(member.key)")
                }
                throw cursor.error(.unknownTypeKey, expected: RESTTypeKey.expectation,
                                   found: "the key \(FoundText.quoted(member.key))")
            }
            if let first = typed {
                throw cursor.error(.multipleTypeKeys, expected: RESTTypeKey.expectation,
                                   found: "both \(first.key.rawValue) and \(key.rawValue)")
            }
            typed = (key, member.value)
        }
        guard let (key, content) = typed.map({ ($0.key, $0.value) }) else {
            throw cursor.error(.missingTypeKey, expected: RESTTypeKey.expectation, found: node.summary)
        }
        cursor.enter(key.rawValue)
        defer { cursor.leave() }
        switch key {
        case .nullValue: return try null(content)
        case .booleanValue: return try boolean(content)
        case .integerValue: return .integer(try integer(content))
        case .doubleValue: return .double(try double(content))
        case .timestampValue: return .timestamp(try timestamp(content))
        case .stringValue: return .string(try cursor.string(content, "a string"))
        case .bytesValue: return .bytes(try bytes(content))
        case .referenceValue: return .reference(try reference(content))
        case .geoPointValue: return .geoPoint(try geoPoint(content))
        case .arrayValue: return .array(try array(content, depth: depth))
        case .mapValue: return try map(content, depth: depth)
        }
    }

    private func null(_ node: JanssonNode) throws(FirestoreJSONError) -> FirestoreValue {
        switch node.kind {
        case .null: return .null
        case .string where node.string == "NULL_VALUE": return .null
        case .integer where node.integer == 0: return .null
        default: throw cursor.error(.invalidValue, expected: "null, \"NULL_VALUE\" or 0", found: node.summary)
        }
    }

    private func boolean(_ node: JanssonNode) throws(FirestoreJSONError) -> FirestoreValue {
        switch node.kind {
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        default: throw cursor.error(.wrongType, expected: "true or false", found: node.summary)
        }
    }

    private func integer(_ node: JanssonNode) throws(FirestoreJSONError) -> Int64 {
        let expected = "a decimal Int64 string or a JSON integer"
        switch node.kind {
        case .integer:
            return node.integer
        case .string:
            let text = try cursor.string(node, expected)
            switch DecimalInt64Text.parse(text) {
            case .success(let value): return value
            case .failure(.outOfRange):
                throw cursor.error(.numberOutOfRange, expected: "an integer from \(Int64.min) to \(Int64.max)", found: node.summary)
            case .failure(.notDecimal):
                throw cursor.error(.invalidValue, expected: expected, found: node.summary)
            }
        case .real:
            throw cursor.error(.invalidValue, expected: expected, found: node.summary)
        default:
            throw cursor.error(.wrongType, expected: expected, found: node.summary)
        }
    }

    /// A ProtoJSON double: a number, a numeric string, or NaN / Infinity / -Infinity / -0.
    private func double(_ node: JanssonNode) throws(FirestoreJSONError) -> Double {
        let expected = "a number or one of \"NaN\", \"Infinity\", \"-Infinity\", \"-0\" or a numeric string"
        switch node.kind {
        case .real:
            return node.real
        case .integer:
            return Double(node.integer)
        case .string:
            switch DoubleText.parse(try cursor.string(node, expected)) {
            case .success(let value): return value
            case .failure(.outOfRange):
                throw cursor.error(.numberOutOfRange, expected: "a number within binary64's range", found: node.summary)
            case .failure(.notANumber):
                throw cursor.error(.invalidValue, expected: expected, found: node.summary)
            }
        default:
            throw cursor.error(.wrongType, expected: expected, found: node.summary)
        }
    }

    func timestamp(_ node: JanssonNode) throws(FirestoreJSONError) -> Timestamp {
        let expected = "an RFC 3339 timestamp from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z"
        let text = try cursor.string(node, expected)
        do {
            return try Timestamp(rfc3339: text)
        } catch {
            throw cursor.error(.invalidValue, expected: expected, found: "\(node.summary) (\(error.reason))")
        }
    }

    private func bytes(_ node: JanssonNode) throws(FirestoreJSONError) -> Data {
        let expected = "base64 in the standard or URL-safe alphabet, padded or not"
        guard node.kind == .string else { throw cursor.error(.wrongType, expected: expected, found: node.summary) }
        let limit = cursor.options.maximumStringBytes
        let textLimit = Base64Text.encodedLength(ofByteCount: limit)
        guard node.stringByteCount <= textLimit else {
            throw cursor.error(.stringTooLong, expected: "base64 of at most \(limit) bytes (\(textLimit) characters)",
                               found: "\(node.stringByteCount) characters of base64")
        }
        let data: Data
        switch Base64Text.decode(node.string ?? "") {
        case .success(let decoded): data = decoded
        case .failure(let problem):
            throw cursor.error(.invalidValue, expected: expected, found: "\(node.summary) (\(Self.describe(problem)))")
        }
        try cursor.checkLength(data.count, of: "a byte string")
        return data
    }

    private static func describe(_ problem: Base64Text.Problem) -> String {
        switch problem {
        case .invalidCharacter(let offset): return "a character outside base64 at byte \(offset)"
        case .mixedAlphabets: return "characters of both the standard and the URL-safe alphabet"
        case .badPadding: return "misplaced or excess '=' padding"
        case .truncated: return "a length that no byte string encodes to"
        case .nonZeroTrailingBits: return "non-zero unused bits in the last character"
        }
    }

    func reference(_ node: JanssonNode) throws(FirestoreJSONError) -> DocumentReference {
        let expected = "a resource name projects/{project}/databases/{database}/documents/{document path}"
        let text = try cursor.string(node, expected)
        do {
            return try DocumentReference(resourceName: text)
        } catch {
            throw cursor.error(.invalidValue, expected: expected, found: "\(node.summary) (\(error.reason))")
        }
    }

    /// A `LatLng`: `latitude` and `longitude`, each 0.0 when absent.
    private mutating func geoPoint(_ node: JanssonNode) throws(FirestoreJSONError) -> GeoPoint {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "an object with latitude and longitude", found: node.summary)
        }
        var latitude = 0.0
        var longitude = 0.0
        for member in node.members {
            cursor.enter(member.key)
            defer { cursor.leave() }
            switch member.key {
            case "latitude": latitude = try double(member.value)
            case "longitude": longitude = try double(member.value)
            default:
                throw cursor.error(.unexpectedMember, expected: "only latitude and longitude in a geoPointValue",
                                   found: "the member \(FoundText.quoted(member.key))")
            }
        }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// An `ArrayValue` at `depth`: `{"values": [Value, …]}`, `values` absent when empty.
    private mutating func array(_ node: JanssonNode, depth: Int) throws(FirestoreJSONError) -> [FirestoreValue] {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "an object with an optional values array", found: node.summary)
        }
        try cursor.checkDepth(depth)
        var elements: [FirestoreValue] = []
        for member in node.members {
            cursor.enter(member.key)
            defer { cursor.leave() }
            guard member.key == "values" else {
                throw cursor.error(.unexpectedMember, expected: "only values in an arrayValue",
                                   found: "the member \(FoundText.quoted(member.key))")
            }
            guard member.value.kind == .array else {
                throw cursor.error(.wrongType, expected: "an array of Values", found: member.value.summary)
            }
            elements.reserveCapacity(member.value.count)
            for (index, element) in member.value.elements.enumerated() {
                cursor.enterData(.index(index))
                defer { cursor.leave() }
                elements.append(try value(element, depth: depth + 1))
            }
        }
        return elements
    }

    /// A `MapValue` at `depth`: `{"fields": {…}}`, `fields` absent when empty. The reserved
    /// vector shape becomes `.vector`.
    private mutating func map(_ node: JanssonNode, depth: Int) throws(FirestoreJSONError) -> FirestoreValue {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "an object with an optional fields object", found: node.summary)
        }
        try cursor.checkDepth(depth)
        var map = FirestoreMap()
        for member in node.members {
            cursor.enter(member.key)
            defer { cursor.leave() }
            guard member.key == "fields" else {
                throw cursor.error(.unexpectedMember, expected: "only fields in a mapValue",
                                   found: "the member \(FoundText.quoted(member.key))")
            }
            map = try fields(member.value, depth: depth + 1)
        }
        if let vector = Self.vector(in: map) { return .vector(vector) }
        return .map(map)
    }

    /// The vector a map stands for: exactly the keys `__type__` (the string `__vector__`) and
    /// `value` (an array of doubles only); nil for any other map.
    static func vector(in map: FirestoreMap) -> VectorValue? {
        guard map.count == 2, case .string(let type)? = map[VectorShape.typeKey], type == VectorShape.typeName,
              case .array(let elements)? = map[VectorShape.valueKey]
        else { return nil }
        var doubles: [Double] = []
        doubles.reserveCapacity(elements.count)
        for element in elements {
            guard case .double(let number) = element else { return nil }
            doubles.append(number)
        }
        return VectorValue(doubles)
    }
}
