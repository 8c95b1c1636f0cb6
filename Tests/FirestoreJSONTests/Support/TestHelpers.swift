import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Reads one REST `Value` from JSON text.
func restValue(_ json: String, options: JSONReadOptions = .default) throws(FirestoreJSONError) -> FirestoreValue {
    try RESTJSONReader(options: options).readValue(from: json)
}

/// Reads the field `v` of `{"fields": {"v": <json>}}`.
func restField(_ valueJSON: String) throws(FirestoreJSONError) -> FirestoreValue? {
    try RESTJSONReader().readDocument(from: #"{"fields": {"v": "# + valueJSON + "}}").fields["v"]
}

/// The error reading a REST document throws (nil, and a recorded issue, when it reads).
func restDocumentError(_ json: String, options: JSONReadOptions = .default) -> FirestoreJSONError? {
    restDocumentError(Array(json.utf8), options: options)
}

/// The error reading a REST document from bytes throws.
func restDocumentError(_ json: [UInt8], options: JSONReadOptions = .default) -> FirestoreJSONError? {
    #expect(throws: FirestoreJSONError.self) { try RESTJSONReader(options: options).readDocument(from: json) }
}

/// The error reading the field `v` of a REST document throws.
func restFieldError(_ valueJSON: String) -> FirestoreJSONError? {
    restDocumentError(#"{"fields": {"v": "# + valueJSON + "}}")
}

/// Compact, insertion-ordered output as a string.
let compact = JSONWriteOptions(layout: .compact)

/// The REST text of a value, compact.
func restText(_ value: FirestoreValue, options: JSONWriteOptions = compact) throws(FirestoreJSONError) -> String {
    String(decoding: try RESTJSONWriter(options: options).write(value), as: UTF8.self)
}

/// The plain text of a value, compact.
func plainText(_ value: FirestoreValue, options: JSONWriteOptions = compact) throws(FirestoreJSONError) -> String {
    String(decoding: try PlainJSONWriter(options: options).write(value), as: UTF8.self)
}

/// A document reference from a valid path.
func reference(_ path: String, database: DatabaseID = .default) throws -> DocumentReference {
    try DocumentReference(path: path, database: database)
}

extension FirestoreValue {
    /// The double inside `.double`, for bit-level checks.
    var doubleBits: UInt64? {
        guard case .double(let number) = self else { return nil }
        return number.bitPattern
    }
}
