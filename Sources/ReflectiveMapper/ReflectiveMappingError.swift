import FirestoreModel

/// A model value the reflective mapper cannot hold: a harness error (a value that does not fit
/// its schema, a schema without its root), never a document's — the reflective style reads
/// every document.
public struct ReflectiveMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where: the field's path (`age`), or the root.
    public var path: ValuePath
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(path: ValuePath, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
