/// A Firestore database: project and database ID (`(default)` for the default database).
public struct DatabaseID: Hashable, Sendable, CustomStringConvertible {
    /// The Google Cloud project.
    public let projectID: String
    /// The database within the project.
    public let database: String

    /// The database references point into when none is named (`projects/crossfire/databases/(default)`).
    public static let `default` = DatabaseID(projectID: "crossfire", database: "(default)")

    /// Creates a database ID.
    public init(projectID: String, database: String = "(default)") {
        self.projectID = projectID
        self.database = database
    }

    /// `projects/{projectID}/databases/{database}`.
    public var resourceName: String { "projects/\(projectID)/databases/\(database)" }

    public var description: String { resourceName }
}

/// Why a document path or resource name is not a valid document reference.
public struct DocumentPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path or resource name as given.
    public let path: String
    /// What is wrong with it.
    public let reason: String
    public var description: String { "invalid document path \"\(path)\": \(reason)" }
}

/// A reference to a document: its database and its path of alternating collection and
/// document IDs (`books/hitchhiker`, `a/b/c/d`).
///
/// Segments compare by code points (Firestore compares IDs by UTF-8 bytes), not by Swift's
/// canonical equivalence.
public struct DocumentReference: Hashable, Sendable, CustomStringConvertible {
    /// The database the document lives in.
    public let database: DatabaseID
    /// The path segments: collection, document, collection, document, …
    public let segments: [String]

    /// Creates a reference from a slash-separated document path such as `books/abc`,
    /// checking every rule for IDs: an even, non-zero number of non-empty segments, none
    /// of them `.`, `..` or `__…__`, none over 1,500 UTF-8 bytes.
    public init(path: String, database: DatabaseID = .default) throws(DocumentPathError) {
        // Split by UTF-8 bytes, not Characters: a segment may begin with a combining mark or a
        // joiner, which as a Character would absorb the slash before it.
        var bytes = path.utf8[...]
        if bytes.first == UInt8(ascii: "/") { bytes = bytes.dropFirst() }
        let segments = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        try self.init(segments: segments, database: database, describedAs: path)
    }

    /// Creates a reference from its segments, checking the same rules as `init(path:)`.
    public init(segments: [String], database: DatabaseID = .default) throws(DocumentPathError) {
        try self.init(segments: segments, database: database, describedAs: segments.joined(separator: "/"))
    }

    private init(segments: [String], database: DatabaseID, describedAs text: String) throws(DocumentPathError) {
        guard !segments.isEmpty, segments.count % 2 == 0 else {
            throw DocumentPathError(path: text, reason: "a document path needs an even number of segments, found \(segments.count)")
        }
        for (position, segment) in segments.enumerated() {
            if let problem = DocumentReference.problem(withID: segment) {
                throw DocumentPathError(path: text, reason: "segment \(position + 1): \(problem)")
            }
        }
        self.database = database
        self.segments = segments
    }

    /// Reads a full resource name `projects/{p}/databases/{d}/documents/{path}`.
    public init(resourceName: String) throws(DocumentPathError) {
        let parts = resourceName.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 5, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard parts.count == 6, parts[0] == "projects", parts[2] == "databases", parts[4] == "documents",
              !parts[1].isEmpty, !parts[3].isEmpty
        else {
            throw DocumentPathError(path: resourceName, reason: "expected projects/{project}/databases/{database}/documents/{path}")
        }
        do {
            try self.init(path: parts[5], database: DatabaseID(projectID: parts[1], database: parts[3]))
        } catch {
            throw DocumentPathError(path: resourceName, reason: error.reason)
        }
    }

    /// What is wrong with a collection or document ID, or nil when it is valid.
    public static func problem(withID id: String) -> String? {
        if id.isEmpty { return "empty ID" }
        if id.utf8.count > 1500 { return "ID longer than 1,500 bytes (\(id.utf8.count))" }
        if id.utf8.contains(0x2F) { return "ID contains '/'" }
        if id == "." || id == ".." { return "ID is '\(id)'" }
        if id.isReservedName { return "ID \"\(id)\" matches the reserved form __.*__" }
        return nil
    }

    /// The slash-separated path, e.g. `books/abc`.
    public var path: String { segments.joined(separator: "/") }

    /// The last segment: the document's own ID.
    public var documentID: String { segments.last ?? "" }

    /// The ID of the collection that holds the document.
    public var collectionID: String { segments.count >= 2 ? segments[segments.count - 2] : "" }

    /// `projects/{p}/databases/{d}/documents/{path}`.
    public var resourceName: String { "\(database.resourceName)/documents/\(path)" }

    public static func == (lhs: DocumentReference, rhs: DocumentReference) -> Bool {
        lhs.database == rhs.database && lhs.segments.count == rhs.segments.count
            && zip(lhs.segments, rhs.segments).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(database)
        for segment in segments {
            for byte in segment.utf8 { hasher.combine(byte) }
            hasher.combine(0x2F as UInt8)
        }
    }

    public var description: String { resourceName }
}

extension String {
    /// Whether the string has Firestore's reserved form `__.*__` (at least four characters,
    /// beginning and ending with two underscores).
    public var isReservedName: Bool {
        let bytes = utf8
        return bytes.count >= 4 && bytes.starts(with: "__".utf8) && bytes.reversed().starts(with: "__".utf8)
    }
}
