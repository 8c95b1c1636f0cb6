import FirestoreJSON
import FirestoreModel

/// Walking plain JSON (read as values) to the parts a test wants.
extension FirestoreValue {
    /// The member of a map, or nil.
    subscript(key: String) -> FirestoreValue? {
        guard case .map(let map) = self else { return nil }
        return map[key]
    }

    /// The elements of an array; empty for anything else.
    var elements: [FirestoreValue] {
        guard case .array(let elements) = self else { return [] }
        return elements
    }

    /// The text of a string value.
    var stringText: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}

/// Reads a REST document held inside plain JSON that was read as a value: writes that part
/// back as JSON text (plain JSON keeps every REST token: strings, integers, reals, null) and
/// reads the text as REST.
func restDocument(inPlain value: FirestoreValue) throws -> RESTDocument {
    try RESTJSONReader().readDocument(from: PlainJSONWriter().write(value))
}

/// Writes a document, reads it back and writes again: the document must come back equal and
/// the bytes identical. Returns the canonical bytes.
@discardableResult
func assertRoundTrips(_ document: RESTDocument) throws -> [UInt8] {
    let writer = RESTJSONWriter()
    let first = try writer.write(document)
    let read = try RESTJSONReader().readDocument(from: first)
    guard read == document else { throw RoundTripMismatch(document: document, read: read) }
    let second = try writer.write(read)
    guard second == first else { throw RoundTripMismatch(document: document, read: read) }
    return first
}

/// A document that did not survive a round trip.
struct RoundTripMismatch: Error, CustomStringConvertible {
    let document: RESTDocument
    let read: RESTDocument
    var description: String { "round trip changed \(document) into \(read)" }
}
