import FirestoreJSON
import FirestoreModel

/// One input of a survey: a file of documents in any form `DocumentFileReader` reads, by
/// its name, with its bytes or the reason it could not be read — or documents already read
/// into a `DocumentFile` (a collection listed from a database, page after page).
package struct SurveyInput: Sendable {
    /// What the input holds.
    package enum Content: Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// Why the file could not be read (`cannot open: No such file or directory`).
        case unreadable(String)
        /// Documents already read, each on its own, as `DocumentFileReader` reads a file's.
        case read(DocumentFile)
    }

    /// How reports name the input: its path as given.
    package var name: String
    /// Its bytes, or why there are none.
    package var content: Content

    /// An input read into memory.
    package init(name: String, bytes: [UInt8]) {
        self.name = name
        self.content = .bytes(bytes)
    }

    /// Documents already read (a collection `FirestoreRESTClient.listFile` listed), surveyed
    /// as a file of that form is.
    package init(name: String, file: DocumentFile) {
        self.name = name
        self.content = .read(file)
    }

    /// An input that could not be read, with the reason.
    package init(name: String, unreadable reason: String) {
        self.name = name
        self.content = .unreadable(reason)
    }
}

/// A document a survey decodes: the document a collection listener hands an app, and where
/// the survey read it.
package struct SurveyDocument: Hashable, Sendable {
    /// The document's reference (every document of a collection has one).
    package var reference: DocumentReference
    /// Its fields.
    package var fields: FirestoreMap
    /// The input it was read from.
    package var input: String
    /// Where in the input.
    package var location: JSONLocation

    /// Creates a document.
    package init(reference: DocumentReference, fields: FirestoreMap, input: String, location: JSONLocation = .root) {
        self.reference = reference
        self.fields = fields
        self.input = input
        self.location = location
    }

    /// How reports name the document: its path (`cards/c03`).
    package var name: String { reference.path }
}

/// An input, or one document in an input, that the survey could not read: where, and what
/// was expected there.
package struct SurveyUnreadable: Hashable, Sendable, CustomStringConvertible {
    /// The input's name.
    package var input: String
    /// Where in the input; nil when the input could not be read at all.
    package var location: JSONLocation?
    /// What was wrong, on one line: `at /documents/2/fields/n/integerValue (field n): expected
    /// …, found …`, or the system's reason.
    package var message: String
    /// Whether the whole input was lost (rather than one of its documents).
    package var isWholeInput: Bool

    /// Creates a record.
    package init(input: String, location: JSONLocation?, message: String, isWholeInput: Bool) {
        self.input = input
        self.location = location
        self.message = message
        self.isWholeInput = isWholeInput
    }

    /// A reading error, at the place it names.
    init(input: String, error: FirestoreJSONError, isWholeInput: Bool) {
        self.init(input: input, location: error.location, message: error.description, isWholeInput: isWholeInput)
    }

    /// `cards.json: at /documents/2 …: expected …, found …`.
    package var description: String { "\(input): \(message)" }
}
