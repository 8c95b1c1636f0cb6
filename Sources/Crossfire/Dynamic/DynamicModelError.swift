import FirestoreModel

/// A `ModelValue` that does not fit its schema, or a schema the dynamic model cannot
/// represent. Raised before any coder runs; never a coding error of the mapper under test.
package struct DynamicModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the model value the mismatch is.
    package let path: ValuePath
    /// What was expected and what was found.
    package let message: String

    /// Creates an error.
    package init(path: ValuePath, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "dynamic model: \(message) at \(path)" }
}
