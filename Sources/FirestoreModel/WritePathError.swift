/// Why the write path refused an app's data: where, what kind of fault, and the SDK's own
/// wording for it.
///
/// The Firebase iOS SDK raises an Objective-C exception (an uncatchable crash in Swift) for
/// each of these; the write path throws this value instead.
public struct WritePathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of fault.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An array directly inside an array ("Nested arrays are not supported").
        case nestedArray
        /// A `FieldValue` sentinel inside an array, or inside the operands of
        /// `arrayUnion`/`arrayRemove`.
        case sentinelInArray
        /// `FieldValue.delete()` in a plain `set` (no merge).
        case deleteOutsideMerge
        /// `FieldValue.delete()` below the top level of `update` data.
        case deleteNotAtTopLevel
        /// An unsigned integer above `Int64.max`.
        case integerTooLarge
        /// An empty field name.
        case emptyFieldName
        /// A field name that begins and ends with `__`.
        case reservedFieldName
        /// An `update` key that is not a valid dot-separated field path.
        case invalidFieldPath
        /// A `Date` or `Timestamp` outside 0001-01-01 … 9999-12-31, or with nanoseconds
        /// outside 0 … 999,999,999.
        case timestampOutOfRange
        /// A `GeoPoint` with a coordinate out of range or not finite.
        case invalidGeoPoint
        /// A `DocumentReference` into another database.
        case foreignDatabase
        /// A value of a type Firestore cannot store.
        case unsupportedType
        /// Maps and arrays nested deeper than `WritePathOptions.maximumNesting` (a harness
        /// safeguard, not an SDK check).
        case nestingTooDeep
    }

    /// Where the offending value is.
    public let path: ValuePath
    /// The kind of fault.
    public let kind: Kind
    /// The SDK's message for it, followed by ` (found in field <path>)`.
    public let message: String

    /// An error at `path`: `sdkMessage` is the SDK's wording, to which the field is added.
    public init(_ kind: Kind, at path: ValuePath, _ sdkMessage: String) {
        self.kind = kind
        self.path = path
        self.message = path.isRoot ? sdkMessage : "\(sdkMessage) (found in field \(path))"
    }

    public var description: String { message }
}
