import FirestoreJSON

/// Why a schema could not be read, is not valid, or cannot be emitted as Swift: where
/// (a location in the schema's JSON form) and what.
///
/// Locations name the JSON path, e.g. `structs[0].fields[2].type`, followed by the Swift
/// name of the thing in parentheses when it is known: `structs[0].fields[2].type (Book.tags)`.
/// A JSON syntax error is located by line and column: `line 3, column 14`.
public struct SchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public let location: String
    /// What the problem is.
    public let message: String

    /// Creates an error.
    package init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`.
    public var description: String { "\(location): \(message)" }
}

extension SchemaError {
    /// The error of a schema file jansson could not read: a syntax error at its line and
    /// column (jansson's message), a limit (nesting, string length) at its path.
    init(reading error: FirestoreJSONError) {
        let location: String
        if let line = error.location.line, let column = error.location.column {
            location = "line \(line), column \(column)"
        } else {
            location = error.location.path.isRoot ? JSONObject.topLevel : error.location.path.description
        }
        // jansson's own text says what it expected there (`']' expected near '2'`).
        self.init(location: location, message: error.kind == .syntax ? error.found : "expected \(error.expected), found \(error.found)")
    }
}
