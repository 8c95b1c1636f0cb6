import Crossfire
import FirestoreModel
import Foundation

// Real-shaped bugs in the write path every mapper of a campaign shares (`DocumentStorage`): a
// port of the SDK's `FSTUserDataReader` with one line wrong, which the storage runs on each
// value of the encoder's output before the real write path stores it.

/// The SDK's write path with one line changed: each value of the data handed to `setData`
/// (map entries and array elements, at any depth) goes through `rewrite` first.
struct PlantedWritePath: DocumentStorage {
    /// What the wrong line makes of one value (nested values already rewritten).
    let rewrite: @Sendable (Any) -> Any

    func store(_ data: [String: Any], database: DatabaseID, serverTime: Timestamp) throws -> FirestoreMap {
        try WritePathStorage().store(data.mapValues(visit), database: database, serverTime: serverTime)
    }

    private func visit(_ value: Any) -> Any {
        switch value {
        case let map as [String: Any]: return rewrite(map.mapValues(visit))
        case let elements as [Any]: return rewrite(elements.map(visit))
        default: return rewrite(value)
        }
    }

    /// sdk-codable-rules §13.1, §11: the objCType `c` branch dropped from the number parsing: an
    /// `Int8` (or `CChar`) is stored as the integer it is, not as a boolean.
    static let int8AsInteger = PlantedWritePath { value in
        guard let number = value as? Int8 else { return value }
        return Int64(number)
    }

    /// sdk-codable-rules §13.11, §4 (`Date` row): the timestamp parsing rounds to the nearest
    /// microsecond (`(nanos + 500) / 1000`) where storage cuts (truncates) below it.
    static let timestampsRounded = PlantedWritePath { value in
        guard let stamp = value as? Timestamp else { return value }
        let micros = (Int64(stamp.nanoseconds) + 500) / 1_000
        return micros >= 1_000_000
            ? Timestamp(seconds: stamp.seconds + 1, nanoseconds: Int32(micros * 1_000 - 1_000_000_000))
            : Timestamp(seconds: stamp.seconds, nanoseconds: Int32(micros * 1_000))
    }
}
