import FirestoreModel

/// What a cause of dropped documents is: the kind of error Codable threw, the field in the
/// schema (its coding path generalised: `tags[].color`), the Swift type expected there and
/// what the documents held instead. Documents and values are examples, never part of it.
package struct SurveyCauseKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The `DecodingError` kind (or `invalidValue`, `unexpected`).
    package var kind: FailureKind
    /// The field, generalised (`hints[].text`; `(root)` for the document).
    package var field: String
    /// The Swift type expected there (`Bool`, `String?`).
    package var expected: String
    /// What was there, as a kind of Firestore value: `a string`, `null`, `nothing` (no key).
    package var found: String

    /// Creates a key.
    package init(kind: FailureKind, field: String, expected: String, found: String) {
        self.kind = kind
        self.field = field
        self.expected = expected
        self.found = found
    }

    /// `successful: keyNotFound, expected Bool, found nothing`.
    package var description: String { "\(field): \(kind.rawValue), expected \(expected), found \(found)" }

    /// Orders keys by their text, byte by byte, so that reports list causes the same way
    /// in every process.
    package static func < (lhs: SurveyCauseKey, rhs: SurveyCauseKey) -> Bool {
        lhs.description.utf8.lexicographicallyPrecedes(rhs.description.utf8)
    }

    /// What usually removes the cause.
    package var hint: String {
        let property = "`\(field)`"
        switch kind {
        case .keyNotFound:
            return "documents without \(property) are dropped: make it optional (or default it in init(from:)), or backfill the field"
        case .valueNotFound:
            return "documents with null in \(property) are dropped: make it optional, or stop writing null there"
        case .typeMismatch where expected.hasSuffix("?"):
            return "documents holding \(found) in \(property) are dropped although it is optional (an optional takes null or no key, not another type): fix those documents, or decode it with try? in init(from:)"
        case .typeMismatch:
            return "documents holding \(found) in \(property) are dropped: fix those documents, or change the property's type"
        case .dataCorrupted:
            return "\(property) holds \(found) that \(expected) cannot represent: fix those documents, or give the property a type that can hold it"
        case .invalidValue, .writeRejected, .unexpected:
            return "the model type cannot be decoded from these documents at \(property) at all: read its error message"
        }
    }
}

/// Words for what a document holds at a place, by the kind of Firestore value.
enum StoredValueWords {
    /// `a string`, `an integer`, `null`, …; `nothing` when there is no value.
    static func words(_ value: FirestoreValue?) -> String {
        guard let value else { return "nothing" }
        switch value.kind {
        case .null: return "null"
        case .boolean: return "a boolean"
        case .integer: return "an integer"
        case .double: return "a double"
        case .timestamp: return "a timestamp"
        case .string: return "a string"
        case .bytes: return "bytes"
        case .reference: return "a reference"
        case .geoPoint: return "a geo point"
        case .array: return "an array"
        case .vector: return "a vector"
        case .map: return "a map"
        }
    }
}
