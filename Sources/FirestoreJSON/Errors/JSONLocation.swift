import FirestoreModel

/// Where in a JSON input something is: a JSON pointer (RFC 6901) and, for errors found while
/// parsing the text, jansson's line and column.
///
/// The pointer's reference tokens are held as a `ValuePath`: object member names as keys,
/// array positions as indexes. `pointer` renders them with `~0`/`~1` escaping.
public struct JSONLocation: Hashable, Sendable, CustomStringConvertible {
    /// The JSON pointer's reference tokens, from the root of the JSON text.
    public let path: ValuePath
    /// The 1-based line jansson reported (syntax errors only).
    public let line: Int?
    /// The column jansson reported, counted in characters from 1 (syntax errors only; 0 at
    /// the very start of a line).
    public let column: Int?
    /// The byte offset in the whole input where jansson stopped (syntax errors only).
    public let byteOffset: Int?
    /// The zero-based element of a multi-record input (a bundle element), when there is one.
    public let record: Int?

    /// Creates a location.
    public init(path: ValuePath, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil, record: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.record = record
    }

    /// The location of the root of the JSON text.
    public static let root = JSONLocation(path: .root)

    /// The JSON pointer (RFC 6901): `""` for the root, else `/`-prefixed tokens with `~`
    /// written `~0` and `/` written `~1`, e.g. `/fields/a~1b/mapValue`.
    public var pointer: String {
        var text = ""
        for component in path.components {
            text += "/"
            switch component {
            case .index(let index):
                text += String(index)
            case .key(let key):
                for scalar in key.unicodeScalars {
                    switch scalar {
                    case "~": text += "~0"
                    case "/": text += "~1"
                    default: text.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return text
    }

    /// The same location inside record `record` of a larger input, whose text starts at
    /// `offset` bytes.
    func inRecord(_ record: Int, startingAt offset: Int) -> JSONLocation {
        JSONLocation(path: path, line: line, column: column, byteOffset: byteOffset ?? offset, record: record)
    }

    /// One line for people: `record 3, /fields/a (line 1, column 5)`; the root pointer is
    /// written `(root)`; control characters in keys are escaped.
    public var description: String {
        var parts: [String] = []
        if let record { parts.append("element \(record)") }
        let pointerText = pointer
        parts.append(pointerText.isEmpty ? "(root)" : FoundText.escaped(pointerText))
        var text = parts.joined(separator: ", ")
        if let line, let column {
            text += " (line \(line), column \(column))"
        }
        return text
    }
}
