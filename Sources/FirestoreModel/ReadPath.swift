import Foundation

/// The read path: the `[String: Any]` the Firebase iOS SDK's `DocumentSnapshot.data()` hands
/// an app (`FSTUserDataWriter convertedValue:`), built from stored values.
///
/// Each value becomes exactly one of: `NSNull`, `Int64`, `Double`, `Bool`, `String`, `Data`,
/// `Timestamp` (never `Date`), `GeoPoint`, `DocumentReference`, `VectorValue`, `[Any]` or
/// `[String: Any]`. A reference into another database is re-rooted into the reading database,
/// as the SDK does (it logs a warning and keeps the path).
///
/// Swift's `[String: Any]` merges canonically equivalent keys (`"é"` and `"e\u{301}"`),
/// which Firestore keeps apart; when a map holds both, the one later in Firestore's stored
/// order (keys by UTF-8 bytes) wins, so the result does not depend on the order the map was
/// built in.
/// Conversion recurses once per nesting level: validate hostile input first.
public struct ReadPath: Sendable {
    /// The database the snapshot was read from.
    public let database: DatabaseID

    /// A read path for snapshots of `database`.
    public init(database: DatabaseID = .default) {
        self.database = database
    }

    /// The dictionary for a document's fields. `pending` names the fields that hold a server
    /// timestamp not yet confirmed; each is given per `behavior`, whether or not `fields` has
    /// a value there (a missing field is added, with the maps on its way). A pending path
    /// that runs through an array or through a value that is not a map is ignored.
    public func data(_ fields: FirestoreMap, pending: [ValuePath: PendingServerTimestamp] = [:],
                     behavior: ServerTimestampBehavior = .none) -> [String: Any] {
        if pending.isEmpty { return dictionary(fields) }
        let pendingKeys = pending.compactMap { path, timestamp in path.mapKeys.map { ($0, timestamp) } }
        return dictionary(fields, at: [], pending: pendingKeys, behavior: behavior)
    }

    /// One stored value as the SDK hands it to an app.
    public func value(_ value: FirestoreValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .boolean(let boolean): return boolean
        case .integer(let integer): return integer
        case .double(let double): return double
        case .timestamp(let timestamp): return timestamp
        case .string(let string): return string
        case .bytes(let data): return data
        case .reference(let reference): return rerooted(reference)
        case .geoPoint(let point): return point
        case .array(let elements): return elements.map { self.value($0) }
        case .map(let map): return dictionary(map)
        case .vector(let vector): return vector
        }
    }

    private func dictionary(_ map: FirestoreMap) -> [String: Any] {
        var result = [String: Any](minimumCapacity: map.count)
        ReadPath.forEachInStoredOrder(map) { key, value in result[key] = self.value(value) }
        return result
    }

    /// `dictionary(_:)` where some fields below `prefix` are pending server timestamps.
    private func dictionary(_ map: FirestoreMap, at prefix: [String], pending: [([String], PendingServerTimestamp)],
                            behavior: ServerTimestampBehavior) -> [String: Any] {
        let below = pending.filter { keys, _ in keys.count > prefix.count && keys.starts(with: prefix) }
        if below.isEmpty { return dictionary(map) }
        var result = [String: Any](minimumCapacity: map.count)
        ReadPath.forEachInStoredOrder(map) { key, value in
            if let match = below.first(where: { keys, _ in keys.count == prefix.count + 1 && keys[prefix.count].utf8.elementsEqual(key.utf8) }) {
                result[key] = resolved(match.1, behavior: behavior)
            } else if case .map(let child) = value {
                result[key] = dictionary(child, at: prefix + [key], pending: below, behavior: behavior)
            } else {
                result[key] = self.value(value)
            }
        }
        // Pending fields the stored map does not have yet, with the maps on their way.
        for (keys, timestamp) in below {
            let key = keys[prefix.count]
            if map.contains(key: key) { continue }
            if keys.count == prefix.count + 1 {
                result[key] = resolved(timestamp, behavior: behavior)
            } else if result[key] == nil {
                result[key] = dictionary(FirestoreMap(), at: prefix + [key], pending: below, behavior: behavior)
            }
        }
        return result
    }

    /// Visits the entries in the order Firestore stores them when canonically equivalent keys
    /// may be among them (some key is not ASCII), else as they are (no sort on the common path).
    private static func forEachInStoredOrder(_ map: FirestoreMap, _ body: (String, FirestoreValue) -> Void) {
        if map.allSatisfy({ $0.key.utf8.allSatisfy { $0 < 0x80 } }) {
            for (key, value) in map { body(key, value) }
        } else {
            for (key, value) in map.sortedByKey() { body(key, value) }
        }
    }

    private func resolved(_ timestamp: PendingServerTimestamp, behavior: ServerTimestampBehavior) -> Any {
        switch behavior {
        case .none: return NSNull()
        case .estimate: return timestamp.localWriteTime
        case .previous: return timestamp.previousValue.map { value($0) } ?? NSNull()
        }
    }

    private func rerooted(_ reference: DocumentReference) -> DocumentReference {
        reference.database == database ? reference : DocumentReference(validatedSegments: reference.segments, database: database)
    }
}

extension DocumentReference {
    /// A reference from segments that an existing reference already validated.
    init(validatedSegments segments: [String], database: DatabaseID) {
        self.database = database
        self.segments = segments
    }
}

extension DocumentSnapshot {
    /// The document's fields as the SDK's `data(with:)` hands them to an app, or nil when the
    /// document does not exist. References are rooted in the snapshot's own database. A
    /// snapshot read from the server holds no pending server timestamps, so `behavior` only
    /// matters for `ReadPath.data(_:pending:behavior:)`.
    public func data(with behavior: ServerTimestampBehavior = .none) -> [String: Any]? {
        guard let fields else { return nil }
        return ReadPath(database: reference.database).data(fields, behavior: behavior)
    }
}
