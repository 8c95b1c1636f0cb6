import Foundation

extension EncodedValue {
    /// The value as the SDK's encoder returns it inside `[String: Any]`: Swift scalars of
    /// their own type, `NSNull` for null, `[Any]` and `[String: Any]` for containers, and
    /// the Firestore value types as themselves.
    var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .int(let value): return value
        case .int8(let value): return value
        case .int16(let value): return value
        case .int32(let value): return value
        case .int64(let value): return value
        case .uint(let value): return value
        case .uint8(let value): return value
        case .uint16(let value): return value
        case .uint32(let value): return value
        case .uint64(let value): return value
        case .float(let value): return value
        case .double(let value): return value
        case .decimal(let value): return value
        case .string(let value): return value
        case .data(let value): return value
        case .timestamp(let value): return value
        case .geoPoint(let value): return value
        case .reference(let value): return value
        case .vector(let value): return value
        case .fieldValue(let value): return value
        case .array(let array): return array.foundationArray()
        case .map(let map): return map.foundationDictionary()
        case .superEncoded: return resolved.foundationValue
        case .finishedMap(let dictionary): return dictionary
        case .finishedArray(let elements): return elements
        }
    }
}
