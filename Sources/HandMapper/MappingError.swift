import FirestoreModel

/// What kind of mapping failure an error is: the taxonomy of Swift's `DecodingError` and
/// `EncodingError`, so that the differ can compare the hand mapper with the Codable mapper.
package enum MappingErrorKind: String, Sendable, CaseIterable {
    /// The value is of the wrong type (`DecodingError.typeMismatch`).
    case typeMismatch
    /// A required key is absent (`DecodingError.keyNotFound`).
    case keyNotFound
    /// A value is null where a non-optional one is required (`DecodingError.valueNotFound`).
    case valueNotFound
    /// The value has the right type but cannot be used: a number that does not fit, an
    /// unknown enum raw value, a bad URL or color (`DecodingError.dataCorrupted`).
    case dataCorrupted
    /// A value cannot be mapped at all: a non-finite float on encode, a `@DocumentID`
    /// without a document reference, a `DocumentReference` from anything but a reference,
    /// a value that does not match the schema (`EncodingError.invalidValue`,
    /// `FirestoreDecodingError.decodingIsNotSupported`).
    case invalidValue
}

/// A failure of the hand mapper: what went wrong, where, what was expected and what was found.
package struct MappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    package var kind: MappingErrorKind
    /// The path of the value concerned; for `keyNotFound` the path includes the missing key,
    /// array elements are `.index(n)`.
    package var path: ValuePath
    /// The Swift type expected at `path`, spelled as in source (`Int8`, `[Tag]`, `Date?`).
    package var expected: String
    /// What was there: `a number (integer 3)`, `a string ("x")`, `null`, `nothing`, …
    package var found: String
    /// A sentence for people, worded like the SDK's debug description where there is one.
    package var message: String

    /// Creates an error.
    package init(kind: MappingErrorKind, path: ValuePath, expected: String, found: String, message: String) {
        self.kind = kind
        self.path = path
        self.expected = expected
        self.found = found
        self.message = message
    }

    /// `typeMismatch at tags[2].color: …`
    package var description: String { "\(kind.rawValue) at \(path): \(message)" }
}
