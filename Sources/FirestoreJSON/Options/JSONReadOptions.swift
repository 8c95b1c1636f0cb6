/// Limits a reader applies to untrusted JSON, so that hostile input gets an error instead of
/// exhausting memory or the stack.
public struct JSONReadOptions: Hashable, Sendable {
    /// Firestore's limit on one field value: 1 MiB − 89 bytes.
    public static let firestoreMaximumValueBytes = 1_048_487

    /// The longest string (in UTF-8 bytes) accepted anywhere: string values, keys, names.
    /// A `bytesValue` may decode to at most this many bytes.
    public var maximumStringBytes: Int
    /// How deeply Firestore arrays and maps may nest; a top-level field value (or the value
    /// read by `readValue`) is at depth 1. Independently, jansson refuses JSON nested deeper
    /// than 2,048 levels, so no reader recursion is ever deeper than that.
    public var maximumDepth: Int

    /// Creates options; the defaults are Firestore's value size limit and 100 levels (five
    /// times Firestore's documented nesting limit of 20, so validation can report violations).
    public init(maximumStringBytes: Int = JSONReadOptions.firestoreMaximumValueBytes, maximumDepth: Int = 100) {
        self.maximumStringBytes = maximumStringBytes
        self.maximumDepth = maximumDepth
    }

    /// The default limits.
    public static let `default` = JSONReadOptions()
}
