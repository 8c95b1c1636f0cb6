import Foundation

/// An unkeyed container of `Firestore.Encoder`, appending to a shared `EncodedArray`.
///
/// Element coding paths use the SDK's `Index N` keys, at the encoder's coding path (a
/// nested container's own key is not part of it, as in the SDK).
struct EncodingUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: EncodingSession
    let array: EncodedArray
    /// The keys of the nested containers between the encoder and this container.
    let nestedKeys: [any CodingKey]

    var codingPath: [any CodingKey] {
        nestedKeys.isEmpty ? encoder.codingPath : encoder.codingPath + nestedKeys
    }

    var count: Int { array.count }

    mutating func encodeNil() throws { array.append(foundationValue: NSNull()) }
    mutating func encode(_ value: Bool) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: String) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: Int) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: Int8) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: Int16) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: Int32) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: Int64) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: UInt) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: UInt8) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: UInt16) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: UInt32) throws { array.append(foundationValue: value) }
    mutating func encode(_ value: UInt64) throws { array.append(foundationValue: value) }

    // A finite number is written as it is; NaN and ±infinity go by the strategy.

    mutating func encode(_ value: Float) throws {
        if value.isFinite {
            array.append(foundationValue: value)
        } else {
            array.append(try encoder.boxFloat(value, at: .index(count)))
        }
    }

    mutating func encode(_ value: Double) throws {
        if value.isFinite {
            array.append(foundationValue: value)
        } else {
            array.append(try encoder.boxDouble(value, at: .index(count)))
        }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.append(try encoder.box(value, at: .index(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = EncoderCodingKey(index: count)
        let nested = EncodedMap()
        array.append(.map(nested))
        return KeyedEncodingContainer(EncodingKeyedContainer<NestedKey>(
            encoder: encoder, map: nested, nestedKeys: nestedKeys + [key]
        ))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = EncoderCodingKey(index: count)
        let nested = EncodedArray()
        array.append(.array(nested))
        return EncodingUnkeyedContainer(encoder: encoder, array: nested, nestedKeys: nestedKeys + [key])
    }

    mutating func superEncoder() -> any Swift.Encoder {
        let superEncoder = EncodingSession(
            context: encoder.context, basePath: encoder.codingPath + [EncoderCodingKey(index: count)]
        )
        array.append(.superEncoded(superEncoder))
        return superEncoder
    }
}
