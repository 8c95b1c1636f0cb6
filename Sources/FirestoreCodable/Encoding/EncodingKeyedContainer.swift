import Foundation

/// A keyed container of `Firestore.Encoder`, writing into a shared `EncodedMap`.
///
/// As in the SDK: keys go through the key strategy, each key before its value is encoded (so
/// a `.custom` strategy sees an outer key before the keys inside its value); a later write to
/// a key replaces the earlier one; a `StructureCodingUncodedUnkeyed` value (`@DocumentID`) is skipped; values
/// are encoded at the *encoder's* coding path plus the key, so a nested container's own
/// key is not part of the coding path of values written through it.
struct EncodingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: EncodingSession
    let map: EncodedMap
    /// The keys of the nested containers between the encoder and this container.
    let nestedKeys: [any CodingKey]

    var codingPath: [any CodingKey] {
        nestedKeys.isEmpty ? encoder.codingPath : encoder.codingPath + nestedKeys
    }

    /// The key as stored, after the key strategy.
    private func storedKey(_ key: any CodingKey) -> String {
        switch encoder.context.options.keyEncodingStrategy {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            return EncodingKeyConversion.snakeCased(key.stringValue)
        case .custom(let convert):
            return convert(codingPath + [key]).stringValue
        }
    }

    mutating func encodeNil(forKey key: Key) throws { map.set(foundationValue: NSNull(), forKey: storedKey(key)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: String, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { map.set(foundationValue: value, forKey: storedKey(key)) }

    // A finite number is written as it is; NaN and ±infinity go by the strategy.

    mutating func encode(_ value: Float, forKey key: Key) throws {
        let stored = storedKey(key)
        if value.isFinite {
            map.set(foundationValue: value, forKey: stored)
        } else {
            map.set(try encoder.boxFloat(value, at: .key(key)), forKey: stored)
        }
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        let stored = storedKey(key)
        if value.isFinite {
            map.set(foundationValue: value, forKey: stored)
        } else {
            map.set(try encoder.boxDouble(value, at: .key(key)), forKey: stored)
        }
    }

    // The key is converted before the value is boxed, as the SDK's
    // `container[_converted(key).stringValue] = try encoder.box(value)` does (Swift evaluates
    // a subscript's index before the value assigned).
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if T.self is any StructureCodingUncodedUnkeyed.Type { return }
        let stored = storedKey(key)
        let encoded = try encoder.box(value, at: .key(key))
        map.set(encoded, forKey: stored)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let stored = storedKey(key)
        let nested: EncodedMap
        if !map.contains(stored) {
            nested = EncodedMap()
            map.set(.map(nested), forKey: stored)
        } else if let existing = map.openMap(forKey: stored) {
            nested = existing
        } else {
            encoder.context.recordMisuse(
                "Attempt to re-encode into nested KeyedEncodingContainer<\(Key.self)> for key \"\(stored)\" "
                    + "is invalid: non-keyed container already encoded for this key",
                at: codingPath + [key]
            )
            nested = EncodedMap()
        }
        return KeyedEncodingContainer(EncodingKeyedContainer<NestedKey>(
            encoder: encoder, map: nested, nestedKeys: nestedKeys + [key]
        ))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let stored = storedKey(key)
        let nested: EncodedArray
        if !map.contains(stored) {
            nested = EncodedArray()
            map.set(.array(nested), forKey: stored)
        } else if let existing = map.openArray(forKey: stored) {
            nested = existing
        } else {
            encoder.context.recordMisuse(
                "Attempt to re-encode into nested UnkeyedEncodingContainer for key \"\(stored)\" "
                    + "is invalid: keyed container/single value already encoded for this key",
                at: codingPath + [key]
            )
            nested = EncodedArray()
        }
        return EncodingUnkeyedContainer(encoder: encoder, array: nested, nestedKeys: nestedKeys + [key])
    }

    mutating func superEncoder() -> any Swift.Encoder {
        makeSuperEncoder(forKey: EncoderCodingKey.superKey)
    }

    mutating func superEncoder(forKey key: Key) -> any Swift.Encoder {
        makeSuperEncoder(forKey: key)
    }

    /// An encoder whose value is stored under `key` (after the key strategy) once the
    /// document is assembled; an empty map if it writes nothing.
    private func makeSuperEncoder(forKey key: any CodingKey) -> EncodingSession {
        let stored = storedKey(key)
        let superEncoder = EncodingSession(context: encoder.context, basePath: encoder.codingPath + [key])
        map.set(.superEncoded(superEncoder), forKey: stored)
        return superEncoder
    }
}
