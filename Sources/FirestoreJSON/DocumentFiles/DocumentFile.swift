import FirestoreModel

/// The forms a file of Firestore documents comes in, as the REST API and the SDKs write them.
public enum DocumentFileForm: String, Hashable, Sendable, CaseIterable {
    /// One REST `Document` (what `GET …/documents/c/d` returns).
    case document
    /// A `documents:list` response: `{"documents": [Document…], "nextPageToken": "…"}`; the
    /// REST API answers a list without documents with `{}`.
    case listResponse
    /// A `runQuery` response: a JSON array of `RunQueryResponse` items, each with a `document`
    /// or only `readTime`, `skippedResults`, `transaction`, `done` or `explainMetrics`.
    case runQueryResponse
    /// A CloudEvents `DocumentEventData` payload (Cloud Functions): `value`, the document after
    /// the change; `oldValue`, the one before, is not the collection's state and is skipped.
    case documentEvent
    /// A Firestore bundle: length-prefixed `BundleElement`s (`BundleReader`).
    case bundle
}

/// The documents of one file, each read on its own, so that one document that cannot be read
/// leaves the others readable.
public struct DocumentFile: Sendable {
    /// The form the file was read in.
    public var form: DocumentFileForm
    /// Every document the file holds, in the file's order.
    public var documents: [DocumentFileEntry]
    /// How many documents the file names as absent: a bundle's deleted documents, an event's
    /// missing `value` (the document was deleted).
    public var absentDocuments: Int
    /// A `documents:list` response's `nextPageToken`: the collection has more documents than
    /// this page holds, and this token asks for the next page. Nil on a last page and in every
    /// other form.
    public var nextPageToken: String?

    /// Creates a file's contents.
    public init(form: DocumentFileForm, documents: [DocumentFileEntry], absentDocuments: Int = 0, nextPageToken: String? = nil) {
        self.form = form
        self.documents = documents
        self.absentDocuments = absentDocuments
        self.nextPageToken = nextPageToken
    }
}

/// One document of a file: where it is in the file, and the document or why it cannot be read.
public struct DocumentFileEntry: Sendable {
    /// The document's place: a JSON pointer (`/documents/3`), or a bundle element (`element 5,
    /// /document`).
    public var location: JSONLocation
    /// The document, or the error that names where in it reading failed.
    public var document: Result<RESTDocument, FirestoreJSONError>

    /// Creates an entry.
    public init(location: JSONLocation, document: Result<RESTDocument, FirestoreJSONError>) {
        self.location = location
        self.document = document
    }
}
