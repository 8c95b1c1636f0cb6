import Foundation

/// The read path's values as the Firebase SDK hands them to an app on Apple platforms, where
/// `data()` holds every number and boolean as an `NSNumber`: `as? Int`, `as? Double`,
/// `as? Float` and `as? Bool` then convert as Foundation's `NSNumber` bridging does there
/// (and corelibs Foundation does alike on Linux): an integer reads as `Double` too, `3.0`
/// as `Int`, a boolean as the number 1 or 0 and the numbers 1 and 0 as `Bool`; `2.5` is no
/// `Int`, `0.1` no `Float` and 2⁵³ + 1 no `Double` (`as?` gives nil where the target does
/// not hold the number exactly). The one place both the SDK-shaped snapshots of
/// `FirebaseFirestore` and the legacy-model check's `LegacySnapshot` take such values from.
extension ReadPath {
    /// `data(_:pending:behavior:)`, numbers and booleans as `NSNumber` at every depth.
    package func bridgedData(_ fields: FirestoreMap, pending: [ValuePath: PendingServerTimestamp] = [:],
                             behavior: ServerTimestampBehavior = .none) -> [String: Any] {
        ReadPath.bridged(data(fields, pending: pending, behavior: behavior))
    }

    /// `value(_:)`, numbers and booleans as `NSNumber` at every depth.
    package func bridgedValue(_ value: FirestoreValue) -> Any {
        ReadPath.bridged(self.value(value))
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
