import FirestoreModel
import Foundation
import ModelSchema

extension SchemaProbe {
    /// The field type of a scalar or Firestore type, nil for anything else.
    static func scalarFieldType(_ type: Any.Type) -> FieldType? {
        scalars[ObjectIdentifier(type)]?.fieldType
    }

    /// A value of a scalar or Firestore type, nil for anything else.
    static func scalarPlaceholder<T>(_ type: T.Type) throws -> T? {
        try scalars[ObjectIdentifier(type)]?.placeholder() as? T
    }

    /// Each scalar and Firestore type the probe knows: its field type and a value of it.
    private static let scalars: [ObjectIdentifier: (fieldType: FieldType, placeholder: @Sendable () throws -> Any)] = [
        ObjectIdentifier(String.self): (.string, { "" }),
        ObjectIdentifier(Bool.self): (.bool, { false }),
        ObjectIdentifier(Int.self): (.integer(.int), { 0 as Int }),
        ObjectIdentifier(Int8.self): (.integer(.int8), { 0 as Int8 }),
        ObjectIdentifier(Int16.self): (.integer(.int16), { 0 as Int16 }),
        ObjectIdentifier(Int32.self): (.integer(.int32), { 0 as Int32 }),
        ObjectIdentifier(Int64.self): (.integer(.int64), { 0 as Int64 }),
        ObjectIdentifier(UInt.self): (.integer(.uint), { 0 as UInt }),
        ObjectIdentifier(UInt8.self): (.integer(.uint8), { 0 as UInt8 }),
        ObjectIdentifier(UInt16.self): (.integer(.uint16), { 0 as UInt16 }),
        ObjectIdentifier(UInt32.self): (.integer(.uint32), { 0 as UInt32 }),
        ObjectIdentifier(UInt64.self): (.integer(.uint64), { 0 as UInt64 }),
        ObjectIdentifier(Float.self): (.float, { 0 as Float }),
        ObjectIdentifier(Double.self): (.double, { 0 as Double }),
        ObjectIdentifier(Decimal.self): (.decimal, { Decimal() }),
        ObjectIdentifier(Date.self): (.date, { Date(timeIntervalSince1970: 0) }),
        ObjectIdentifier(URL.self): (.url, { URL(fileURLWithPath: "/") }),
        ObjectIdentifier(Data.self): (.data, { Data() }),
        ObjectIdentifier(Timestamp.self): (.timestamp, { Timestamp(seconds: 0, nanoseconds: 0) }),
        ObjectIdentifier(GeoPoint.self): (.geoPoint, { GeoPoint(latitude: 0, longitude: 0) }),
        ObjectIdentifier(DocumentReference.self): (.documentReference, { try DocumentReference(path: "probe/probe") }),
    ]
}
