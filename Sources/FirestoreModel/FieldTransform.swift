/// A server-side transform that a write asks for at one field, made from a `FieldValue`
/// sentinel.
public struct FieldTransform: Sendable, Hashable, CustomStringConvertible {
    /// What the transform does.
    public enum Kind: Sendable, Hashable {
        /// Sets the field to the commit time.
        case serverTimestamp
        /// Appends each element not already present (numbers compare across integer and
        /// double).
        case arrayUnion([FirestoreValue])
        /// Removes every element equal to one of these.
        case arrayRemove([FirestoreValue])
        /// Adds an integer or a double to the stored number.
        case increment(FirestoreValue)
    }

    /// The field, as map keys from the document root (transforms never sit inside arrays).
    public let path: ValuePath
    /// What the transform does.
    public let kind: Kind

    /// A transform of `kind` at `path`.
    public init(path: ValuePath, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .serverTimestamp: return "\(path): serverTimestamp"
        case .arrayUnion(let elements): return "\(path): arrayUnion\(elements)"
        case .arrayRemove(let elements): return "\(path): arrayRemove\(elements)"
        case .increment(let operand): return "\(path): increment(\(operand))"
        }
    }
}
