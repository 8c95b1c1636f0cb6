import ModelSchema

/// Why a model type's schema could not be derived: the type, where it sits in the model
/// (`tags[].color`), and what to do instead.
public struct SchemaProbeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The Swift type that could not be described.
    public var typeName: String
    /// Where the type is used, from the root model (empty for the root itself).
    public var path: String
    /// What went wrong.
    public var reason: String

    /// Creates an error.
    public init(typeName: String, path: String, reason: String) {
        self.typeName = typeName
        self.path = path
        self.reason = reason
    }

    public var description: String {
        let place = path.isEmpty ? "the model type \(typeName)" : "\(typeName) at \(path)"
        return "cannot derive the schema of \(place): \(reason); give the check a schema instead (ModelSchema, or its JSON form)"
    }
}
