import FirestoreModel

/// A model value the reflective mapper cannot hold: a harness error (a value that does not fit
/// its schema, a schema without its root), never a document's — the reflective style reads
/// every document.
package struct ReflectiveMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where: the field's path (`age`), or the root.
    package var path: ValuePath
    /// What is wrong.
    package var message: String

    /// Creates an error.
    package init(path: ValuePath, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}
