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
    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`.
    public var description: String { "\(location): \(message)" }
}
