import FirestoreModel
import Foundation
import ModelSchema

/// Receives the real Swift type that stands for a schema field type.
protocol DynamicTypeVisitor {
    associatedtype Result
    /// Called once with the Swift type, e.g. `[String: Set<DynamicStruct>]?`.
    func visit<T: DynamicValue>(_ type: T.Type) -> Result
}

/// Builds the real generic Swift type for a field type and hands it to `visitor`:
/// `.array(.structure("Tag"))` becomes `[DynamicStruct]`, `.dictionary(.enumeration("E"),
/// .integer(.int8))` becomes `[DynamicKeyEnum<KeyLevel0>: Int8]`. The runtime instantiates the
/// generic types, so the coders run the standard library's own `Array`, `Set`, `Dictionary` and
/// `Optional` coding, exactly as for a compiled struct.
func openDynamicType<V: DynamicTypeVisitor>(_ type: FieldType, keyLevel: Int = 0, _ visitor: V) throws -> V.Result {
    switch type {
    case .string: return visitor.visit(String.self)
    case .bool: return visitor.visit(Bool.self)
    case .integer(let width):
        switch width {
        case .int: return visitor.visit(Int.self)
        case .int8: return visitor.visit(Int8.self)
        case .int16: return visitor.visit(Int16.self)
        case .int32: return visitor.visit(Int32.self)
        case .int64: return visitor.visit(Int64.self)
        case .uint: return visitor.visit(UInt.self)
        case .uint8: return visitor.visit(UInt8.self)
        case .uint16: return visitor.visit(UInt16.self)
        case .uint32: return visitor.visit(UInt32.self)
        case .uint64: return visitor.visit(UInt64.self)
        }
    case .float: return visitor.visit(Float.self)
    case .double: return visitor.visit(Double.self)
    case .decimal: return visitor.visit(Decimal.self)
    case .date: return visitor.visit(Date.self)
    case .url: return visitor.visit(URL.self)
    case .data: return visitor.visit(Data.self)
    case .timestamp: return visitor.visit(Timestamp.self)
    case .geoPoint: return visitor.visit(GeoPoint.self)
    case .documentReference: return visitor.visit(DocumentReference.self)
    case .hexColor: return visitor.visit(DynamicColor.self)
    case .enumeration: return visitor.visit(DynamicEnum.self)
    case .structure: return visitor.visit(DynamicStruct.self)
    case .optional(let inner): return try openDynamicType(inner, keyLevel: keyLevel, OptionalOpening(base: visitor))
    case .array(let inner): return try openDynamicType(inner, keyLevel: keyLevel, ArrayOpening(base: visitor))
    case .set(let inner): return try openDynamicType(inner, keyLevel: keyLevel, SetOpening(base: visitor))
    case .dictionary(.string, let value):
        return try openDynamicType(value, keyLevel: keyLevel, DictionaryOpening<String, V>(base: visitor))
    case .dictionary(.int, let value):
        return try openDynamicType(value, keyLevel: keyLevel, DictionaryOpening<Int, V>(base: visitor))
    case .dictionary(.enumeration, let value):
        switch keyLevel {
        case 0: return try openDynamicType(value, keyLevel: 1, DictionaryOpening<DynamicKeyEnum<KeyLevel0>, V>(base: visitor))
        case 1: return try openDynamicType(value, keyLevel: 2, DictionaryOpening<DynamicKeyEnum<KeyLevel1>, V>(base: visitor))
        case 2: return try openDynamicType(value, keyLevel: 3, DictionaryOpening<DynamicKeyEnum<KeyLevel2>, V>(base: visitor))
        case 3: return try openDynamicType(value, keyLevel: 4, DictionaryOpening<DynamicKeyEnum<KeyLevel3>, V>(base: visitor))
        default:
            throw DynamicModelError(path: .root, message: "\(type): more than 4 nested enum-keyed dictionaries in one field type")
        }
    }
}

private struct OptionalOpening<Base: DynamicTypeVisitor>: DynamicTypeVisitor {
    let base: Base
    func visit<T: DynamicValue>(_ type: T.Type) -> Base.Result { base.visit(T?.self) }
}

private struct ArrayOpening<Base: DynamicTypeVisitor>: DynamicTypeVisitor {
    let base: Base
    func visit<T: DynamicValue>(_ type: T.Type) -> Base.Result { base.visit([T].self) }
}

private struct SetOpening<Base: DynamicTypeVisitor>: DynamicTypeVisitor {
    let base: Base
    func visit<T: DynamicValue>(_ type: T.Type) -> Base.Result { base.visit(Set<T>.self) }
}

private struct DictionaryOpening<Key: DynamicDictionaryKey, Base: DynamicTypeVisitor>: DynamicTypeVisitor {
    let base: Base
    func visit<T: DynamicValue>(_ type: T.Type) -> Base.Result { base.visit([Key: T].self) }
}
