/// Firestore's limits on stored documents (`Docs/firestore-data-model.md` §3), each one
/// adjustable so that tests and other editions can move them.
///
/// Depth is counted by containers: a map or array that is the value of a top-level field
/// has depth 1, and each map or array inside it adds one. A document is within `maxDepth`
/// when its deepest container has depth ≤ `maxDepth`; scalars add nothing. A vector counts
/// as what it is stored as, a map holding an array (two levels).
public struct FirestoreLimits: Sendable, Hashable {
    /// The largest document, in bytes of the storage-size formula (document name size +
    /// field names + field values + 32).
    public var maxDocumentBytes: Int
    /// The deepest container allowed (see the type's description of depth).
    public var maxDepth: Int
    /// The longest field name, in UTF-8 bytes.
    public var maxFieldNameBytes: Int
    /// The longest field path, in UTF-8 bytes: the map keys from the top-level field down to a
    /// name, joined by `.` and not quoted (array positions add nothing), as the Firestore
    /// emulator counts it (`Docs/emulator-differences.md`).
    public var maxFieldPathBytes: Int
    /// The longest string (UTF-8 bytes) or bytes value.
    public var maxValueBytes: Int
    /// Whether an array may sit directly inside an array (Enterprise edition); Standard
    /// edition refuses it.
    public var allowsArraysInArrays: Bool

    /// Limits with every value given; the defaults are Firestore's (Standard edition).
    public init(maxDocumentBytes: Int = 1_048_576, maxDepth: Int = 20, maxFieldNameBytes: Int = 1_500, maxFieldPathBytes: Int = 1_500,
                maxValueBytes: Int = 1_048_487, allowsArraysInArrays: Bool = false) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxDepth = maxDepth
        self.maxFieldNameBytes = maxFieldNameBytes
        self.maxFieldPathBytes = maxFieldPathBytes
        self.maxValueBytes = maxValueBytes
        self.allowsArraysInArrays = allowsArraysInArrays
    }

    /// Cloud Firestore's documented limits: 1,048,576-byte documents, depth 20, 1,500-byte
    /// field names and field paths, 1,048,487-byte strings and bytes, no array directly inside
    /// an array.
    public static let firestore = FirestoreLimits()
}
