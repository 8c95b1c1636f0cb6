import FirestoreJSON
import FirestoreModel

/// One write of a commit, as Firestore's REST `Write` has it: a document written (whole, or
/// only the fields of a mask) with the server transforms that follow, or a document deleted.
package enum DocumentWrite: Sendable, Hashable {
    /// Writes `document`'s fields: all of them, replacing the document, when `mask` is nil;
    /// else only the fields at `mask`'s paths (a path `document` has no value at is removed).
    /// Then `transforms` run in order at the server.
    case update(RESTDocument, mask: [ValuePath]?, transforms: [FieldTransform])
    /// Deletes the document (nothing happens when it does not exist).
    case delete(DocumentReference)

    /// A write that replaces `document` whole.
    package static func replacing(_ document: RESTDocument) -> DocumentWrite {
        .update(document, mask: nil, transforms: [])
    }

    /// The document the write is about, nil for an update of a document without a name.
    var reference: DocumentReference? {
        switch self {
        case .update(let document, _, _): return document.reference
        case .delete(let reference): return reference
        }
    }

    /// The write's JSON (`{"update": …, "updateMask": …, "updateTransforms": […]}` or
    /// `{"delete": "projects/…"}`), its document taken into `database`.
    /// - Throws: `FirestoreJSONError` when the REST writer cannot write a value.
    func body(in database: DatabaseID, writer: RESTJSONWriter) throws(FirestoreJSONError) -> [UInt8] {
        switch self {
        case .delete(let reference):
            return Array(#"{"delete":"#.utf8) + DocumentWrite.quoted(DocumentWrite.placed(reference, in: database).resourceName) + [UInt8(ascii: "}")]
        case .update(var document, let mask, let transforms):
            document.reference = document.reference.map { DocumentWrite.placed($0, in: database) }
            document.createTime = nil
            document.updateTime = nil
            var body = Array(#"{"update":"#.utf8) + (try writer.write(document))
            if let mask {
                body += Array(#","updateMask":{"fieldPaths":["#.utf8)
                body += DocumentWrite.joined(mask.map { DocumentWrite.quoted($0.firestoreFieldPath) })
                body += Array("]}".utf8)
            }
            if !transforms.isEmpty {
                body += Array(#","updateTransforms":["#.utf8)
                body += DocumentWrite.joined(try transforms.map { (transform) throws(FirestoreJSONError) in try DocumentWrite.body(of: transform, writer: writer) })
                body.append(UInt8(ascii: "]"))
            }
            body.append(UInt8(ascii: "}"))
            return body
        }
    }

    /// A REST `FieldTransform`: the field path and what the server does there.
    private static func body(of transform: FieldTransform, writer: RESTJSONWriter) throws(FirestoreJSONError) -> [UInt8] {
        var body = Array(#"{"fieldPath":"#.utf8) + quoted(transform.path.firestoreFieldPath) + [UInt8(ascii: ",")]
        switch transform.kind {
        case .serverTimestamp:
            body += Array(#""setToServerValue":"REQUEST_TIME""#.utf8)
        case .increment(let operand):
            body += Array(#""increment":"#.utf8) + (try writer.write(operand))
        case .arrayUnion(let elements):
            body += Array(#""appendMissingElements":{"values":["#.utf8) + joined(try elements.map { (element) throws(FirestoreJSONError) in try writer.write(element) }) + Array("]}".utf8)
        case .arrayRemove(let elements):
            body += Array(#""removeAllFromArray":{"values":["#.utf8) + joined(try elements.map { (element) throws(FirestoreJSONError) in try writer.write(element) }) + Array("]}".utf8)
        }
        body.append(UInt8(ascii: "}"))
        return body
    }

    /// `reference`'s path in `database` (the segments were valid for `reference`; they are for any database).
    static func placed(_ reference: DocumentReference, in database: DatabaseID) -> DocumentReference {
        (try? DocumentReference(segments: reference.segments, database: database)) ?? reference
    }

    /// Parts joined by commas.
    private static func joined(_ parts: [[UInt8]]) -> [UInt8] {
        Array(parts.joined(separator: [UInt8(ascii: ",")]))
    }

    /// A JSON string of `text`, as the project's JSON writers spell it.
    private static func quoted(_ text: String) -> [UInt8] {
        Array(JSONObject.quoted(text).utf8)
    }
}
