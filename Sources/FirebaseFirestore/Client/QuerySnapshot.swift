/// The documents a query found, in its order (by document ID for a whole collection): the
/// SDK's `QuerySnapshot`.
public final class QuerySnapshot: Sendable {
    /// The documents, each known to exist.
    public let documents: [QueryDocumentSnapshot]

    /// A snapshot of `documents`.
    public init(documents: [QueryDocumentSnapshot]) {
        self.documents = documents
    }

    /// How many documents there are.
    public var count: Int { documents.count }

    /// Whether there are none.
    public var isEmpty: Bool { documents.isEmpty }
}
