import FirestoreModel
import Foundation

/// A document as the Firebase SDK hands it to a legacy mapper on Apple platforms: `data()`
/// holds numbers and booleans as `NSNumber`, so that `as? Int`, `as? Double` and `as? Bool`
/// bridge as they do on iOS (an integer reads as `Double` too, `1` as `true`, `3.0` as `Int`;
/// `2.5` does not read as `Int`); everything else is as the read path gives it.
public struct LegacySnapshot: Sendable {
    /// The document's reference.
    public let reference: DocumentReference
    /// The stored fields; nil when the document does not exist.
    public let fields: FirestoreMap?

    /// The snapshot of a stored document.
    public init(reference: DocumentReference, fields: FirestoreMap?) {
        self.reference = reference
        self.fields = fields
    }

    /// The document's ID, the last segment of its path.
    public var documentID: String { reference.documentID }

    /// Whether the document exists.
    public var exists: Bool { fields != nil }

    /// The fields as `DocumentSnapshot.data()` gives them on iOS (`ReadPath.bridgedData`, which
    /// `FirebaseFirestore`'s snapshots use too); nil when the document does not exist.
    public func data() -> [String: Any]? {
        fields.map { ReadPath(database: reference.database).bridgedData($0) }
    }
}
