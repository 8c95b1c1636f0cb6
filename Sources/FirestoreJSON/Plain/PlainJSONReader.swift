import Foundation
import FirestoreModel

/// Reads plain JSON (fixtures, reports, journals) into Firestore values by the natural
/// mapping: a JSON integer is `.integer`, a real (a number with `.` or an exponent) is
/// `.double`, strings, booleans and `null` are themselves, arrays are `.array` and objects
/// `.map` with their keys in order. Nothing is interpreted: the forms `PlainJSONWriter` uses
/// for timestamps, bytes and the like read back as maps — and so does a vector's map shape
/// (`{"__type__": "__vector__", "value": [reals]}`) unless `readsVectorShape` is set.
///
/// jansson reads the number `-0` as the integer 0 and a number too large for Int64 without
/// `.` or exponent as a `numberOutOfRange` error.
public struct PlainJSONReader: Sendable {
    /// The limits applied to the input.
    public var options: JSONReadOptions
    /// Whether an object of exactly the vector shape — the members `__type__` (the string
    /// `__vector__`) and `value` (an array of reals only) — reads as `.vector`, as the REST
    /// reader reads it, rather than as a map with a reserved key. Off by default: fixtures,
    /// journals and reports are read as they are.
    public var readsVectorShape: Bool

    /// Creates a reader with the given limits.
    public init(options: JSONReadOptions = .default, readsVectorShape: Bool = false) {
        self.options = options
        self.readsVectorShape = readsVectorShape
    }

    /// Reads any JSON value.
    public func readValue(from json: some ContiguousBytes) throws(FirestoreJSONError) -> FirestoreValue {
        let tree = try RESTJSONReader.parse(json)
        var reader = PlainTreeReader(options: options, readsVectorShape: readsVectorShape)
        return try reader.rootValue(tree.rootNode)
    }

    /// Reads any JSON value from a string.
    public func readValue(from json: String) throws(FirestoreJSONError) -> FirestoreValue {
        try readValue(from: Array(json.utf8))
    }

    /// Reads a JSON object as a document's fields.
    public func readDocument(from json: some ContiguousBytes) throws(FirestoreJSONError) -> FirestoreMap {
        let tree = try RESTJSONReader.parse(json)
        var reader = PlainTreeReader(options: options, readsVectorShape: readsVectorShape)
        return try reader.rootMap(tree.rootNode)
    }

    /// Reads a JSON object from a string as a document's fields.
    public func readDocument(from json: String) throws(FirestoreJSONError) -> FirestoreMap {
        try readDocument(from: Array(json.utf8))
    }
}
