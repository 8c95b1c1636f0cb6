import Foundation
import FirestoreModel

/// One element of a `batchGet` response: the document, or the name of one that does not exist.
package enum RESTBatchGetEntry: Hashable, Sendable {
    /// The document exists; here it is.
    case found(RESTDocument)
    /// No document has this name.
    case missing(DocumentReference)
}

/// One page of a `list` response: its documents and the token of the next page (nil on the last).
package struct RESTDocumentPage: Hashable, Sendable {
    /// The documents of the page, in the server's order.
    package var documents: [RESTDocument]
    /// The `pageToken` that asks for the next page; nil when this page is the last.
    package var nextPageToken: String?
}

/// A `google.rpc.Status` as a REST error body holds it: `{"error": {"code", "message", "status"}}`.
package struct RESTStatus: Hashable, Sendable {
    /// The HTTP status code the server gave (`400`).
    package var code: Int64
    /// The canonical error name (`INVALID_ARGUMENT`).
    package var status: String
    /// The server's own message (`field name '__x__' is reserved.`).
    package var message: String
}

/// Reads the JSON bodies of Firestore's REST responses — `batchGet`'s and `runQuery`'s streams,
/// `list`'s page, `commit`'s result and an error's status — with every document in them read by
/// the REST reader (`RESTTreeReader`), so that its errors name the JSON location in the whole body.
package struct RESTResponseReader: Sendable {
    /// The limits applied to the input.
    package var options: JSONReadOptions

    /// Creates a reader with the given limits.
    package init(options: JSONReadOptions = .default) {
        self.options = options
    }

    /// A `batchGet` response: a JSON array of `{"found": Document}` or `{"missing": name}`,
    /// each with its `readTime`.
    package func batchGetEntries(from json: some ContiguousBytes) throws(FirestoreJSONError) -> [RESTBatchGetEntry] {
        var walk = ResponseWalk(options: options)
        let tree = try RESTJSONReader.parse(json)
        var entries: [RESTBatchGetEntry] = []
        try walk.elements(of: tree.rootNode) { (walk, member, node) throws(FirestoreJSONError) in
            switch member {
            case "found": entries.append(.found(try walk.reader.document(node)))
            case "missing": entries.append(.missing(try walk.reader.reference(node)))
            case "readTime", "transaction": break
            default: throw walk.unexpected(member, "found, missing, readTime and transaction")
            }
        }
        return entries
    }

    /// A `runQuery` response: a JSON array of `{"document": Document, "readTime", …}`; the
    /// elements without a document (progress, the last one's `done`) add none.
    package func queryDocuments(from json: some ContiguousBytes) throws(FirestoreJSONError) -> [RESTDocument] {
        var walk = ResponseWalk(options: options)
        let tree = try RESTJSONReader.parse(json)
        var documents: [RESTDocument] = []
        try walk.elements(of: tree.rootNode) { (walk, member, node) throws(FirestoreJSONError) in
            switch member {
            case "document": documents.append(try walk.reader.document(node))
            case "readTime", "transaction", "skippedResults", "done", "explainMetrics": break
            default: throw walk.unexpected(member, "document, readTime, transaction, skippedResults, done and explainMetrics")
            }
        }
        return documents
    }

    /// A `list` response: `{"documents": [Document], "nextPageToken": string}`, both optional.
    package func documentPage(from json: some ContiguousBytes) throws(FirestoreJSONError) -> RESTDocumentPage {
        var walk = ResponseWalk(options: options)
        let tree = try RESTJSONReader.parse(json)
        var page = RESTDocumentPage(documents: [], nextPageToken: nil)
        try walk.members(of: tree.rootNode, "a list response object") { (walk, member, node) throws(FirestoreJSONError) in
            switch member {
            case "documents":
                try walk.array(node, "an array of Documents") { (walk, element) throws(FirestoreJSONError) in
                    page.documents.append(try walk.reader.document(element))
                }
            case "nextPageToken":
                let token = try walk.reader.cursor.string(node, "a page token")
                page.nextPageToken = token.isEmpty ? nil : token
            default: throw walk.unexpected(member, "documents and nextPageToken")
            }
        }
        return page
    }

    /// A `commit` response: `{"writeResults": [...], "commitTime": timestamp}`; the commit time.
    package func commitTime(from json: some ContiguousBytes) throws(FirestoreJSONError) -> Timestamp {
        var walk = ResponseWalk(options: options)
        let tree = try RESTJSONReader.parse(json)
        var time: Timestamp?
        try walk.members(of: tree.rootNode, "a commit response object") { (walk, member, node) throws(FirestoreJSONError) in
            switch member {
            case "commitTime": time = try walk.reader.timestamp(node)
            case "writeResults": break
            default: throw walk.unexpected(member, "writeResults and commitTime")
            }
        }
        guard let time else {
            throw walk.reader.cursor.error(.missingMember, expected: "a commitTime member", found: "none")
        }
        return time
    }

    /// An error body: `{"error": {"code": integer, "message": string, "status": string}}`.
    package func status(from json: some ContiguousBytes) throws(FirestoreJSONError) -> RESTStatus {
        var walk = ResponseWalk(options: options)
        let tree = try RESTJSONReader.parse(json)
        var status = RESTStatus(code: 0, status: "", message: "")
        try walk.members(of: tree.rootNode, "an error response object") { (walk, member, node) throws(FirestoreJSONError) in
            guard member == "error" else { throw walk.unexpected(member, "error") }
            try walk.members(of: node, "a google.rpc.Status object") { (walk, member, node) throws(FirestoreJSONError) in
                switch member {
                case "code":
                    guard node.kind == .integer else {
                        throw walk.reader.cursor.error(.wrongType, expected: "an integer code", found: node.summary)
                    }
                    status.code = node.integer
                case "message": status.message = try walk.reader.cursor.string(node, "a message")
                case "status": status.status = try walk.reader.cursor.string(node, "a status name")
                case "details": break
                default: throw walk.unexpected(member, "code, message, status and details")
                }
            }
        }
        return status
    }
}

/// The walk over a response's envelope: the REST reader whose cursor tracks where it is, and
/// the steps into members and elements it takes on the way to the documents.
private struct ResponseWalk {
    var reader: RESTTreeReader

    init(options: JSONReadOptions) {
        reader = RESTTreeReader(options: options)
    }

    /// Calls `body` with each member of an object, the cursor at the member.
    mutating func members(of node: JanssonNode, _ expected: String,
                          _ body: (inout ResponseWalk, String, JanssonNode) throws(FirestoreJSONError) -> Void) throws(FirestoreJSONError) {
        guard node.kind == .object else { throw reader.cursor.error(.wrongType, expected: expected, found: node.summary) }
        for member in node.members {
            reader.cursor.enter(member.key)
            try body(&self, member.key, member.value)
            reader.cursor.leave()
        }
    }

    /// Calls `body` with each element of an array, the cursor at the element.
    mutating func array(_ node: JanssonNode, _ expected: String,
                        _ body: (inout ResponseWalk, JanssonNode) throws(FirestoreJSONError) -> Void) throws(FirestoreJSONError) {
        guard node.kind == .array else { throw reader.cursor.error(.wrongType, expected: expected, found: node.summary) }
        for (index, element) in node.elements.enumerated() {
            reader.cursor.enter(index: index)
            try body(&self, element)
            reader.cursor.leave()
        }
    }

    /// Calls `body` with each member of each object of a streamed response (a JSON array of objects).
    mutating func elements(of node: JanssonNode,
                           _ body: (inout ResponseWalk, String, JanssonNode) throws(FirestoreJSONError) -> Void) throws(FirestoreJSONError) {
        try array(node, "an array of response objects") { (walk, element) throws(FirestoreJSONError) in
            try walk.members(of: element, "a response object", body)
        }
    }

    /// The error for a member the response does not define.
    func unexpected(_ member: String, _ known: String) -> FirestoreJSONError {
        reader.cursor.error(.unexpectedMember, expected: "only \(known) here", found: "the member \(FoundText.quoted(member))")
    }
}
