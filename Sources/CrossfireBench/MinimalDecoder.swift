// A minimal Codable decoder of the read path's `[String: Any]`: a benchmark yardstick, not a
// mapper. It follows no SDK rule, knows no strategy, keeps no coding path and words no error;
// it only takes each value out of its dictionary or array with `as?`, as the hand-written
// mappers do, behind the standard library's Codable calls. What it costs beyond the
// hand-written mapper is what going through Codable costs a mapper that does nothing else.

/// Why the minimal coders gave up: the data was not what the model needs.
struct MinimalCodingFailure: Error {}

/// The `Decoder` of the minimal decoder: one object for the whole pass, positioned at the
/// value being decoded.
final class MinimalDecoder: Decoder, SingleValueDecodingContainer {
    /// The value being decoded now.
    private(set) var value: Any

    init(_ value: Any) {
        self.value = value
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `T` decoded from `nested`, with the decoder positioned there meanwhile.
    func decode<T: Decodable>(_ type: T.Type, at nested: Any) throws -> T {
        let enclosing = value
        value = nested
        defer { value = enclosing }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let map = value as? [String: Any] else { throw MinimalCodingFailure() }
        return KeyedDecodingContainer(MinimalKeyedDecodingContainer<Key>(decoder: self, map: map))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = value as? [Any] else { throw MinimalCodingFailure() }
        return MinimalUnkeyedDecodingContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try minimalScalar(value) }
    func decode(_ type: String.Type) throws -> String { try minimalScalar(value) }
    func decode(_ type: Double.Type) throws -> Double { try minimalScalar(value) }
    func decode(_ type: Float.Type) throws -> Float { try minimalScalar(value) }
    func decode(_ type: Int.Type) throws -> Int { try minimalInt(value) }
    func decode(_ type: Int8.Type) throws -> Int8 { try minimalInt(value) }
    func decode(_ type: Int16.Type) throws -> Int16 { try minimalInt(value) }
    func decode(_ type: Int32.Type) throws -> Int32 { try minimalInt(value) }
    func decode(_ type: Int64.Type) throws -> Int64 { try minimalInt(value) }
    func decode(_ type: UInt.Type) throws -> UInt { try minimalInt(value) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try minimalInt(value) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try minimalInt(value) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try minimalInt(value) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try minimalInt(value) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// A value of the read path's own type, by a cast.
@inline(__always)
private func minimalScalar<T>(_ value: Any?) throws -> T {
    guard let value, let scalar = value as? T else { throw MinimalCodingFailure() }
    return scalar
}

/// An integer, which the read path hands as `Int64`.
@inline(__always)
private func minimalInt<T: FixedWidthInteger>(_ value: Any?) throws -> T {
    guard let value, let int = value as? Int64, let exact = T(exactly: int) else { throw MinimalCodingFailure() }
    return exact
}

/// The minimal decoder's keyed container: a dictionary lookup and a cast per field.
final class MinimalKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let decoder: MinimalDecoder
    private let map: [String: Any]

    init(decoder: MinimalDecoder, map: [String: Any]) {
        self.decoder = decoder
        self.map = map
    }

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { map.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { map[key.stringValue] != nil }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try minimalScalar(map[key.stringValue]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try minimalScalar(map[key.stringValue]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try minimalScalar(map[key.stringValue]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try minimalScalar(map[key.stringValue]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try minimalInt(map[key.stringValue]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try minimalInt(map[key.stringValue]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try minimalInt(map[key.stringValue]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try minimalInt(map[key.stringValue]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try minimalInt(map[key.stringValue]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try minimalInt(map[key.stringValue]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try minimalInt(map[key.stringValue]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try minimalInt(map[key.stringValue]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try minimalInt(map[key.stringValue]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try minimalInt(map[key.stringValue]) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let nested = map[key.stringValue] else { throw MinimalCodingFailure() }
        return try decoder.decode(type, at: nested)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        guard let nested = map[key.stringValue] as? [String: Any] else { throw MinimalCodingFailure() }
        return KeyedDecodingContainer(MinimalKeyedDecodingContainer<NestedKey>(decoder: decoder, map: nested))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let nested = map[key.stringValue] as? [Any] else { throw MinimalCodingFailure() }
        return MinimalUnkeyedDecodingContainer(decoder: decoder, elements: nested)
    }

    func superDecoder() throws -> any Decoder { try superDecoder(at: "super") }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(at: key.stringValue) }

    private func superDecoder(at key: String) throws -> any Decoder {
        guard let nested = map[key] else { throw MinimalCodingFailure() }
        return MinimalDecoder(nested)
    }
}

/// The minimal decoder's unkeyed container: the elements in order.
struct MinimalUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: MinimalDecoder
    let elements: [Any]
    private(set) var currentIndex = 0

    init(decoder: MinimalDecoder, elements: [Any]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex == elements.count }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try minimalScalar(next()) }
    mutating func decode(_ type: String.Type) throws -> String { try minimalScalar(next()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try minimalScalar(next()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try minimalScalar(next()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try minimalInt(next()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try minimalInt(next()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try minimalInt(next()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try minimalInt(next()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try minimalInt(next()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try minimalInt(next()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try minimalInt(next()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try minimalInt(next()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try minimalInt(next()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try minimalInt(next()) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decode(type, at: next())
    }

    /// The next element; past the end, a failure.
    private mutating func next() throws -> Any {
        guard !isAtEnd else { throw MinimalCodingFailure() }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        guard let nested = try next() as? [String: Any] else { throw MinimalCodingFailure() }
        return KeyedDecodingContainer(MinimalKeyedDecodingContainer<NestedKey>(decoder: decoder, map: nested))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let nested = try next() as? [Any] else { throw MinimalCodingFailure() }
        return MinimalUnkeyedDecodingContainer(decoder: decoder, elements: nested)
    }

    mutating func superDecoder() throws -> any Decoder { MinimalDecoder(try next()) }
}
