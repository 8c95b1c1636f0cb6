/// Which write an app's data is for: it decides where `FieldValue.delete()` may appear and
/// how the data is combined with the stored document.
public enum WriteKind: Sendable, Hashable {
    /// `setData(_:)`: the data replaces the document; delete is not allowed.
    case set
    /// `setData(_:merge: true)`: the data's leaf fields are merged into the document.
    case merge
    /// `updateData(_:)`: each top-level key is a dot-separated field path whose value
    /// replaces that field; delete is allowed only at the top level.
    case update
}

/// The write path: what the Firebase iOS SDK (`FSTUserDataReader`) does with the
/// `[String: Any]` an app hands to `setData`/`updateData`, turned into typed stored values.
///
/// Every case where the SDK raises an exception is a thrown `WritePathError` with the SDK's
/// wording and the field's path. Values are classified by their Swift dynamic type first, so
/// a native `Bool` never becomes an integer nor an `Int` a boolean; only real `NSNumber`
/// objects are classified by `objCType`, as the SDK does. On Linux, corelibs Foundation
/// reports `objCType` differently from Apple for small values: `NSNumber(value: Int8(1))`
/// says `i` but `NSNumber(value: Int8(127))` says `c`; `UInt8` 0 and 1 say `i`, 127…255 say
/// `s`; `Bool` says `c` and is the `__NSCFBoolean` singleton; `UInt64` above `Int64.max`
/// says `Q`. Native Swift numbers never take that route here.
public struct WritePath: Sendable {
    /// The database references must point into.
    public let database: DatabaseID
    /// How numbers without an exact Firestore type are stored.
    public let options: WritePathOptions

    /// A write path for `database` with `options` (the SDK's behaviour by default).
    public init(database: DatabaseID = .default, options: WritePathOptions = .sdk) {
        self.database = database
        self.options = options
    }

    /// Parses an app's data for a write of `kind`: the values to store, the transforms and
    /// deletions the sentinels ask for. Map keys are visited in UTF-8 byte order, so the
    /// first fault reported is the same on every run.
    public func parse(_ data: [String: Any], kind: WriteKind = .set) throws(WritePathError) -> ParsedWrite {
        var parser = UserDataParser(database: database, options: options, kind: kind)
        return try parser.parseDocument(data)
    }
}
