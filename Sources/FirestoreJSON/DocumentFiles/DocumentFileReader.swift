import Foundation
import FirestoreModel

/// Reads a file of Firestore documents in any of the forms of `DocumentFileForm`, telling
/// them apart by the file's start: a decimal digit begins a bundle, `[` a `runQuery`
/// response; an object is a `documents:list` response when it has `documents` or
/// `nextPageToken` (or no member at all: the REST API's empty list), a `DocumentEventData`
/// payload when it has `value`, `oldValue` or `updateMask`, and a `Document` otherwise.
///
/// A file whose framing is wrong (not JSON, a member its form does not define, a list that is
/// no array, a bundle that does not read) is an error; within a readable file, each document
/// is read on its own and one that cannot be read is an entry holding its error, with the
/// JSON location inside the file.
public struct DocumentFileReader: Sendable {
    /// The limits applied to the input.
    public var options: JSONReadOptions

    /// Creates a reader with the given limits.
    public init(options: JSONReadOptions = .default) {
        self.options = options
    }

    /// The members a `RunQueryResponse` item may have.
    static let runQueryMembers: Set<String> = ["document", "readTime", "transaction", "skippedResults", "done", "explainMetrics"]
    /// The members of a `documents:list` response.
    static let listMembers: Set<String> = ["documents", "nextPageToken"]
    /// The members of a `DocumentEventData` payload.
    static let eventMembers: Set<String> = ["value", "oldValue", "updateMask"]

    /// Reads a file's bytes.
    public func read(from bytes: some ContiguousBytes) throws(FirestoreJSONError) -> DocumentFile {
        let start = bytes.withUnsafeBytes { buffer in buffer.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } }
        if let start, start >= UInt8(ascii: "0"), start <= UInt8(ascii: "9") {
            return bundleFile(try BundleReader(options: options).read(from: bytes))
        }
        let tree = try RESTJSONReader.parse(bytes)
        let root = tree.rootNode
        switch root.kind {
        case .array:
            return try runQueryFile(root)
        case .object:
            let keys = Set(root.members.map(\.key))
            if keys.isEmpty || !keys.isDisjoint(with: Self.listMembers) { return try listFile(root) }
            if !keys.isDisjoint(with: Self.eventMembers) { return try eventFile(root) }
            var reader = RESTTreeReader(options: options)
            let document = try reader.document(root)
            return DocumentFile(form: .document, documents: [DocumentFileEntry(location: .root, document: .success(document))])
        default:
            throw FirestoreJSONError(kind: .wrongType, location: .root,
                                     expected: "a Document, a documents:list response, a runQuery response, a DocumentEventData payload or a bundle",
                                     found: root.summary)
        }
    }

    private func bundleFile(_ bundle: FirestoreBundle) -> DocumentFile {
        var entries: [DocumentFileEntry] = []
        for bundled in bundle.documents {
            guard let document = bundled.document else { continue }
            entries.append(DocumentFileEntry(location: JSONLocation(path: ValuePath(keys: "document"), record: bundled.element),
                                             document: .success(document)))
        }
        return DocumentFile(form: .bundle, documents: entries, absentDocuments: bundle.documents.count - entries.count)
    }

    private func runQueryFile(_ root: JanssonNode) throws(FirestoreJSONError) -> DocumentFile {
        var cursor = ReadCursor(options: options)
        var entries: [DocumentFileEntry] = []
        for (index, item) in root.elements.enumerated() {
            cursor.enter(index: index)
            defer { cursor.leave() }
            guard item.kind == .object else {
                throw cursor.error(.wrongType, expected: "a RunQueryResponse object", found: item.summary)
            }
            try forEachMember(of: item, allowed: Self.runQueryMembers, of: "a RunQueryResponse", cursor: &cursor) { (member, cursor) throws(FirestoreJSONError) in
                if member.key == "document" { entries.append(entry(member.value, at: cursor)) }
            }
        }
        return DocumentFile(form: .runQueryResponse, documents: entries)
    }

    private func listFile(_ root: JanssonNode) throws(FirestoreJSONError) -> DocumentFile {
        var cursor = ReadCursor(options: options)
        var entries: [DocumentFileEntry] = []
        var nextPageToken: String?
        try forEachMember(of: root, allowed: Self.listMembers, of: "a documents:list response", cursor: &cursor) { (member, cursor) throws(FirestoreJSONError) in
            guard member.key == "documents" else {
                let token = try cursor.string(member.value, "the next page's token, a string")
                nextPageToken = token.isEmpty ? nil : token
                return
            }
            guard member.value.kind == .array else {
                throw cursor.error(.wrongType, expected: "an array of Documents", found: member.value.summary)
            }
            for (index, element) in member.value.elements.enumerated() {
                cursor.enter(index: index)
                defer { cursor.leave() }
                entries.append(entry(element, at: cursor))
            }
        }
        return DocumentFile(form: .listResponse, documents: entries, nextPageToken: nextPageToken)
    }

    private func eventFile(_ root: JanssonNode) throws(FirestoreJSONError) -> DocumentFile {
        var cursor = ReadCursor(options: options)
        var entries: [DocumentFileEntry] = []
        try forEachMember(of: root, allowed: Self.eventMembers, of: "a DocumentEventData payload", cursor: &cursor) { (member, cursor) throws(FirestoreJSONError) in
            if member.key == "value", !(member.value.kind == .object && member.value.count == 0) {
                entries.append(entry(member.value, at: cursor))
            }
        }
        return DocumentFile(form: .documentEvent, documents: entries, absentDocuments: entries.isEmpty ? 1 : 0)
    }

    /// Calls `body` with each member of the object `node` and the cursor on it; a member not
    /// in `allowed` is an `unexpectedMember` error naming the message (`what`).
    private func forEachMember(
        of node: JanssonNode, allowed: Set<String>, of what: String, cursor: inout ReadCursor,
        _ body: (JanssonMember, inout ReadCursor) throws(FirestoreJSONError) -> Void
    ) throws(FirestoreJSONError) {
        for member in node.members {
            cursor.enter(member.key)
            defer { cursor.leave() }
            guard allowed.contains(member.key) else {
                throw cursor.error(.unexpectedMember, expected: "only \(allowed.sorted().joined(separator: ", ")) in \(what)",
                                   found: "the member \(FoundText.quoted(member.key))")
            }
            try body(member, &cursor)
        }
    }

    /// The document at the cursor's place, read on its own.
    private func entry(_ node: JanssonNode, at cursor: ReadCursor) -> DocumentFileEntry {
        var reader = RESTTreeReader(options: options)
        reader.cursor = cursor
        return DocumentFileEntry(location: cursor.location, document: Result { () throws(FirestoreJSONError) in try reader.document(node) })
    }
}
