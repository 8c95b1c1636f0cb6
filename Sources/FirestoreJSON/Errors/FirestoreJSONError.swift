import FirestoreModel

/// Why a JSON input could not be read, or a value could not be written: what kind of problem,
/// where (JSON pointer, line and column; and the Firestore value path when inside document
/// data), what was expected and what was found.
public struct FirestoreJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The text is not well-formed JSON (jansson's parser refused it).
        case syntax
        /// The text is not valid UTF-8.
        case invalidUTF8
        /// Arrays and objects (or Firestore maps and arrays) nest deeper than the limit.
        case tooDeep
        /// An object has the same key twice.
        case duplicateKey
        /// An object key contains NUL (`\u0000`), which jansson cannot hold.
        case nulInKey
        /// A number is outside Int64 (integers) or binary64 (reals).
        case numberOutOfRange
        /// A string is longer than `JSONReadOptions.maximumStringBytes`.
        case stringTooLong
        /// A JSON value has the wrong JSON type (e.g. a number where a string belongs).
        case wrongType
        /// A Firestore `Value` object has none of the type keys.
        case missingTypeKey
        /// A Firestore `Value` object has more than one type key.
        case multipleTypeKeys
        /// A Firestore `Value` object has a key that is no Value type.
        case unknownTypeKey
        /// A Firestore `Value` uses a Pipeline-only type key (`fieldReferenceValue`,
        /// `functionValue`, `pipelineValue`, `variableReferenceValue`), not stored data.
        case pipelineTypeKey
        /// An object has a member its message does not define.
        case unexpectedMember
        /// A required member is missing.
        case missingMember
        /// The JSON type is right but the content is not (a bad integer string, timestamp,
        /// base64, resource name, double string, `nullValue`, …).
        case invalidValue
        /// The framing of a bundle is broken (length prefixes, element order, counts).
        case invalidBundle
        /// A value cannot be written (a timestamp outside RFC 3339's range, a NUL in a key,
        /// nesting deeper than the limit, out of memory).
        case unrepresentable
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// Where it is in the JSON.
    public let location: JSONLocation
    /// Where it is in the document's data (`tags[2].color`), when inside document fields or
    /// a value; nil elsewhere (a document's name, a syntax error).
    public let valuePath: ValuePath?
    /// What a valid input would have had there.
    public let expected: String
    /// What was there instead.
    public let found: String

    /// Creates an error.
    public init(kind: Kind, location: JSONLocation, valuePath: ValuePath? = nil, expected: String, found: String) {
        self.kind = kind
        self.location = location
        self.valuePath = valuePath
        self.expected = expected
        self.found = found
    }

    /// One line: `at /fields/a/integerValue (field a): expected …, found …`.
    public var description: String {
        var text = "at \(location)"
        if let valuePath, !valuePath.isRoot {
            text += " (field \(FoundText.escaped(valuePath.description)))"
        }
        return text + ": expected \(expected), found \(FoundText.escaped(found))"
    }
}
