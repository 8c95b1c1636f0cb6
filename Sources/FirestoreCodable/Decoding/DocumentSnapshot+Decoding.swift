import Foundation
import FirestoreModel

extension DocumentSnapshot {
    /// Decodes the document as a `T`, as the SDK's `DocumentSnapshot.data(as:with:decoder:)`:
    /// the fields are decoded with the snapshot's reference (for `@DocumentID`, stored in
    /// `decoder.userInfo` as by `Firestore.Decoder.decode(_:from:in:)`); a document that does
    /// not exist is decoded from null, so a model type throws `valueNotFound` and an optional
    /// one gives nil.
    ///
    /// The fields are read as typed values, without building the `[String: Any]` of
    /// `data(with:)`, with the same result: references into another database are rooted in
    /// the snapshot's database. A snapshot holds no pending server timestamps, so
    /// `serverTimestampBehavior` changes nothing here; it is accepted for source compatibility.
    public func data<T: Decodable>(
        as type: T.Type,
        with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: Firestore.Decoder = Firestore.Decoder()
    ) throws -> T {
        decoder.remember(reference)
        let root: DecodingNode = fields.map { .value(.map($0)) } ?? .value(.null)
        return try decoder.decode(type, fromNode: root, readDatabase: reference.database)
    }
}
