import FirestoreModel

extension Firestore.Encoder {
    /// Encodes a value and passes the result through the SDK's write path, as
    /// `setData(from:)` does: the typed document Firestore would store.
    ///
    /// Sentinels are not values: a `FieldValue` (e.g. a nil `@ServerTimestamp`) is left out
    /// of the result; use `encodeToWrite(_:kind:database:options:)` to see the transforms.
    /// - Parameter options: how the write path stores `Int8`, `Float` and `Decimal`
    ///   (`.sdk`, the default, is what the SDK stores; `.faithful` keeps the app's meaning).
    /// - Throws: every error of `encode(_:)`, and `WritePathError` where the SDK's write
    ///   path raises an exception (nested arrays, sentinels in arrays, out-of-range
    ///   timestamps, reserved field names, `UInt64` above `Int64.max`, …).
    public func encodeToFirestore<T: Encodable>(_ value: T, options: WritePathOptions = .sdk) throws -> FirestoreMap {
        try encodeToWrite(value, options: options).fields
    }

    /// Encodes a value and parses it for a write of `kind` into `database`, as the SDK's
    /// `setData(from:)` (`.set`) or `setData(from:merge: true)` (`.merge`) does: the values
    /// to store, the field mask, the transforms and the deletions.
    /// - Throws: every error of `encode(_:)`, and `WritePathError` where the SDK's write
    ///   path raises an exception.
    public func encodeToWrite<T: Encodable>(
        _ value: T,
        kind: WriteKind = .set,
        database: DatabaseID = .default,
        options: WritePathOptions = .sdk
    ) throws -> ParsedWrite {
        let document = try encode(value)
        return try WritePath(database: database, options: options).parse(document, kind: kind)
    }
}
