import Foundation
import FirestoreModel

/// Reads Firestore REST (ProtoJSON) documents and values from JSON text, through jansson.
///
/// Accepted spellings: `integerValue` as a decimal string or JSON integer; `doubleValue` as a
/// number, a numeric string, `"NaN"`, `"Infinity"`, `"-Infinity"` or `"-0"`; `timestampValue`
/// in RFC 3339 with 0–9 fraction digits and any offset; `bytesValue` in standard or URL-safe
/// base64, padded or not; `referenceValue` as a full resource name; `geoPointValue` with a
/// 0.0 coordinate left out; `arrayValue`/`mapValue` with empty `values`/`fields` left out;
/// `nullValue` as `null`, `"NULL_VALUE"` or `0`; a map of the vector shape
/// (`__type__: "__vector__"`, `value`: doubles) as `.vector`.
///
/// Caveat from jansson: the JSON number `-0` is read as the integer 0, so
/// `{"doubleValue": -0}` gives +0.0 (writers use the string `"-0"`); a JSON integer beyond
/// Int64 is a syntax-level `numberOutOfRange` error even in `doubleValue`.
public struct RESTJSONReader: Sendable {
    /// The limits applied to the input.
    public var options: JSONReadOptions

    /// Creates a reader with the given limits.
    public init(options: JSONReadOptions = .default) {
        self.options = options
    }

    /// Reads a `Document` object: `name`, `fields`, `createTime`, `updateTime`, each optional.
    public func readDocument(from json: some ContiguousBytes) throws(FirestoreJSONError) -> RESTDocument {
        let tree = try Self.parse(json)
        var reader = RESTTreeReader(options: options)
        return try reader.document(tree.rootNode)
    }

    /// Reads a `Document` object from a string.
    public func readDocument(from json: String) throws(FirestoreJSONError) -> RESTDocument {
        try readDocument(from: Array(json.utf8))
    }

    /// Reads one `Value` object, e.g. `{"integerValue": "1"}`.
    public func readValue(from json: some ContiguousBytes) throws(FirestoreJSONError) -> FirestoreValue {
        let tree = try Self.parse(json)
        var reader = RESTTreeReader(options: options)
        return try reader.rootValue(tree.rootNode)
    }

    /// Reads one `Value` object from a string.
    public func readValue(from json: String) throws(FirestoreJSONError) -> FirestoreValue {
        try readValue(from: Array(json.utf8))
    }

    static func parse(_ json: some ContiguousBytes) throws(FirestoreJSONError) -> JanssonInputTree {
        let result = json.withUnsafeBytes { bytes in
            Result { () throws(FirestoreJSONError) in try JanssonInputTree.parse(bytes) }
        }
        return try result.get()
    }
}
