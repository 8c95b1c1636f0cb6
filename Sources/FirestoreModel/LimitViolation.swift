/// One place where a document breaks Firestore's limits.
public struct LimitViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule that is broken.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        /// The document's storage size is over `maxDocumentBytes`.
        case documentTooLarge
        /// A map or array deeper than `maxDepth`.
        case nestingTooDeep
        /// An empty field name.
        case emptyFieldName
        /// A field name longer than `maxFieldNameBytes`.
        case fieldNameTooLong
        /// A field path — the map keys from the top-level field down to a name, joined by `.`
        /// (array positions add nothing) — longer than `maxFieldPathBytes`.
        case fieldPathTooLong
        /// A field name of the reserved form `__.*__`.
        case reservedFieldName
        /// A string longer than `maxValueBytes`.
        case stringTooLong
        /// A bytes value longer than `maxValueBytes`.
        case bytesTooLong
        /// An array directly inside an array.
        case nestedArray
        /// A timestamp outside 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z.
        case timestampOutOfRange
        /// A geopoint with a coordinate out of range or not finite.
        case invalidGeoPoint
    }

    /// Where the offending value or field name is (the root for the document's size).
    public let path: ValuePath
    /// The rule that is broken.
    public let rule: Rule
    /// What is wrong, with the numbers involved.
    public let message: String

    /// A violation of `rule` at `path`.
    public init(_ rule: Rule, at path: ValuePath, _ message: String) {
        self.rule = rule
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
