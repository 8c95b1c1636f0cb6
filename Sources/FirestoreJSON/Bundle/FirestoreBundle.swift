import FirestoreModel

/// A Firestore bundle (`Docs/firestore-data-model.md` §7): a metadata element, named queries,
/// and documents each announced by its metadata.
public struct FirestoreBundle: Hashable, Sendable {
    /// The first element.
    public var metadata: BundleMetadata
    /// Each `namedQuery` element's content, as plain JSON (not interpreted).
    public var namedQueries: [FirestoreMap]
    /// The documents in order, existing or deleted.
    public var documents: [BundledDocument]

    /// Creates a bundle.
    public init(metadata: BundleMetadata, namedQueries: [FirestoreMap] = [], documents: [BundledDocument] = []) {
        self.metadata = metadata
        self.namedQueries = namedQueries
        self.documents = documents
    }
}

/// The `metadata` element of a bundle.
public struct BundleMetadata: Hashable, Sendable {
    /// The bundle's ID.
    public var id: String
    /// When the bundle was made, if given.
    public var createTime: Timestamp?
    /// The bundle format version, if given.
    public var version: Int64?
    /// How many `documentMetadata` elements follow.
    public var totalDocuments: Int64
    /// How many bytes follow the metadata element, length prefixes included.
    public var totalBytes: Int64

    /// Creates metadata.
    public init(id: String, createTime: Timestamp? = nil, version: Int64? = nil, totalDocuments: Int64, totalBytes: Int64) {
        self.id = id
        self.createTime = createTime
        self.version = version
        self.totalDocuments = totalDocuments
        self.totalBytes = totalBytes
    }
}

/// One document of a bundle: its `documentMetadata` element and, when it exists, the
/// `document` element after it.
public struct BundledDocument: Hashable, Sendable {
    /// The document's reference (`documentMetadata.name`).
    public var reference: DocumentReference
    /// When the bundle's data was read, if given.
    public var readTime: Timestamp?
    /// Whether the document exists; a deleted document has no `document`.
    public var exists: Bool
    /// The names of the bundle's queries that return this document.
    public var queries: [String]
    /// The document, present exactly when it exists.
    public var document: RESTDocument?
    /// The bundle element (0-based) that holds the document, or its `documentMetadata` when
    /// it does not exist; nil when the document was not read from a bundle.
    public var element: Int?

    /// Creates a bundled document.
    public init(reference: DocumentReference, readTime: Timestamp? = nil, exists: Bool, queries: [String] = [], document: RESTDocument? = nil,
                element: Int? = nil) {
        self.reference = reference
        self.readTime = readTime
        self.exists = exists
        self.queries = queries
        self.document = document
        self.element = element
    }
}
