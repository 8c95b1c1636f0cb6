/// Why a member of a JSON object could not be read: where (the member path, e.g.
/// `structs[0].fields[2].type`, the Swift or record name of what the object describes when
/// known, and the line of the input) and what was expected and found.
public struct JSONObjectError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The member path from the root of the record (`fields.tags[2]`); empty for the record itself.
    public let path: String
    /// What the object describes (`Book.tags`), when known; shown after the path in parentheses.
    public let label: String?
    /// The 1-based line of the input the record is on, when known.
    public let line: Int?
    /// What the problem is: `expected a string, found the integer 5`, `missing key "root"` …
    public let message: String

    /// Creates an error.
    public init(path: String, label: String? = nil, line: Int? = nil, message: String) {
        self.path = path
        self.label = label
        self.line = line
        self.message = message
    }

    /// The path, `(top level)` for the record itself, followed by the label in parentheses
    /// when known: `structs[0].fields[2].type (Book.tags)`.
    public var location: String {
        let shown = path.isEmpty ? JSONObject.topLevel : path
        return label.map { "\(shown) (\($0))" } ?? shown
    }

    /// `line 3: fields.tags[2]: expected a string, found the integer 5` (without the line
    /// when it is not known).
    public var description: String {
        (line.map { "line \($0): " } ?? "") + "\(location): \(message)"
    }
}
