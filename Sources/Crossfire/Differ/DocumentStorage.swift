import FirestoreModel

/// What stores a case's model values: an encoder's output (what `Firestore.Encoder.encode`
/// hands `setData`) into the document Firestore keeps. A run stores through the SDK's write
/// path (`WritePathStorage`); another storage is a storage bug a test plants, which every
/// mapper of the case then shares — so that only the round trip, and the allowlist's exact
/// expectations of it, can tell.
package protocol DocumentStorage: Sendable {
    /// The stored document for an encoder's output, references in `database`, server
    /// timestamps resolved to `serverTime`.
    /// - Throws: what the write path refuses (`WritePathError`).
    func store(_ data: [String: Any], database: DatabaseID, serverTime: Timestamp) throws -> FirestoreMap
}

/// Firestore's storage as the SDK writes to it: the write path with its options (`.sdk`: an
/// `Int8` as a boolean, a `Float` widened by its binary value, a `Decimal` as a double), then
/// the write applied to a document that did not exist.
package struct WritePathStorage: DocumentStorage {
    /// How the write path stores numbers without an exact Firestore type.
    package var options: WritePathOptions

    /// The SDK's storage, or the write path with other options.
    package init(options: WritePathOptions = .sdk) {
        self.options = options
    }

    package func store(_ data: [String: Any], database: DatabaseID, serverTime: Timestamp) throws -> FirestoreMap {
        try WritePath(database: database, options: options).parse(data, kind: .set).applied(to: nil, serverTime: serverTime)
    }
}
