import FirestoreModel
import Foundation

/// A snapshot of a document known to exist, as a query hands it out (the SDK's
/// `QueryDocumentSnapshot`): a `DocumentSnapshot` whose `data()` is not optional.
public final class QueryDocumentSnapshot: DocumentSnapshot, @unchecked Sendable {
    /// The document's fields, which a query snapshot always has.
    private let fields: FirestoreMap

    /// The snapshot of an existing document.
    public init(reference: DocumentReference, fields: FirestoreMap, createTime: Timestamp? = nil, updateTime: Timestamp? = nil) {
        self.fields = fields
        super.init(stored: FirestoreModel.DocumentSnapshot(reference: reference, fields: fields, createTime: createTime, updateTime: updateTime))
    }

    /// The fields as the SDK hands them on Apple platforms.
    public override func data() -> [String: Any] {
        data(with: .none)
    }

    /// The fields, a server timestamp not yet confirmed given per `serverTimestampBehavior`
    /// (a snapshot read from the server holds none).
    public override func data(with serverTimestampBehavior: ServerTimestampBehavior) -> [String: Any] {
        ReadPath(database: reference.database).bridgedData(fields, behavior: serverTimestampBehavior)
    }
}
