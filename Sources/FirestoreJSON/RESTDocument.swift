import FirestoreModel

/// A document in the Firestore REST (ProtoJSON) form: `name`, `fields`, `createTime`,
/// `updateTime`. Every member may be absent on the wire (a Cloud Functions `oldValue` is a
/// bare `{}`); absent fields read as an empty map.
public struct RESTDocument: Hashable, Sendable, CustomStringConvertible {
    /// The document's full resource name as a reference, if the JSON had a `name`.
    public var reference: DocumentReference?
    /// The document's data.
    public var fields: FirestoreMap
    /// When the document was created, if given.
    public var createTime: Timestamp?
    /// When the document last changed, if given.
    public var updateTime: Timestamp?

    /// Creates a document.
    public init(reference: DocumentReference? = nil, fields: FirestoreMap = [:], createTime: Timestamp? = nil, updateTime: Timestamp? = nil) {
        self.reference = reference
        self.fields = fields
        self.createTime = createTime
        self.updateTime = updateTime
    }

    /// The document of a snapshot, or nil when the snapshot's document does not exist.
    public init?(snapshot: DocumentSnapshot) {
        guard let fields = snapshot.fields else { return nil }
        self.init(reference: snapshot.reference, fields: fields, createTime: snapshot.createTime, updateTime: snapshot.updateTime)
    }

    /// The document as a snapshot of an existing document, or nil when it has no name.
    public var snapshot: DocumentSnapshot? {
        guard let reference else { return nil }
        return DocumentSnapshot(reference: reference, fields: fields, createTime: createTime, updateTime: updateTime)
    }

    public var description: String {
        "RESTDocument(\(reference?.path ?? "unnamed"), \(fields))"
    }
}
