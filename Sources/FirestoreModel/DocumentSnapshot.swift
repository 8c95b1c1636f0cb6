/// A document as read: its reference, its fields (or that it does not exist), and its
/// create and update times.
public struct DocumentSnapshot: Sendable, Hashable {
    /// The document this snapshot is of.
    public let reference: DocumentReference
    /// The fields; nil when the document does not exist.
    public let fields: FirestoreMap?
    /// When the document was created (nil when unknown or the document does not exist).
    public let createTime: Timestamp?
    /// When the document was last changed (nil when unknown or the document does not exist).
    public let updateTime: Timestamp?

    /// A snapshot of an existing document.
    public init(reference: DocumentReference, fields: FirestoreMap, createTime: Timestamp? = nil, updateTime: Timestamp? = nil) {
        self.reference = reference
        self.fields = fields
        self.createTime = createTime
        self.updateTime = updateTime
    }

    /// A snapshot of a document that does not exist.
    public init(missing reference: DocumentReference) {
        self.reference = reference
        self.fields = nil
        self.createTime = nil
        self.updateTime = nil
    }

    /// Whether the document exists.
    public var exists: Bool { fields != nil }

    /// The document's ID (last path segment).
    public var documentID: String { reference.documentID }
}
