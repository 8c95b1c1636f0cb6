import FirestoreJSON
import FirestoreModel

/// A `runQuery` over one collection: its documents, or those whose field equals a value,
/// ordered by field (then by name, as Firestore adds), at most `limit`.
package struct StructuredQuery: Sendable {
    /// The document the collection is under (nil: a root collection).
    package var parent: DocumentReference?
    /// The collection's ID.
    package var collectionID: String
    /// A field path (`a.b`, backticked where a segment needs it) and the value it must equal.
    package var equality: (fieldPath: String, value: FirestoreValue)?
    /// Field paths to order by, ascending.
    package var orderBy: [String]
    /// The most documents to return.
    package var limit: Int?

    /// A query of the collection `collectionID` under `parent`.
    package init(parent: DocumentReference? = nil, collectionID: String, equality: (fieldPath: String, value: FirestoreValue)? = nil,
                 orderBy: [String] = [], limit: Int? = nil) {
        self.parent = parent
        self.collectionID = collectionID
        self.equality = equality
        self.orderBy = orderBy
        self.limit = limit
    }

    /// The request body `{"structuredQuery": {...}}`: the frame by the plain writer, the
    /// equality's value by the REST writer.
    func body(writer: RESTJSONWriter) throws(FirestoreJSONError) -> [UInt8] {
        var query: FirestoreMap = ["from": .array([.map(["collectionId": .string(collectionID)])])]
        if !orderBy.isEmpty {
            query["orderBy"] = .array(orderBy.map { .map(["field": .map(["fieldPath": .string($0)]), "direction": .string("ASCENDING")]) })
        }
        if let limit { query["limit"] = .integer(Int64(limit)) }
        let placeholder = "__crossfire_value__"
        if let equality {
            query["where"] = .map(["fieldFilter": .map(["field": .map(["fieldPath": .string(equality.fieldPath)]),
                                                        "op": .string("EQUAL"), "value": .string(placeholder)])])
        }
        let frame = try PlainJSONWriter(options: JSONWriteOptions(layout: .compact)).write(["structuredQuery": .map(query)])
        guard let equality else { return frame }
        // The filter's value is a REST `Value`, which the plain writer does not write: it goes
        // where the placeholder string is.
        let quoted = Array("\"\(placeholder)\"".utf8)
        guard let start = frame.firstRange(of: quoted) else { return frame }
        var body = frame
        body.replaceSubrange(start, with: try writer.write(equality.value))
        return body
    }
}
