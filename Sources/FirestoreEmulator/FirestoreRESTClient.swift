import Foundation
import FirestoreJSON
import FirestoreModel

/// A client of Firestore's REST API (`/v1/projects/P/databases/D/documents`) as the emulator
/// serves it: commit, batchGet, list (every page) and runQuery. Request bodies are written and
/// answers read by the project's own REST JSON writer and reader; an error answer is a
/// `RequestRefusal` with the emulator's status and message.
package struct FirestoreRESTClient: Sendable {
    /// Where the emulator listens.
    package let host: EmulatorHost
    /// The database every request is about.
    package let database: DatabaseID
    private let transport: HTTPTransport
    private let writer = RESTJSONWriter(options: JSONWriteOptions(layout: .compact))
    private let reader = RESTResponseReader()

    /// A client of `database` on the emulator at `host`; a request without an answer after
    /// `timeout` seconds fails.
    package init(host: EmulatorHost, database: DatabaseID, timeout: TimeInterval = 60) {
        self.host = host
        self.database = database
        self.transport = HTTPTransport(timeout: timeout)
    }

    /// `projects/P/databases/D/documents`: the path every document path is under.
    private var documentsPath: String { "/v1/\(database.resourceName)/documents" }

    /// The reference of `document` in this client's database.
    package func reference(_ document: DocumentReference) -> DocumentReference {
        DocumentWrite.placed(document, in: database)
    }

    // MARK: Writes

    /// Writes each document whole (an `update` write without a mask: the document is replaced
    /// or created) in one atomic commit; its path is taken into this client's database.
    /// Returns the commit time. A refused commit writes none of them.
    @discardableResult
    package func commit(_ documents: [RESTDocument]) throws(EmulatorError) -> Timestamp {
        try commit(writes: documents.map(DocumentWrite.replacing))
    }

    /// Sends `writes` in one atomic commit, each document's path taken into this client's
    /// database. Returns the commit time. A refused commit writes none of them.
    @discardableResult
    package func commit(writes: [DocumentWrite]) throws(EmulatorError) -> Timestamp {
        let request = "POST \(documentsPath):commit"
        var body = Array(#"{"writes":["#.utf8)
        for (index, write) in writes.enumerated() {
            guard let path = write.reference else {
                throw .refused(RequestRefusal(request: request, subject: "write \(index)", httpStatus: 0,
                                              status: "NOT_SENT", message: "a document without a name cannot be written"))
            }
            if index > 0 { body.append(UInt8(ascii: ",")) }
            do {
                body += try write.body(in: database, writer: writer)
            } catch {
                throw .refused(RequestRefusal(request: request, subject: "document \(path.path)", httpStatus: 0,
                                              status: "NOT_SENT", message: "Crossfire's REST writer cannot write it: \(error)"))
            }
        }
        body += Array("]}".utf8)
        let subject = writes.count == 1 ? writes[0].reference.map { "document \($0.path)" } : "\(writes.count) documents"
        let answer = try send("POST", documentsPath + ":commit", body: body, subject: subject)
        return try read(answer, request) { (bytes) throws(FirestoreJSONError) in try reader.commitTime(from: bytes) }
    }

    /// Sends a commit whose body is given as JSON text, as it is (for inputs the writer never
    /// makes: a bad base64 string, an integer beyond Int64, a timestamp in year 0).
    @discardableResult
    package func commit(rawBody: String) throws(EmulatorError) -> Timestamp {
        let answer = try send("POST", documentsPath + ":commit", body: Array(rawBody.utf8), subject: nil)
        return try read(answer, "POST \(documentsPath):commit") { (bytes) throws(FirestoreJSONError) in try reader.commitTime(from: bytes) }
    }

    /// Deletes every document of the database (the emulator's own endpoint
    /// `DELETE /emulator/v1/projects/P/databases/D/documents`).
    package func deleteAllDocuments() throws(EmulatorError) {
        _ = try send("DELETE", "/emulator\(documentsPath)", body: nil, subject: nil)
    }

    // MARK: Reads

    /// The documents of `references` (taken into this client's database) that exist, by their
    /// path in that database; the ones that do not exist are absent.
    package func batchGet(_ references: [DocumentReference]) throws(EmulatorError) -> [DocumentReference: RESTDocument] {
        guard !references.isEmpty else { return [:] }
        let names = references.map { FirestoreValue.string(reference($0).resourceName) }
        let request = "POST \(documentsPath):batchGet"
        let body: [UInt8]
        do {
            body = try PlainJSONWriter(options: JSONWriteOptions(layout: .compact)).write(["documents": .array(names)])
        } catch {
            throw .refused(RequestRefusal(request: request, subject: nil, httpStatus: 0, status: "NOT_SENT", message: "\(error)"))
        }
        let answer = try send("POST", documentsPath + ":batchGet", body: body, subject: "\(references.count) documents")
        let entries = try read(answer, request) { (bytes) throws(FirestoreJSONError) in try reader.batchGetEntries(from: bytes) }
        var found: [DocumentReference: RESTDocument] = [:]
        for case .found(let document) in entries {
            if let name = document.reference { found[name] = document }
        }
        return found
    }

    /// Every document of the collection at `collectionPath` (`books`, `users/u1/cards`), page
    /// after page of at most `pageSize`, in the server's order (by document ID).
    package func list(collection collectionPath: String, pageSize: Int = 300) throws(EmulatorError) -> [RESTDocument] {
        try pages(of: collectionPath, pageSize: pageSize) { (bytes) throws(FirestoreJSONError) in
            let page = try reader.documentPage(from: bytes)
            return (page.documents, page.nextPageToken)
        }.flatMap { $0 }
    }

    /// The collection at `collectionPath` as one `documents:list` file: every page of at most
    /// `pageSize` read as `DocumentFileReader` reads a list file — each document on its own, so
    /// that one the reader refuses is an entry holding its error and the others are kept —,
    /// each entry's location inside its page, the page's number (from 0) its `record`.
    package func listFile(collection collectionPath: String, pageSize: Int = 300) throws(EmulatorError) -> DocumentFile {
        let pages = try pages(of: collectionPath, pageSize: pageSize) { (bytes) throws(FirestoreJSONError) in
            let file = try DocumentFileReader().read(from: bytes)
            guard file.form == .listResponse else {
                throw FirestoreJSONError(kind: .wrongType, location: .root, expected: "a documents:list response", found: "a \(file.form.rawValue)")
            }
            return (file.documents, file.nextPageToken)
        }
        let entries = pages.enumerated().flatMap { page, entries in
            entries.map { DocumentFileEntry(location: JSONLocation(path: $0.location.path, record: page), document: $0.document) }
        }
        return DocumentFile(form: .listResponse, documents: entries)
    }

    /// Reads the collection at `collectionPath` page after page of at most `pageSize`, each
    /// page's body read by `read` into what it holds and the next page's token, until a page
    /// has none.
    private func pages<Page>(of collectionPath: String, pageSize: Int,
                             _ read: ([UInt8]) throws(FirestoreJSONError) -> (page: Page, next: String?)) throws(EmulatorError) -> [Page] {
        var pages: [Page] = []
        var token: String?
        let path = documentsPath + "/" + collectionPath.split(separator: "/").map { FirestoreRESTClient.escaped(String($0)) }.joined(separator: "/")
        repeat {
            var query = "?pageSize=\(pageSize)"
            if let token { query += "&pageToken=" + FirestoreRESTClient.escaped(token) }
            let answer = try send("GET", path + query, body: nil, subject: "collection \(collectionPath)")
            let (page, next) = try self.read(answer, "GET \(path)", read)
            pages.append(page)
            token = next
        } while token != nil
        return pages
    }

    /// The documents `query` selects, in its order.
    package func runQuery(_ query: StructuredQuery) throws(EmulatorError) -> [RESTDocument] {
        let request = "POST \(documentsPath):runQuery"
        let body: [UInt8]
        do {
            body = try query.body(writer: writer)
        } catch {
            throw .refused(RequestRefusal(request: request, subject: nil, httpStatus: 0, status: "NOT_SENT", message: "\(error)"))
        }
        var path = documentsPath
        if let parent = query.parent { path += "/" + parent.segments.map(FirestoreRESTClient.escaped).joined(separator: "/") }
        let answer = try send("POST", path + ":runQuery", body: body, subject: "collection \(query.collectionID)")
        return try read(answer, request) { (bytes) throws(FirestoreJSONError) in try reader.queryDocuments(from: bytes) }
    }

    // MARK: Transport

    /// Sends a request; an answer other than 2xx is a refusal with the emulator's status and message.
    private func send(_ method: String, _ path: String, body: [UInt8]?, subject: String?) throws(EmulatorError) -> HTTPAnswer {
        let request = "\(method) \(path)"
        guard let url = URL(string: host.baseURL + path) else {
            throw .unreachable(request: request, reason: "not a URL: \(host.baseURL + path)")
        }
        let answer = try transport.send(method, url, body: body, request: request)
        guard (200..<300).contains(answer.status) else {
            let status = try? reader.status(from: answer.body)
            throw .refused(RequestRefusal(request: request, subject: subject, httpStatus: answer.status,
                                          status: status?.status ?? "", message: status?.message ?? String(decoding: answer.body, as: UTF8.self)))
        }
        return answer
    }

    private func read<Value>(_ answer: HTTPAnswer, _ request: String,
                             _ body: ([UInt8]) throws(FirestoreJSONError) -> Value) throws(EmulatorError) -> Value {
        do {
            return try body(answer.body)
        } catch {
            throw .unreadableAnswer(request: request, error: error)
        }
    }

    /// A path segment or query value, percent-encoded.
    private static func escaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~()")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
