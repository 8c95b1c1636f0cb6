import FirestoreModel
import Foundation
import ModelSchema

extension SchemaProbe {
    /// The field type of a scalar or Firestore type, nil for anything else.
    static func scalarFieldType(_ type: Any.Type) -> FieldType? {
        scalarTypes[ObjectIdentifier(type)]
    }

    /// A value of a scalar or Firestore type, nil for anything else.
    static func scalarPlaceholder<T>(_ type: T.Type) throws -> T? {
        switch type {
        case is String.Type: return "" as? T
        case is Bool.Type: return false as? T
        case is Int.Type: return 0 as Int as? T
        case is Int8.Type: return 0 as Int8 as? T
        case is Int16.Type: return 0 as Int16 as? T
        case is Int32.Type: return 0 as Int32 as? T
        case is Int64.Type: return 0 as Int64 as? T
        case is UInt.Type: return 0 as UInt as? T
        case is UInt8.Type: return 0 as UInt8 as? T
        case is UInt16.Type: return 0 as UInt16 as? T
        case is UInt32.Type: return 0 as UInt32 as? T
        case is UInt64.Type: return 0 as UInt64 as? T
        case is Float.Type: return 0 as Float as? T
        case is Double.Type: return 0 as Double as? T
        case is Decimal.Type: return Decimal() as? T
        case is Date.Type: return Date(timeIntervalSince1970: 0) as? T
        case is URL.Type: return URL(fileURLWithPath: "/") as? T
        case is Data.Type: return Data() as? T
        case is Timestamp.Type: return Timestamp(seconds: 0, nanoseconds: 0) as? T
        case is GeoPoint.Type: return GeoPoint(latitude: 0, longitude: 0) as? T
        case is DocumentReference.Type: return try DocumentReference(path: "probe/probe") as? T
        default: return nil
        }
    }

    private static let scalarTypes: [ObjectIdentifier: FieldType] = [
        ObjectIdentifier(String.self): .string,
        ObjectIdentifier(Bool.self): .bool,
        ObjectIdentifier(Int.self): .integer(.int),
        ObjectIdentifier(Int8.self): .integer(.int8),
        ObjectIdentifier(Int16.self): .integer(.int16),
        ObjectIdentifier(Int32.self): .integer(.int32),
        ObjectIdentifier(Int64.self): .integer(.int64),
        ObjectIdentifier(UInt.self): .integer(.uint),
        ObjectIdentifier(UInt8.self): .integer(.uint8),
        ObjectIdentifier(UInt16.self): .integer(.uint16),
        ObjectIdentifier(UInt32.self): .integer(.uint32),
        ObjectIdentifier(UInt64.self): .integer(.uint64),
        ObjectIdentifier(Float.self): .float,
        ObjectIdentifier(Double.self): .double,
        ObjectIdentifier(Decimal.self): .decimal,
        ObjectIdentifier(Date.self): .date,
        ObjectIdentifier(URL.self): .url,
        ObjectIdentifier(Data.self): .data,
        ObjectIdentifier(Timestamp.self): .timestamp,
        ObjectIdentifier(GeoPoint.self): .geoPoint,
        ObjectIdentifier(DocumentReference.self): .documentReference,
    ]
}
