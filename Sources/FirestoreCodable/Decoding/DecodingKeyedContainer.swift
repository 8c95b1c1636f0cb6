/// A keyed container over one map, with the SDK's `_JSONKeyedDecodingContainer` behaviour:
///
/// - keys are rewritten once, when the container is made, by the key strategy;
/// - an absent key is `keyNotFound` at the session's coding path, a null for a non-optional
///   type `valueNotFound` ("Expected <T> value but found null instead.") at the path with the
///   key; values are read with the key pushed on the session's path;
/// - a `StructureCodingUncodedUnkeyed` type (`@DocumentID`) is decoded from the session
///   without looking at its key or pushing it;
/// - errors name the session's current coding path, as the SDK's do (so a nested container
///   kept and read later reports the path of the moment, not its own).
///
/// A class, so that the standard library's container box calls it without copying the map.
final class DecodingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let session: DecodingSession
    private let map: DecodingNodeMap
    /// The map itself when it is an untyped `[String: Any]` looked up canonically, which is how
    /// a Swift dictionary looks keys up: scalars are read straight from it.
    private let untypedDictionary: [String: Any]?
    /// The coding path of the map, as it was when the container was made.
    let codingPath: [any CodingKey]

    init(session: DecodingSession, map: DecodingNodeMap) {
        self.session = session
        self.codingPath = session.codingPath
        switch session.options.keyDecodingStrategy {
        case .useDefaultKeys:
            self.map = map
        case .convertFromSnakeCase:
            self.map = map.convertingKeys(DecodingKeyConversion.camelCased)
        case .custom(let convert):
            let path = session.codingPath
            self.map = map.convertingKeys { key in
                convert(path + [DecoderCodingKey(stringValue: key)]).stringValue
            }
        }
        if case .dictionary(let dictionary) = self.map, session.options.matchesKeysCanonically {
            untypedDictionary = dictionary
        } else {
            untypedDictionary = nil
        }
    }

    /// The entry under `key`: by code points, then (for untyped input) by Swift's `String ==`.
    private func lookUp(_ key: String) -> DecodingNode? {
        map.node(forKey: key, canonically: session.options.matchesKeysCanonically)
    }

    var allKeys: [Key] {
        map.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        lookUp(key.stringValue) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try entry(forKey: key).isNull
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeScalar(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeScalar(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeScalar(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeScalar(type, forKey: key) }

    // The standard library's default `decodeIfPresent` (present and not null, else nil),
    // with one lookup instead of three.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeScalarIfPresent(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self is any StructureCodingUncodedUnkeyed.Type {
            return try T(from: session)
        }
        return try decodeValue(type, forKey: key, entry: entry(forKey: key))
    }

    /// As the standard library's default, with one lookup: like the default, a `@DocumentID`
    /// whose key is absent gives nil.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let entry = lookUp(key.stringValue), !entry.isNull else { return nil }
        if T.self is any StructureCodingUncodedUnkeyed.Type {
            return try T(from: session)
        }
        return try decodeValue(type, forKey: key, entry: entry)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try session.with(key) {
            guard let entry = lookUp(key.stringValue) else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get \(KeyedDecodingContainer<NestedKey>.self) -- no value found for key \(describe(key))"
                ))
            }
            guard let nested = entry.mapView else {
                throw entry.mismatch(expecting: [String: Any].self, at: codingPath)
            }
            return KeyedDecodingContainer(DecodingKeyedContainer<NestedKey>(session: session, map: nested))
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try session.with(key) {
            guard let entry = lookUp(key.stringValue) else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get UnkeyedDecodingContainer -- no value found for key \(describe(key))"
                ))
            }
            guard let elements = entry.arrayView else {
                throw entry.mismatch(expecting: [Any].self, at: codingPath)
            }
            return DecodingUnkeyedContainer(session: session, elements: elements)
        }
    }

    func superDecoder() throws -> any Swift.Decoder {
        superDecoder(at: DecoderCodingKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Swift.Decoder {
        superDecoder(at: key)
    }

    /// A new session over the value under `key` (null when absent) at the path with the key.
    private func superDecoder(at key: any CodingKey) -> any Swift.Decoder {
        DecodingSession(
            root: lookUp(key.stringValue) ?? .value(.null),
            codingPath: session.codingPath + [key],
            options: session.options
        )
    }

    private func entry(forKey key: Key) throws -> DecodingNode {
        guard let entry = lookUp(key.stringValue) else { throw keyNotFound(key) }
        return entry
    }

    private func keyNotFound(_ key: Key) -> DecodingError {
        DecodingError.keyNotFound(key, DecodingError.Context(
            codingPath: session.codingPath,
            debugDescription: "No value associated with key \(describe(key))."
        ))
    }

    /// A scalar, read without pushing its key (see `DecodingScalar`); from an untyped map, a
    /// value of the read path's own type is taken as it is.
    @inline(__always)
    private func decodeScalar<T: DecodingScalar>(_ type: T.Type, forKey key: Key) throws -> T {
        let entry: DecodingNode
        if let untypedDictionary {
            guard let value = untypedDictionary[key.stringValue] else { throw keyNotFound(key) }
            if let scalar = T.readPathValue(value) { return scalar }
            entry = DecodingInputReader.node(from: value)
        } else {
            entry = try self.entry(forKey: key)
        }
        guard let value = try T.unboxScalar(entry, in: session, at: key) else { throw nullValue(type, forKey: key) }
        return value
    }

    @inline(__always)
    private func decodeScalarIfPresent<T: DecodingScalar>(_ type: T.Type, forKey key: Key) throws -> T? {
        let entry: DecodingNode
        if let untypedDictionary {
            guard let value = untypedDictionary[key.stringValue] else { return nil }
            if let scalar = T.readPathValue(value) { return scalar }
            entry = DecodingInputReader.node(from: value)
        } else {
            guard let found = lookUp(key.stringValue) else { return nil }
            entry = found
        }
        guard !entry.isNull else { return nil }
        return try T.unboxScalar(entry, in: session, at: key)
    }

    private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key, entry: DecodingNode) throws -> T {
        session.codingPath.append(key)
        defer { session.codingPath.removeLast() }
        return try session.unbox(entry, as: type, ifNull: .keyedValue)
    }

    /// The keyed container's null error, at the session's path with the key.
    private func nullValue(_ type: Any.Type, forKey key: Key) -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(
            codingPath: session.codingPath + [key], debugDescription: "Expected \(type) value but found null instead."
        ))
    }

    private func describe(_ key: Key) -> String {
        DecodingKeyConversion.errorDescription(of: key, strategy: session.options.keyDecodingStrategy)
    }
}
