// A minimal Codable encoder to `[String: Any]`: the benchmark yardstick on the encoding side
// (see MinimalDecoder.swift). It writes each value into a Swift dictionary or
// array, as the hand-written mappers do, through the standard library's Codable calls, and
// nothing else: no SDK rule, strategy, coding path or error text.

/// The `Encoder` of the minimal encoder: one object for the whole pass, holding what the
/// value being encoded now wrote.
final class MinimalEncoder: Encoder, SingleValueEncodingContainer {
    /// What one value wrote.
    private enum Written {
        case nothing
        case value(Any)
        case map(MinimalMap)
        case array(MinimalArray)
    }

    private var written = Written.nothing

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `value` encoded to a dictionary, which a document must be.
    static func encode<T: Encodable>(_ value: T) throws -> [String: Any] {
        guard let document = try MinimalEncoder().encoded(value) as? [String: Any] else { throw MinimalCodingFailure() }
        return document
    }

    /// What `value` writes, in the form of the result: a scalar, `[String: Any]` or `[Any]`.
    func encoded<T: Encodable>(_ value: T) throws -> Any {
        let enclosing = written
        written = .nothing
        defer { written = enclosing }
        try value.encode(to: self)
        return finishedValue
    }

    /// What was written, in the form of the result.
    var finishedValue: Any {
        switch written {
        case .nothing: return [String: Any]()
        case .value(let scalar): return scalar
        case .map(let map): return map.finishedValue
        case .array(let array): return array.finishedValue
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let map = MinimalMap()
        written = .map(map)
        return KeyedEncodingContainer(MinimalKeyedEncodingContainer<Key>(encoder: self, map: map))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array = MinimalArray()
        written = .array(array)
        return MinimalUnkeyedEncodingContainer(encoder: self, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { throw MinimalCodingFailure() }
    func encode(_ value: Bool) throws { written = .value(value) }
    func encode(_ value: String) throws { written = .value(value) }
    func encode(_ value: Double) throws { written = .value(value) }
    func encode(_ value: Float) throws { written = .value(value) }
    func encode(_ value: Int) throws { written = .value(value) }
    func encode(_ value: Int8) throws { written = .value(value) }
    func encode(_ value: Int16) throws { written = .value(value) }
    func encode(_ value: Int32) throws { written = .value(value) }
    func encode(_ value: Int64) throws { written = .value(value) }
    func encode(_ value: UInt) throws { written = .value(value) }
    func encode(_ value: UInt8) throws { written = .value(value) }
    func encode(_ value: UInt16) throws { written = .value(value) }
    func encode(_ value: UInt32) throws { written = .value(value) }
    func encode(_ value: UInt64) throws { written = .value(value) }
    func encode<T: Encodable>(_ value: T) throws { written = .value(try encoded(value)) }
}

/// A container, or a super encoder, whose value is taken when its enclosing value is done.
protocol MinimalPendingValue: AnyObject {
    /// The value written into it, in the form of the result.
    var finishedValue: Any { get }
}

extension MinimalEncoder: MinimalPendingValue {}

/// A dictionary being written by a keyed container.
final class MinimalMap: MinimalPendingValue {
    var dictionary: [String: Any] = [:]
    /// Nested containers and super encoders, by key, taken at the end.
    var pending: [(key: String, value: any MinimalPendingValue)] = []

    var finishedValue: Any {
        var finished = dictionary
        for (key, value) in pending { finished[key] = value.finishedValue }
        return finished
    }
}

/// An array being written by an unkeyed container.
final class MinimalArray: MinimalPendingValue {
    var elements: [Any] = []
    /// Nested containers and super encoders, by position, taken at the end.
    var pending: [(index: Int, value: any MinimalPendingValue)] = []

    var finishedValue: Any {
        var finished = elements
        for (index, value) in pending { finished[index] = value.finishedValue }
        return finished
    }

    /// Appends a placeholder for `value`, taken at the end.
    func appendPending(_ value: any MinimalPendingValue) {
        pending.append((elements.count, value))
        elements.append(value)
    }
}

/// The minimal encoder's keyed container: one dictionary write per field.
struct MinimalKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: MinimalEncoder
    let map: MinimalMap

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { throw MinimalCodingFailure() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: String, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: Double, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: Float, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: Int, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: Int8, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: Int16, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: Int32, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: Int64, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: UInt, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { map.dictionary[key.stringValue] = value }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { map.dictionary[key.stringValue] = value }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        map.dictionary[key.stringValue] = try encoder.encoded(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = MinimalMap()
        map.pending.append((key.stringValue, nested))
        return KeyedEncodingContainer(MinimalKeyedEncodingContainer<NestedKey>(encoder: encoder, map: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = MinimalArray()
        map.pending.append((key.stringValue, nested))
        return MinimalUnkeyedEncodingContainer(encoder: encoder, array: nested)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(at: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(at: key.stringValue) }

    private func superEncoder(at key: String) -> any Encoder {
        let slot = MinimalEncoder()
        map.pending.append((key, slot))
        return slot
    }
}

/// The minimal encoder's unkeyed container: one append per element.
struct MinimalUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: MinimalEncoder
    let array: MinimalArray

    var codingPath: [any CodingKey] { [] }
    var count: Int { array.elements.count }

    mutating func encodeNil() throws { throw MinimalCodingFailure() }
    mutating func encode(_ value: Bool) throws { array.elements.append(value) }
    mutating func encode(_ value: String) throws { array.elements.append(value) }
    mutating func encode(_ value: Double) throws { array.elements.append(value) }
    mutating func encode(_ value: Float) throws { array.elements.append(value) }
    mutating func encode(_ value: Int) throws { array.elements.append(value) }
    mutating func encode(_ value: Int8) throws { array.elements.append(value) }
    mutating func encode(_ value: Int16) throws { array.elements.append(value) }
    mutating func encode(_ value: Int32) throws { array.elements.append(value) }
    mutating func encode(_ value: Int64) throws { array.elements.append(value) }
    mutating func encode(_ value: UInt) throws { array.elements.append(value) }
    mutating func encode(_ value: UInt8) throws { array.elements.append(value) }
    mutating func encode(_ value: UInt16) throws { array.elements.append(value) }
    mutating func encode(_ value: UInt32) throws { array.elements.append(value) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try encoder.encoded(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = MinimalMap()
        array.appendPending(nested)
        return KeyedEncodingContainer(MinimalKeyedEncodingContainer<NestedKey>(encoder: encoder, map: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = MinimalArray()
        array.appendPending(nested)
        return MinimalUnkeyedEncodingContainer(encoder: encoder, array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let slot = MinimalEncoder()
        array.appendPending(slot)
        return slot
    }
}
