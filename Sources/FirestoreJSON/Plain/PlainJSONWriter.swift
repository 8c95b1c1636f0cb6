import FirestoreModel

/// Writes Firestore values as plain JSON, canonically, through jansson.
///
/// Plain JSON carries null, booleans, integers (as JSON integers), finite doubles (as reals,
/// always with `.` or an exponent, so `1.0` stays a double and `-0.0` keeps its sign),
/// strings, arrays and maps (keys in insertion order, or sorted). Values plain JSON has no
/// form for are written, in a stable documented form, as their REST `Value` object:
/// - NaN, ±Infinity: `{"doubleValue": "NaN"}`, `{"doubleValue": "Infinity"}`, `{"doubleValue": "-Infinity"}`;
/// - timestamps: `{"timestampValue": "2020-04-23T14:23:53.241Z"}` (UTC, 0/3/6/9 digits);
/// - bytes: `{"bytesValue": "AQID"}` (standard padded base64);
/// - references: `{"referenceValue": "projects/p/databases/(default)/documents/c/d"}`;
/// - geopoints: `{"geoPointValue": {"latitude": 1.5, "longitude": 2.0}}`.
/// A vector is written as its map shape `{"__type__": "__vector__", "value": [reals]}`.
/// Reading these forms back gives maps, not the original values (see `PlainJSONReader`), but
/// for the vector shape when the reader's `readsVectorShape` is set.
///
/// Refused (`unrepresentable`): a map key containing NUL, nesting deeper than `maximumDepth`,
/// and a timestamp outside RFC 3339's range.
public struct PlainJSONWriter: Sendable {
    /// Key order and layout.
    public var options: JSONWriteOptions

    /// Creates a writer.
    public init(options: JSONWriteOptions = .default) {
        self.options = options
    }

    /// The JSON of a value.
    public func write(_ value: FirestoreValue) throws(FirestoreJSONError) -> [UInt8] {
        var cursor = WriteCursor(options: options)
        cursor.startData()
        try cursor.placePlainValue(value, in: .root, depth: 1)
        return try cursor.output()
    }

    /// The JSON object of a document's fields.
    public func write(_ fields: FirestoreMap) throws(FirestoreJSONError) -> [UInt8] {
        var cursor = WriteCursor(options: options)
        cursor.startData()
        let root = try cursor.place(JanssonMake.object(), in: .root)
        try cursor.placePlainMembers(fields, into: root, depth: 1)
        return try cursor.output()
    }
}
