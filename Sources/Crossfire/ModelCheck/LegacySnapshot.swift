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

    /// The fields as `DocumentSnapshot.data()` gives them on iOS; nil when the document does
    /// not exist.
    public func data() -> [String: Any]? {
        fields.map { LegacySnapshot.bridged(ReadPath(database: reference.database).data($0)) }
    }

    private static func bridged(_ map: [String: Any]) -> [String: Any] {
        map.mapValues(bridged)
    }

    private static func bridged(_ value: Any) -> Any {
        switch value {
        case let boolean as Bool: return NSNumber(value: boolean)
        case let integer as Int64: return NSNumber(value: integer)
        case let double as Double: return NSNumber(value: double)
        case let elements as [Any]: return elements.map(bridged)
        case let map as [String: Any]: return bridged(map)
        default: return value
        }
    }
}
