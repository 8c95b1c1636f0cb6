import Foundation
import FirestoreModel

/// The encoder's typed intermediate representation of one value: what the SDK's encoder
/// holds as Foundation objects, with each Swift number type kept apart (no `NSNumber`).
enum EncodedValue {
    /// A null (`NSNull` in the SDK).
    case null
    /// A `Bool`.
    case bool(Bool)
    /// An `Int`.
    case int(Int)
    /// An `Int8` (the SDK's write path stores it as a boolean).
    case int8(Int8)
    /// An `Int16`.
    case int16(Int16)
    /// An `Int32`.
    case int32(Int32)
    /// An `Int64`.
    case int64(Int64)
    /// A `UInt`.
    case uint(UInt)
    /// A `UInt8`.
    case uint8(UInt8)
    /// A `UInt16`.
    case uint16(UInt16)
    /// A `UInt32`.
    case uint32(UInt32)
    /// A `UInt64`.
    case uint64(UInt64)
    /// A `Float`, kept at single precision.
    case float(Float)
    /// A `Double`.
    case double(Double)
    /// A `Decimal`.
    case decimal(Decimal)
    /// A `String`.
    case string(String)
    /// `Data` (bytes).
    case data(Data)
    /// A `Timestamp`, passed through.
    case timestamp(Timestamp)
    /// A `GeoPoint`, passed through.
    case geoPoint(GeoPoint)
    /// A `DocumentReference`, passed through.
    case reference(DocumentReference)
    /// A `VectorValue`, passed through.
    case vector(VectorValue)
    /// A `FieldValue` sentinel, passed through.
    case fieldValue(FieldValue)
    /// An array, written through a container.
    case array(EncodedArray)
    /// A map, written through a container.
    case map(EncodedMap)
    /// Whatever a `superEncoder()` receives; an empty map when it receives nothing.
    case superEncoded(EncodingSession)
    /// A map that no container can write into any more, already in the form the SDK's
    /// encoder returns it (see `EncodingSession.takeFinishedStorage()`).
    case finishedMap([String: Any])
    /// An array that no container can write into any more, likewise.
    case finishedArray([Any])

    /// The value with a `superEncoder()` slot replaced by what was written into it.
    var resolved: EncodedValue {
        guard case .superEncoded(let encoder) = self else { return self }
        return encoder.storage?.resolved ?? .map(EncodedMap())
    }
}
