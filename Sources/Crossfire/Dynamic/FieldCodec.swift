import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema

/// The coding key of a struct field, and of a raw-less enum's case (`{"caseName": {}}`) and
/// the empty payload container inside it. Named `CodingKeys` so that its description, which
/// coders put into error messages, reads as a synthesized key's does:
/// `CodingKeys(stringValue: "title", intValue: nil)`.
struct CodingKeys: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// How one coded field of a struct is decoded and encoded: the container calls that
/// compiler-synthesized `Codable` makes for the equivalent property.
///
/// - a non-optional property: `decode(T.self, forKey:)` / `encode(_:forKey:)`, through the
///   concrete overloads for `Bool`, `String`, `Double`, `Float` and the integer types, the
///   generic ones otherwise;
/// - an optional property: `decodeIfPresent(T.self, forKey:)` / `encodeIfPresent(_:forKey:)`;
/// - a wrapped property: `decode(Wrapper<T>.self, forKey:)` / `encode(wrapper, forKey:)`, so the
///   wrapper's own coding (and `Firestore.Encoder`'s skipping of `@DocumentID`) applies;
/// - a property its struct codes by hand: the calls of its `FieldCoding` (`HandCodedField`).
struct FieldCodec {
    typealias Decode = (KeyedDecodingContainer<CodingKeys>, CodingKeys, DynamicDecodingContext) throws -> ModelValue
    typealias Encode = (inout KeyedEncodingContainer<CodingKeys>, CodingKeys, ModelValue, DynamicFrame, DynamicEncodingContext, ValuePath) throws -> Void

    /// The field's coding key.
    let key: CodingKeys
    /// What the dynamic stand-in types mean inside this field.
    let frame: DynamicFrame
    /// Decodes the field from its struct's container.
    let decode: Decode
    /// Encodes the field into its struct's container.
    let encode: Encode

    init(field: FieldSchema, codingKey: String, schema: ModelSchema) throws {
        key = CodingKeys(stringValue: codingKey)
        frame = DynamicFrame(for: field.type, in: schema)
        if let coding = field.coding {
            (decode, encode) = try HandCodedField.codec(coding, type: field.type, codingKey: codingKey)
        } else if let wrapper = field.wrapper {
            (decode, encode) = try FieldCodec.wrapped(wrapper, field.type)
        } else if case .optional(let inner) = field.type {
            if let concrete = FieldCodec.concreteOptional(inner) {
                (decode, encode) = concrete
            } else {
                (decode, encode) = try openDynamicType(inner, OptionalPropertyCoding())
            }
        } else if let concrete = FieldCodec.concrete(field.type) {
            (decode, encode) = concrete
        } else {
            (decode, encode) = try openDynamicType(field.type, PropertyCoding())
        }
    }

    private static func wrapped(_ wrapper: PropertyWrapper, _ type: FieldType) throws -> (Decode, Encode) {
        switch (wrapper, type) {
        case (.documentID, .optional(.string)): return WrapperCoding.documentID(String.self)
        case (.documentID, .optional(.documentReference)): return WrapperCoding.documentID(DocumentReference.self)
        case (.serverTimestamp, .optional(.date)): return WrapperCoding.serverTimestamp(Date.self)
        case (.serverTimestamp, .optional(.timestamp)): return WrapperCoding.serverTimestamp(Timestamp.self)
        case (.explicitNull, .optional(let inner)): return try openDynamicType(inner, ExplicitNullCoding())
        default:
            throw DynamicModelError(path: .root, message: "@\(wrapper.rawValue) cannot wrap \(type)")
        }
    }

    /// Non-optional properties whose type has a concrete container overload.
    private static func concrete(_ type: FieldType) -> (Decode, Encode)? {
        switch type {
        case .string: return ConcreteCoding.make(String.self, { c, k in try c.decode(String.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .bool: return ConcreteCoding.make(Bool.self, { c, k in try c.decode(Bool.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .double: return ConcreteCoding.make(Double.self, { c, k in try c.decode(Double.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .float: return ConcreteCoding.make(Float.self, { c, k in try c.decode(Float.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.int): return ConcreteCoding.make(Int.self, { c, k in try c.decode(Int.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.int8): return ConcreteCoding.make(Int8.self, { c, k in try c.decode(Int8.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.int16): return ConcreteCoding.make(Int16.self, { c, k in try c.decode(Int16.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.int32): return ConcreteCoding.make(Int32.self, { c, k in try c.decode(Int32.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.int64): return ConcreteCoding.make(Int64.self, { c, k in try c.decode(Int64.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.uint): return ConcreteCoding.make(UInt.self, { c, k in try c.decode(UInt.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.uint8): return ConcreteCoding.make(UInt8.self, { c, k in try c.decode(UInt8.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.uint16): return ConcreteCoding.make(UInt16.self, { c, k in try c.decode(UInt16.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.uint32): return ConcreteCoding.make(UInt32.self, { c, k in try c.decode(UInt32.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        case .integer(.uint64): return ConcreteCoding.make(UInt64.self, { c, k in try c.decode(UInt64.self, forKey: k) }, { c, v, k in try c.encode(v, forKey: k) })
        default: return nil
        }
    }

    /// Optional properties whose wrapped type has a concrete `decodeIfPresent` overload.
    private static func concreteOptional(_ type: FieldType) -> (Decode, Encode)? {
        switch type {
        case .string: return ConcreteCoding.makeOptional(String.self, { c, k in try c.decodeIfPresent(String.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .bool: return ConcreteCoding.makeOptional(Bool.self, { c, k in try c.decodeIfPresent(Bool.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .double: return ConcreteCoding.makeOptional(Double.self, { c, k in try c.decodeIfPresent(Double.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .float: return ConcreteCoding.makeOptional(Float.self, { c, k in try c.decodeIfPresent(Float.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.int): return ConcreteCoding.makeOptional(Int.self, { c, k in try c.decodeIfPresent(Int.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.int8): return ConcreteCoding.makeOptional(Int8.self, { c, k in try c.decodeIfPresent(Int8.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.int16): return ConcreteCoding.makeOptional(Int16.self, { c, k in try c.decodeIfPresent(Int16.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.int32): return ConcreteCoding.makeOptional(Int32.self, { c, k in try c.decodeIfPresent(Int32.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.int64): return ConcreteCoding.makeOptional(Int64.self, { c, k in try c.decodeIfPresent(Int64.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.uint): return ConcreteCoding.makeOptional(UInt.self, { c, k in try c.decodeIfPresent(UInt.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.uint8): return ConcreteCoding.makeOptional(UInt8.self, { c, k in try c.decodeIfPresent(UInt8.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.uint16): return ConcreteCoding.makeOptional(UInt16.self, { c, k in try c.decodeIfPresent(UInt16.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.uint32): return ConcreteCoding.makeOptional(UInt32.self, { c, k in try c.decodeIfPresent(UInt32.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        case .integer(.uint64): return ConcreteCoding.makeOptional(UInt64.self, { c, k in try c.decodeIfPresent(UInt64.self, forKey: k) }, { c, v, k in try c.encodeIfPresent(v, forKey: k) })
        default: return nil
        }
    }
}

/// Wraps a concrete container call into the codec's closure shapes.
private enum ConcreteCoding {
    static func make<T: DynamicValue>(
        _ type: T.Type,
        _ decode: @escaping (KeyedDecodingContainer<CodingKeys>, CodingKeys) throws -> T,
        _ encode: @escaping (inout KeyedEncodingContainer<CodingKeys>, T, CodingKeys) throws -> Void
    ) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, _ in try decode(container, key).modelValue },
         { container, key, value, frame, context, path in
             try encode(&container, T.make(value, frame: frame, layout: context.layout, path: path), key)
         })
    }

    static func makeOptional<T: DynamicValue>(
        _ type: T.Type,
        _ decode: @escaping (KeyedDecodingContainer<CodingKeys>, CodingKeys) throws -> T?,
        _ encode: @escaping (inout KeyedEncodingContainer<CodingKeys>, T?, CodingKeys) throws -> Void
    ) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, _ in try decode(container, key)?.modelValue ?? .null },
         { container, key, value, frame, context, path in
             try encode(&container, T?.make(value, frame: frame, layout: context.layout, path: path), key)
         })
    }
}

/// A non-optional property of a type without a concrete overload: the generic calls.
private struct PropertyCoding: DynamicTypeVisitor {
    func visit<T: DynamicValue>(_ type: T.Type) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, _ in try container.decode(T.self, forKey: key).modelValue },
         { container, key, value, frame, context, path in
             try container.encode(T.make(value, frame: frame, layout: context.layout, path: path), forKey: key)
         })
    }
}

/// An optional property of a type without a concrete overload: `decodeIfPresent`/`encodeIfPresent`.
private struct OptionalPropertyCoding: DynamicTypeVisitor {
    func visit<T: DynamicValue>(_ type: T.Type) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, _ in try container.decodeIfPresent(T.self, forKey: key)?.modelValue ?? .null },
         { container, key, value, frame, context, path in
             try container.encodeIfPresent(T?.make(value, frame: frame, layout: context.layout, path: path), forKey: key)
         })
    }
}

/// `@ExplicitNull var x: T?`: the wrapper type `ExplicitNull<T>` through the generic calls.
private struct ExplicitNullCoding: DynamicTypeVisitor {
    func visit<T: DynamicValue>(_ type: T.Type) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, _ in try container.decode(ExplicitNull<T>.self, forKey: key).wrappedValue?.modelValue ?? .null },
         { container, key, value, frame, context, path in
             let wrapped = try T?.make(value, frame: frame, layout: context.layout, path: path)
             try container.encode(ExplicitNull<T>(wrappedValue: wrapped), forKey: key)
         })
    }
}

/// `@DocumentID` and `@ServerTimestamp` properties through their wrapper types.
private enum WrapperCoding {
    static func documentID<T: DynamicLeafValue & DocumentIDWrappable>(_ type: T.Type) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, _ in try container.decode(DocumentID<T>.self, forKey: key).wrappedValue?.modelValue ?? .null },
         { container, key, value, frame, context, path in
             let wrapped = try T?.make(value, frame: frame, layout: context.layout, path: path)
             try container.encode(DocumentID<T>(wrappedValue: wrapped), forKey: key)
         })
    }

    static func serverTimestamp<T: DynamicLeafValue & ServerTimestampWrappable>(_ type: T.Type) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, _ in try container.decode(ServerTimestamp<T>.self, forKey: key).wrappedValue?.modelValue ?? .null },
         { container, key, value, frame, context, path in
             let wrapped = try T?.make(value, frame: frame, layout: context.layout, path: path)
             try container.encode(ServerTimestamp<T>(wrappedValue: wrapped), forKey: key)
         })
    }
}
