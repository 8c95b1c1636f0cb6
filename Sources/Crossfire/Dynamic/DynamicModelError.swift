import FirestoreModel

/// A `ModelValue` that does not fit its schema, or a schema the dynamic model cannot
/// represent. Raised before any coder runs; never a coding error of the mapper under test.
public struct DynamicModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the model value the mismatch is.
    public let path: ValuePath
    /// What was expected and what was found.
    public let message: String

    /// Creates an error.
    public init(path: ValuePath, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "dynamic model: \(message) at \(path)" }
}
