import Foundation

/// An unkeyed container of `Firestore.Encoder`, appending to a shared `EncodedArray`.
///
/// Element coding paths use the SDK's `Index N` keys, at the encoder's coding path (a
/// nested container's own key is not part of it, as in the SDK).
struct FirestoreUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    let array: EncodedArray
    /// The keys of the nested containers between the encoder and this container.
    let nestedKeys: [any CodingKey]

    var codingPath: [any CodingKey] {
        nestedKeys.isEmpty ? encoder.codingPath : encoder.codingPath + nestedKeys
    }

    var count: Int { array.elements.count }

    mutating func encodeNil() throws { array.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
    mutating func encode(_ value: Int) throws { array.elements.append(.int(value)) }
    mutating func encode(_ value: Int8) throws { array.elements.append(.int8(value)) }
    mutating func encode(_ value: Int16) throws { array.elements.append(.int16(value)) }
    mutating func encode(_ value: Int32) throws { array.elements.append(.int32(value)) }
    mutating func encode(_ value: Int64) throws { array.elements.append(.int64(value)) }
    mutating func encode(_ value: UInt) throws { array.elements.append(.uint(value)) }
    mutating func encode(_ value: UInt8) throws { array.elements.append(.uint8(value)) }
    mutating func encode(_ value: UInt16) throws { array.elements.append(.uint16(value)) }
    mutating func encode(_ value: UInt32) throws { array.elements.append(.uint32(value)) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(.uint64(value)) }

    mutating func encode(_ value: Float) throws {
        array.elements.append(try encoder.boxFloat(value, at: .index(count)))
    }

    mutating func encode(_ value: Double) throws {
        array.elements.append(try encoder.boxDouble(value, at: .index(count)))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try encoder.box(value, at: .index(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = EncoderCodingKey(index: count)
        let nested = EncodedMap()
        array.elements.append(.map(nested))
        return KeyedEncodingContainer(FirestoreKeyedEncodingContainer<NestedKey>(
            encoder: encoder, map: nested, nestedKeys: nestedKeys + [key]
        ))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = EncoderCodingKey(index: count)
        let nested = EncodedArray()
        array.elements.append(.array(nested))
        return FirestoreUnkeyedEncodingContainer(encoder: encoder, array: nested, nestedKeys: nestedKeys + [key])
    }

    mutating func superEncoder() -> any Swift.Encoder {
        let superEncoder = ValueEncoder(
            context: encoder.context, basePath: encoder.codingPath + [EncoderCodingKey(index: count)]
        )
        array.elements.append(.superEncoded(superEncoder))
        return superEncoder
    }
}
