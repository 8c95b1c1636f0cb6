import FirestoreModel

/// A path to a field through nested maps, its segments taken as they are (a segment may hold
/// a dot): the SDK's `FieldPath`, for `DocumentSnapshot.get(_:)` and its subscript.
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// The field names from the document's root.
    public let segments: [String]

    /// The path of `fieldNames`, outermost first.
    public init(_ fieldNames: [String]) {
        segments = fieldNames
    }

    /// The path a dot-separated string names (`"address.city"`), checked as the SDK checks it
    /// (no empty segment, none of `~ * / [ ]`); nil when it is not a valid path, where the SDK
    /// raises an exception.
    init?(dotSeparated text: String) {
        guard let segments = try? UserDataParser.fieldPathSegments(text) else { return nil }
        self.segments = segments
    }

    /// The path as Firestore writes it: segments joined by dots, backticked where needed.
    public var description: String { ValuePath(segments.map { .key($0) }).firestoreFieldPath }
}
