import FirestoreJSON
import FirestoreModel

/// One cause of dropped documents: its key, the documents it drops, one of them as its
/// example, and what the hand mappers make of the same documents.
package struct SurveyCause: Hashable, Sendable {
    /// The kind, field, expected type and what was found.
    package var key: SurveyCauseKey
    /// The names of the documents it drops, in the order surveyed.
    package var documents: [String]
    /// The first of them.
    package var example: SurveyExample
    /// The hand mappers on its documents; nil when the survey has no schema to run them with.
    package var handMappers: HandMapperTally?

    /// How many documents it drops.
    package var count: Int { documents.count }
}

/// A dropped document, shown as the example of its cause.
package struct SurveyExample: Hashable, Sendable {
    /// The document's reference.
    package var reference: DocumentReference
    /// The input it was read from.
    package var input: String
    /// Where in the input.
    package var location: JSONLocation
    /// The field that broke it, exactly (`hints[1].text`).
    package var path: ValuePath
    /// What the document held there; nil for nothing (a missing key).
    package var value: FirestoreValue?
    /// The Codable error's message (its `debugDescription`).
    package var message: String
    /// The document's fields.
    package var fields: FirestoreMap
    /// What the strict hand mapper did with it, in words; nil without a schema.
    package var strict: String?
    /// What the lenient hand mapper did with it, in words; nil without a schema.
    package var lenient: String?

    /// The document's name (`cards/c03`).
    package var document: String { reference.path }
}

/// What one input gave the survey.
package struct SurveyInputSummary: Hashable, Sendable {
    /// The input's name.
    package var name: String
    /// The form it was read in; nil when it could not be read.
    package var form: DocumentFileForm?
    /// How many of its documents were surveyed.
    package var documents: Int
    /// How many of those an app drops.
    package var dropped: Int
    /// How many documents it names as deleted.
    package var absent: Int
    /// How many of its documents could not be read.
    package var unreadableDocuments: Int
    /// Why the input as a whole could not be read, or nil.
    package var error: String?
}
