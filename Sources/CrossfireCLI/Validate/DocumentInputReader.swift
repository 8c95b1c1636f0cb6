import FirestoreJSON
import FirestoreModel

/// A document as `crossfire validate` checks it: its fields and, when the input named the
/// document, its path (which counts in the document's size).
struct InputDocument {
    /// The document's data.
    var fields: FirestoreMap
    /// `coll/doc…` of a REST document with a `name`; nil otherwise.
    var documentPath: String?
}

/// Reads one input in a given JSON form; errors name the JSON location.
struct DocumentInputReader {
    /// The limits applied while reading.
    let options: JSONReadOptions

    /// Reads `bytes` as `form`: `.rest` as a REST Document, `.plain` as a plain object of
    /// fields, `.auto` as `DocumentFormRule` decides (which also accepts bare REST fields).
    func read(_ bytes: [UInt8], form: DocumentForm) throws(FirestoreJSONError) -> InputDocument {
        switch form {
        case .rest: return try restDocument(bytes)
        case .plain: return try plainDocument(bytes)
        case .auto:
            switch try decide(bytes) {
            case .restDocument: return try restDocument(bytes)
            case .restFields: return try restFields(bytes)
            case .plain: return try plainDocument(bytes)
            }
        }
    }

    /// The rule's decision for an input, from one plain reading of it.
    private func decide(_ bytes: [UInt8]) throws(FirestoreJSONError) -> DocumentFormRule.Decision {
        let detection = JSONReadOptions(maximumStringBytes: options.maximumStringBytes, maximumDepth: JSONReadOptions.depthCeiling)
        do {
            return DocumentFormRule.decide(try PlainJSONReader(options: detection).readValue(from: bytes))
        } catch {
            // Plain reading counts every JSON level, three per Firestore level of a REST
            // document: such a document may still be within the REST reader's limit.
            if error.kind == .tooDeep, (try? restDocument(bytes)) != nil { return .restDocument }
            // The form is unknown, so the error names the JSON location only, not a field path.
            throw FirestoreJSONError(kind: error.kind, location: error.location, expected: error.expected, found: error.found)
        }
    }

    /// Plain fields; the vector shape `convert --to plain` writes is a vector, as in REST, not
    /// a map with the reserved key `__type__`.
    private func plainDocument(_ bytes: [UInt8]) throws(FirestoreJSONError) -> InputDocument {
        InputDocument(fields: try PlainJSONReader(options: options, readsVectorShape: true).readDocument(from: bytes))
    }

    private func restDocument(_ bytes: [UInt8]) throws(FirestoreJSONError) -> InputDocument {
        let document = try RESTJSONReader(options: options).readDocument(from: bytes)
        return InputDocument(fields: document.fields, documentPath: document.reference?.path)
    }

    /// Bare REST fields, read as the `fields` of a Document; error locations are given in the
    /// input as it is (without the `/fields` the reading added).
    private func restFields(_ bytes: [UInt8]) throws(FirestoreJSONError) -> InputDocument {
        let wrapped = Array(#"{"fields":"#.utf8) + bytes + [UInt8(ascii: "}")]
        do {
            return InputDocument(fields: try RESTJSONReader(options: options).readDocument(from: wrapped).fields)
        } catch {
            var components = error.location.path.components
            if components.first == .key("fields") { components.removeFirst() }
            let location = JSONLocation(path: ValuePath(components), line: error.location.line, column: error.location.column,
                                        byteOffset: error.location.byteOffset, record: error.location.record)
            throw FirestoreJSONError(kind: error.kind, location: location, valuePath: error.valuePath, expected: error.expected, found: error.found)
        }
    }
}
