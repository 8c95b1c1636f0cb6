/// A write-time sentinel: a value an app hands to a write that Firestore replaces by a
/// transform (server timestamp, array union or removal, increment) or a deletion.
/// It is never a stored value; `data()` never returns one.
///
/// The static functions carry the SDK's names. The operands of `arrayUnion` and
/// `arrayRemove` are kept as the app gave them (`[Any]`) and converted by the write path.
public struct FieldValue: @unchecked Sendable, CustomStringConvertible {
    /// Which sentinel this is.
    public enum Kind {
        /// Replaced by the server's commit time.
        case serverTimestamp
        /// Removes the field (only with a merge or an update).
        case delete
        /// Appends each operand not already present.
        case arrayUnion([Any])
        /// Removes every occurrence of each operand.
        case arrayRemove([Any])
        /// Adds an integer to the stored number.
        case incrementInteger(Int64)
        /// Adds a double to the stored number.
        case incrementDouble(Double)
    }

    /// The sentinel's kind and operands.
    public let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The server-timestamp sentinel.
    public static func serverTimestamp() -> FieldValue { FieldValue(.serverTimestamp) }
    /// The delete sentinel.
    public static func delete() -> FieldValue { FieldValue(.delete) }
    /// The array-union transform with its operands.
    public static func arrayUnion(_ elements: [Any]) -> FieldValue { FieldValue(.arrayUnion(elements)) }
    /// The array-remove transform with its operands.
    public static func arrayRemove(_ elements: [Any]) -> FieldValue { FieldValue(.arrayRemove(elements)) }
    /// The increment transform by an integer.
    public static func increment(_ value: Int64) -> FieldValue { FieldValue(.incrementInteger(value)) }
    /// The increment transform by a double.
    public static func increment(_ value: Double) -> FieldValue { FieldValue(.incrementDouble(value)) }

    /// The SDK method name that creates this sentinel, as the SDK's error messages name it
    /// (`FieldValue.serverTimestamp()`, `FieldValue.arrayUnion()`, …).
    public var methodName: String {
        switch kind {
        case .serverTimestamp: return "FieldValue.serverTimestamp()"
        case .delete: return "FieldValue.delete()"
        case .arrayUnion: return "FieldValue.arrayUnion()"
        case .arrayRemove: return "FieldValue.arrayRemove()"
        case .incrementInteger, .incrementDouble: return "FieldValue.increment()"
        }
    }

    public var description: String { methodName }
}
