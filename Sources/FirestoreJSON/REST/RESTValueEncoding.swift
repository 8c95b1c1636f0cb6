import CJansson
import FirestoreModel

/// The REST (ProtoJSON) encoding of values, placed into a jansson tree.
///
/// Canonical choices: integers as decimal strings; NaN, ±Infinity and −0.0 as the strings
/// `"NaN"`, `"Infinity"`, `"-Infinity"`, `"-0"` (also for geopoint coordinates); timestamps
/// in UTC with 0, 3, 6 or 9 fraction digits; bytes in standard padded base64; both geopoint
/// coordinates always; an empty array as `{"arrayValue": {}}` and an empty map as
/// `{"mapValue": {}}`; a vector as the reserved map shape, `__type__` first.
extension WriteCursor {
    /// Places the `Value` object of `value` at `depth`. The caller has entered its step.
    mutating func placeRESTValue(_ value: FirestoreValue, in slot: Slot, depth: Int) throws(FirestoreJSONError) {
        let object = try place(JanssonMake.object(), in: slot)
        try placeRESTContent(of: value, into: object, depth: depth)
    }

    /// Places the members of a `fields` object (a document's or a map's) whose values are at
    /// `depth`.
    mutating func placeRESTFields(_ map: FirestoreMap, into object: UnsafeMutablePointer<json_t>, depth: Int) throws(FirestoreJSONError) {
        for (key, value) in map {
            enterData(.key(key))
            defer { leave() }
            try placeRESTValue(value, in: .member(object, key), depth: depth)
        }
    }

    /// Places the one type-key member of `value` into its (empty) `Value` object.
    private mutating func placeRESTContent(of value: FirestoreValue, into object: UnsafeMutablePointer<json_t>, depth: Int) throws(FirestoreJSONError) {
        func member(_ key: RESTTypeKey) -> Slot { .member(object, key.rawValue) }
        switch value {
        case .null:
            enter(RESTTypeKey.nullValue.rawValue)
            defer { leave() }
            try place(JanssonMake.null(), in: member(.nullValue))
        case .boolean(let flag):
            enter(RESTTypeKey.booleanValue.rawValue)
            defer { leave() }
            try place(JanssonMake.bool(flag), in: member(.booleanValue))
        case .integer(let number):
            enter(RESTTypeKey.integerValue.rawValue)
            defer { leave() }
            try place(JanssonMake.string(String(number)), in: member(.integerValue))
        case .double(let number):
            enter(RESTTypeKey.doubleValue.rawValue)
            defer { leave() }
            try placeRESTDouble(number, in: member(.doubleValue))
        case .timestamp(let timestamp):
            enter(RESTTypeKey.timestampValue.rawValue)
            defer { leave() }
            try placeTimestamp(timestamp, in: member(.timestampValue))
        case .string(let text):
            enter(RESTTypeKey.stringValue.rawValue)
            defer { leave() }
            try place(JanssonMake.string(text), in: member(.stringValue))
        case .bytes(let data):
            enter(RESTTypeKey.bytesValue.rawValue)
            defer { leave() }
            try place(JanssonMake.string(Base64Text.encode(data)), in: member(.bytesValue))
        case .reference(let reference):
            enter(RESTTypeKey.referenceValue.rawValue)
            defer { leave() }
            try place(JanssonMake.string(reference.resourceName), in: member(.referenceValue))
        case .geoPoint(let point):
            enter(RESTTypeKey.geoPointValue.rawValue)
            defer { leave() }
            let coordinates = try place(JanssonMake.object(), in: member(.geoPointValue))
            enter("latitude")
            try placeRESTDouble(point.latitude, in: .member(coordinates, "latitude"))
            leave()
            enter("longitude")
            try placeRESTDouble(point.longitude, in: .member(coordinates, "longitude"))
            leave()
        case .array(let elements):
            try checkDepth(depth)
            enter(RESTTypeKey.arrayValue.rawValue)
            defer { leave() }
            let arrayValue = try place(JanssonMake.object(), in: member(.arrayValue))
            try placeRESTElements(elements, into: arrayValue, depth: depth + 1)
        case .map(let map):
            try checkDepth(depth)
            enter(RESTTypeKey.mapValue.rawValue)
            defer { leave() }
            let mapValue = try place(JanssonMake.object(), in: member(.mapValue))
            guard !map.isEmpty else { return }
            enter("fields")
            defer { leave() }
            let fields = try place(JanssonMake.object(), in: .member(mapValue, "fields"))
            try placeRESTFields(map, into: fields, depth: depth + 1)
        case .vector(let vector):
            let shape: FirestoreMap = [
                VectorShape.typeKey: .string(VectorShape.typeName),
                VectorShape.valueKey: .array(vector.array.map(FirestoreValue.double)),
            ]
            try placeRESTContent(of: .map(shape), into: object, depth: depth)
        }
    }

    /// Places the `values` of an `arrayValue` (left out when empty).
    private mutating func placeRESTElements(_ elements: [FirestoreValue], into arrayValue: UnsafeMutablePointer<json_t>, depth: Int) throws(FirestoreJSONError) {
        guard !elements.isEmpty else { return }
        enter("values")
        defer { leave() }
        let values = try place(JanssonMake.array(), in: .member(arrayValue, "values"))
        for (index, element) in elements.enumerated() {
            enterData(.index(index))
            defer { leave() }
            try placeRESTValue(element, in: .element(values), depth: depth)
        }
    }

    /// Places a ProtoJSON double: a real, or the string of NaN, ±Infinity or −0.0.
    mutating func placeRESTDouble(_ number: Double, in slot: Slot) throws(FirestoreJSONError) {
        if let special = DoubleText.special(number) {
            try place(JanssonMake.string(special), in: slot)
        } else {
            try placeReal(number, in: slot)
        }
    }

    /// Places a timestamp in canonical RFC 3339 (UTC, 0/3/6/9 fraction digits).
    mutating func placeTimestamp(_ timestamp: Timestamp, in slot: Slot) throws(FirestoreJSONError) {
        guard let text = timestamp.canonicalRFC3339String else {
            throw error(.unrepresentable, expected: "a timestamp from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z",
                        found: "Timestamp(seconds: \(timestamp.seconds), nanoseconds: \(timestamp.nanoseconds))")
        }
        try place(JanssonMake.string(text), in: slot)
    }
}
