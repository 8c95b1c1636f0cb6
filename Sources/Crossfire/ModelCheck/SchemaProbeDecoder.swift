import ModelSchema

/// The decoder `SchemaProbe` hands one struct's `init(from:)`: its keyed container records
/// each field asked for and answers with a stand-in value.
final class SchemaProbeDecoder: Decoder {
    let probe: SchemaProbe
    /// Where the struct sits in the model, for errors.
    let path: String
    /// The struct's Swift type name, for errors.
    let typeName: String
    /// The fields recorded, in the order `init(from:)` asked for them (a key asked for twice
    /// keeps its first record; keys are told apart by code points, as Firestore tells them).
    private(set) var fields: [FieldSchema] = []

    init(probe: SchemaProbe, path: String, typeName: String) {
        self.probe = probe
        self.path = path
        self.typeName = typeName
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(SchemaProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw unsupported("it decodes itself from an array (an unkeyed container)")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw unsupported("it decodes itself from a single value")
    }

    /// Records a field under its coding key, once.
    func record(key: String, type: FieldType, wrapper: PropertyWrapper? = nil) {
        guard !fields.contains(where: { $0.codingKey?.unicodeScalars.elementsEqual(key.unicodeScalars) ?? false }) else { return }
        let name = SchemaIdentifiers.propertyName(for: key, avoiding: Set(fields.map(\.name)))
        fields.append(FieldSchema(name: name, codingKey: key, type: type, wrapper: wrapper))
    }

    /// The error for a way of decoding the probe cannot describe.
    func unsupported(_ reason: String) -> SchemaProbeError {
        SchemaProbeError(typeName: typeName, path: path, reason: reason)
    }
}

/// The probe's keyed container: every `decode` records a required field, every
/// `decodeIfPresent` an optional one.
struct SchemaProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SchemaProbeDecoder

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        throw decoder.unsupported("its init(from:) asks decodeNil(forKey:) for \(key.stringValue), which synthesized Codable never does")
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try field(type, forKey: key, optional: false)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optionalField(type, forKey: key)
    }

    // The standard library's own `decodeIfPresent` for these would ask `decodeNil(forKey:)`.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalField(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalField(type, forKey: key) }

    /// Records the optional field `key` of type `T`; an absent value stands in for it.
    private func optionalField<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let _: T = try field(type, forKey: key, optional: true)
        return nil
    }

    /// Records the field `key` of type `T` (optional or not) and returns a stand-in value.
    private func field<T: Decodable>(_ type: T.Type, forKey key: Key, optional: Bool) throws -> T {
        let path = decoder.path.isEmpty ? key.stringValue : decoder.path + "." + key.stringValue
        if let wrapper = type as? any SchemaProbeWrapper.Type {
            let field = try wrapper.probedField(in: decoder.probe, at: path)
            decoder.record(key: key.stringValue, type: field.type, wrapper: field.wrapper)
            guard let placeholder = wrapper.probePlaceholder as? T else {
                throw decoder.unsupported("no stand-in value for \(type)")
            }
            return placeholder
        }
        let fieldType = try decoder.probe.fieldType(of: type, at: path)
        decoder.record(key: key.stringValue, type: optional && !fieldType.isOptional ? .optional(fieldType) : fieldType)
        return try decoder.probe.placeholder(of: type, at: path)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw decoder.unsupported("its init(from:) reads a nested container at \(key.stringValue)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw decoder.unsupported("its init(from:) reads a nested unkeyed container at \(key.stringValue)")
    }

    func superDecoder() throws -> any Decoder {
        throw decoder.unsupported("its init(from:) reads a super decoder")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw decoder.unsupported("its init(from:) reads a super decoder at \(key.stringValue)")
    }
}
