import FirestoreJSON
import FirestoreModel

/// One cause of dropped documents: its key, the documents it drops, one of them as its
/// example, and what the hand mappers make of the same documents.
public struct SurveyCause: Hashable, Sendable {
    /// The kind, field, expected type and what was found.
    public var key: SurveyCauseKey
    /// The names of the documents it drops, in the order surveyed.
    public var documents: [String]
    /// The first of them.
    public var example: SurveyExample
    /// The hand mappers on its documents; nil when the survey has no schema to run them with.
    public var handMappers: HandMapperTally?

    /// How many documents it drops.
    public var count: Int { documents.count }
}

/// A dropped document, shown as the example of its cause.
public struct SurveyExample: Hashable, Sendable {
    /// The document's reference.
    public var reference: DocumentReference
    /// The input it was read from.
    public var input: String
    /// Where in the input.
    public var location: JSONLocation
    /// The field that broke it, exactly (`hints[1].text`).
    public var path: ValuePath
    /// What the document held there; nil for nothing (a missing key).
    public var value: FirestoreValue?
    /// The Codable error's message (its `debugDescription`).
    public var message: String
    /// The document's fields.
    public var fields: FirestoreMap
    /// What the strict hand mapper did with it, in words; nil without a schema.
    public var strict: String?
    /// What the lenient hand mapper did with it, in words; nil without a schema.
    public var lenient: String?

    /// The document's name (`cards/c03`).
    public var document: String { reference.path }
}

/// What one input gave the survey.
public struct SurveyInputSummary: Hashable, Sendable {
    /// The input's name.
    public var name: String
    /// The form it was read in; nil when it could not be read.
    public var form: DocumentFileForm?
    /// How many of its documents were surveyed.
    public var documents: Int
    /// How many of those an app drops.
    public var dropped: Int
    /// How many documents it names as deleted.
    public var absent: Int
    /// How many of its documents could not be read.
    public var unreadableDocuments: Int
    /// Why the input as a whole could not be read, or nil.
    public var error: String?
}
