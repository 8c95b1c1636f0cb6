import FirestoreCodable
import FirestoreModel
import Foundation

/// A document as the SDK hands it to an app (the SDK's `DocumentSnapshot` class): its
/// reference, whether it exists, and its fields as `data()` gives them on Apple platforms —
/// numbers and booleans as `NSNumber` (`ReadPath.bridgedData`), so `as? Int`, `as? Double`,
/// `as? Float` and `as? Bool` convert as they do on iOS.
///
/// In a file that imports `FirebaseFirestore` alone, this class is `DocumentSnapshot`; the
/// value it wraps, FirestoreModel's struct of the same name, is the engine's read path.
/// Immutable, hence `Sendable`.
public class DocumentSnapshot: @unchecked Sendable {
    /// What was read: the reference, the stored fields (nil: no such document) and the times.
    package let stored: FirestoreModel.DocumentSnapshot

    /// The snapshot of what was read.
    package init(stored: FirestoreModel.DocumentSnapshot) {
        self.stored = stored
    }

    /// A snapshot of an existing document.
    public convenience init(reference: DocumentReference, fields: FirestoreMap, createTime: Timestamp? = nil, updateTime: Timestamp? = nil) {
        self.init(stored: FirestoreModel.DocumentSnapshot(reference: reference, fields: fields, createTime: createTime, updateTime: updateTime))
    }

    /// A snapshot of a document that does not exist.
    public convenience init(missing reference: DocumentReference) {
        self.init(stored: FirestoreModel.DocumentSnapshot(missing: reference))
    }

    /// Whether the document exists.
    public var exists: Bool { stored.exists }

    /// The document's ID (the last segment of its path).
    public var documentID: String { stored.documentID }

    /// The document this snapshot is of.
    public var reference: DocumentReference { stored.reference }

    /// The fields as the SDK hands them on Apple platforms; nil when the document does not exist.
    public func data() -> [String: Any]? {
        data(with: .none)
    }

    /// The fields, a server timestamp not yet confirmed given per `serverTimestampBehavior`
    /// (a snapshot read from the server holds none); nil when the document does not exist.
    public func data(with serverTimestampBehavior: ServerTimestampBehavior) -> [String: Any]? {
        stored.fields.map { ReadPath(database: reference.database).bridgedData($0, behavior: serverTimestampBehavior) }
    }

    /// The value at a dot-separated field path (`"address.city"`), bridged as `data()`'s;
    /// nil when the document or the field does not exist or `field` is no valid path.
    public func get(_ field: String, serverTimestampBehavior: ServerTimestampBehavior = .none) -> Any? {
        FieldPath(dotSeparated: field).flatMap { get($0, serverTimestampBehavior: serverTimestampBehavior) }
    }

    /// The value at `field`, bridged as `data()`'s; nil when the document or the field does
    /// not exist. A snapshot read from the server holds no pending server timestamp, so
    /// `serverTimestampBehavior` changes nothing here; it is accepted for source compatibility.
    public func get(_ field: FieldPath, serverTimestampBehavior: ServerTimestampBehavior = .none) -> Any? {
        guard var map = stored.fields, let last = field.segments.last else { return nil }
        for segment in field.segments.dropLast() {
            guard case .map(let child)? = map[segment] else { return nil }
            map = child
        }
        return map[last].map { ReadPath(database: reference.database).bridgedValue($0) }
    }

    /// `get(_:)` of a dot-separated field path: `snapshot["address.city"]`.
    public subscript(field: String) -> Any? { self.get(field) }

    /// `get(_:)` of a field path: `snapshot[FieldPath(["address", "city"])]`.
    public subscript(field: FieldPath) -> Any? { self.get(field) }

    /// Decodes the document as a `T` with `Firestore.Decoder`, as the SDK's
    /// `data(as:with:decoder:)` (`@DocumentID` gets this document's reference); a document
    /// that does not exist decodes from null, so a model type throws `valueNotFound`.
    public func data<T: Decodable>(
        as type: T.Type,
        with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: Firestore.Decoder = Firestore.Decoder()
    ) throws -> T {
        try stored.data(as: type, with: serverTimestampBehavior, decoder: decoder)
    }
}
