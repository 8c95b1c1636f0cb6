import FirestoreModel

/// One example of a class as a journal keeps it (an `example` object, see `JournalFormat`),
/// read once into typed members (`JournalFormat+Example.swift` writes and reads it): the
/// leaf, what the input held there, what each mapper did there, the grid cells, and the case
/// — typed, and in the JSON form the journal keeps it, which reports copy as it is.
package struct JournalExample: Sendable {
    /// The line it was read from (1-based).
    package var line: Int
    /// The coding path of its leaf (`tags[2].color`).
    package var path: String
    /// The same path as keys and indexes.
    package var components: ValuePath
    /// The same place as a Firestore field path.
    package var firestorePath: String?
    /// The schema path (`tags[].color`).
    package var schemaPath: String
    /// The exact Swift type at the leaf (`Int8?`).
    package var leafType: String?
    /// The leaf's wrapper.
    package var wrapper: String?
    /// The kind of container the leaf sits in.
    package var container: String
    /// What the input held there.
    package var held: JournalLeaf
    /// What the model value held there (encode, round trip).
    package var input: JournalLeaf?
    /// Each mapper's outcome at the leaf.
    package var outcomes: [JournalOutcome]
    /// The grid cells the finding fell in.
    package var cells: [GridCell]
    /// The case that shows it, read.
    package var stored: StoredCase
    /// The case's JSON form as the journal keeps it.
    package var caseJSON: CaseJSON

    /// Creates an example.
    package init(line: Int, path: String, components: ValuePath, firestorePath: String?, schemaPath: String, leafType: String?,
                wrapper: String?, container: String, held: JournalLeaf, input: JournalLeaf?, outcomes: [JournalOutcome],
                cells: [GridCell], stored: StoredCase, caseJSON: CaseJSON) {
        self.line = line
        self.path = path
        self.components = components
        self.firestorePath = firestorePath
        self.schemaPath = schemaPath
        self.leafType = leafType
        self.wrapper = wrapper
        self.container = container
        self.held = held
        self.input = input
        self.outcomes = outcomes
        self.cells = cells
        self.stored = stored
        self.caseJSON = caseJSON
    }

    /// The parts of an example's `case` object that stay JSON: the schema's JSON form, the
    /// REST document, the model value in `ModelValueCoding`'s form, and the rendering of a
    /// document REST JSON cannot hold. The rest of the case is typed in `StoredCase`.
    package struct CaseJSON: Sendable {
        /// The schema's JSON form.
        package var schema: FirestoreValue
        /// The document in REST JSON (`{"fields": …}`), nil when the case has none or it could
        /// not be stored.
        package var document: FirestoreValue?
        /// The model value, in `ModelValueCoding`'s form.
        package var model: FirestoreValue?
        /// The document's rendering, when it could not be stored as REST JSON.
        package var documentText: String?

        /// Creates the JSON form of a case.
        package init(schema: FirestoreValue, document: FirestoreValue?, model: FirestoreValue?, documentText: String?) {
            self.schema = schema
            self.document = document
            self.model = model
            self.documentText = documentText
        }
    }
}
