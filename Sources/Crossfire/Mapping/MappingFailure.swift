import FirestoreCodable
import FirestoreModel

/// The kind of a mapping failure: the taxonomy both mappers' errors are normalised into, so
/// that the differ can compare them. The first five are `DecodingError`'s and the hand
/// mapper's kinds; `writeRejected` is the write path refusing what an encoder produced.
package enum FailureKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A value of the wrong type.
    case typeMismatch
    /// A required key is absent.
    case keyNotFound
    /// Null where a value is required.
    case valueNotFound
    /// A value of the right type that cannot be represented (out of range, bad raw value, …).
    case dataCorrupted
    /// A value that cannot be coded at all (NaN under `.throw`, `@DocumentID` without a reference, …).
    case invalidValue
    /// The write path rejected the encoded data (nested arrays, an integer too large, …).
    case writeRejected
    /// An error outside the taxonomy: a mapper threw something no coder throws.
    case unexpected

    package static func < (lhs: FailureKind, rhs: FailureKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A mapper's failure, normalised: kind, the path of the value concerned (for `keyNotFound`
/// the path includes the missing key), and the details for people.
package struct MappingFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    package var kind: FailureKind
    /// Where: the coding path, as a value path (`tags[2].color`).
    package var path: ValuePath
    /// The Swift type expected, when known.
    package var expected: String?
    /// What was found, when known.
    package var found: String?
    /// The mapper's own message.
    package var message: String
    /// Whether the error named where it happened. The SDK's `FirestoreDecodingError` and
    /// `FirestoreEncodingError` carry no coding path, so their `path` is the root and means nothing.
    package var hasPath: Bool
    /// Where in the model value the mapper was, when `path` does not say: inside a hand-written
    /// nested container (`FieldCoding.elementwise`, `.nested`) the SDK's coding path leaves out
    /// the container's key, and a struct element's index (sdk-codable-rules §4.2, §6.1, §6.2).
    /// Nil where `path` is the place.
    package var place: ValuePath?

    /// Creates a failure.
    package init(kind: FailureKind, path: ValuePath, expected: String? = nil, found: String? = nil, message: String, hasPath: Bool = true,
                place: ValuePath? = nil) {
        self.hasPath = hasPath
        self.kind = kind
        self.path = path
        self.expected = expected
        self.found = found
        self.message = message
        self.place = place
    }

    /// The place in the model the failure is at: `place`, else the coding path.
    package var leafPath: ValuePath { place ?? path }

    /// Whether two failures count as the same outcome: same kind at the same place (or the
    /// same kind, when one of them carries no path).
    package func agrees(with other: MappingFailure) -> Bool {
        kind == other.kind && (leafPath == other.leafPath || !hasPath || !other.hasPath)
    }

    package var description: String {
        var text = "\(kind.rawValue) at \(path)"
        if let expected { text += ", expected \(expected)" }
        if let found { text += ", found \(found)" }
        return text + ": \(message)"
    }
}

extension MappingFailure {
    /// Normalises an error thrown by `Firestore.Decoder`/`Firestore.Encoder` (or by the
    /// Codable code they run); any other error becomes `.unexpected`.
    package init(codingError error: any Error) {
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            self.init(kind: .typeMismatch, path: ValuePath(codingPath: context.codingPath), expected: "\(type)", message: context.debugDescription)
        case DecodingError.valueNotFound(let type, let context):
            self.init(kind: .valueNotFound, path: ValuePath(codingPath: context.codingPath), expected: "\(type)", found: "null", message: context.debugDescription)
        case DecodingError.keyNotFound(let key, let context):
            self.init(kind: .keyNotFound, path: ValuePath(codingPath: context.codingPath + [key]), found: "nothing", message: context.debugDescription)
        case DecodingError.dataCorrupted(let context):
            self.init(kind: .dataCorrupted, path: ValuePath(codingPath: context.codingPath), message: context.debugDescription)
        case EncodingError.invalidValue(let value, let context):
            self.init(kind: .invalidValue, path: ValuePath(codingPath: context.codingPath), found: "\(value)", message: context.debugDescription)
        case FirestoreDecodingError.decodingIsNotSupported(let message):
            self.init(kind: .invalidValue, path: .root, message: message, hasPath: false)
        case FirestoreEncodingError.encodingIsNotSupported(let message):
            self.init(kind: .invalidValue, path: .root, message: message, hasPath: false)
        case let error as WritePathError:
            self.init(kind: .writeRejected, path: error.path, found: "\(error.kind)", message: error.message)
        default:
            self.init(kind: .unexpected, path: .root, found: "\(type(of: error))", message: "\(error)")
        }
    }
}
