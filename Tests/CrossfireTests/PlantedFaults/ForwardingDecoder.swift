import Crossfire
import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema

/// A `Decoder` that forwards every call to `Firestore.Decoder`'s own decoder, but for the
/// overloads a planted bug replaces (`UnkeyedOverride`): the shape of a team's decoding layer
/// written around the SDK's, with a mistake in one concrete overload. Its keyed and unkeyed
/// containers hand out forwarding containers and decoders in turn, so that the replaced
/// overload is met wherever a hand-written `init(from:)` calls it.
struct ForwardingDecoder: Decoder {
    /// The SDK's decoder underneath.
    let base: any Decoder
    /// The replaced overloads.
    let override: UnkeyedOverride

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ForwardingKeyedContainer(base: try base.container(keyedBy: type), override: override))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ForwardingUnkeyedContainer(base: try base.unkeyedContainer(), override: override)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try base.singleValueContainer()
    }
}

/// The unkeyed container's overloads a planted bug replaces; nil forwards.
struct UnkeyedOverride: Sendable {
    /// `decode(Int32.self)`, given the SDK's container to read from.
    var int32: (@Sendable (inout any UnkeyedDecodingContainer) throws -> Int32)?
}

/// A value decoded through a forwarding decoder: the SDK's decoder meets `Forwarded<T>` where
/// a container was asked for `T`, and `T` is decoded from the forwarding decoder.
struct Forwarded<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
        guard let override = decoder.userInfo[ForwardingDecoder.overrideKey] as? UnkeyedOverride else {
            value = try T(from: decoder)
            return
        }
        value = try T(from: ForwardingDecoder(base: decoder, override: override))
    }
}

extension ForwardingDecoder {
    /// Where the replaced overloads travel in the SDK decoder's `userInfo`, so that a value
    /// the SDK decodes on its own (`Forwarded<T>`) is handed a forwarding decoder again.
    static let overrideKey = CodingUserInfoKey(rawValue: "PlantedUnkeyedOverride").unsafelyUnwrapped

    /// Whether a container's generic `decode(T.self)` goes through `Forwarded<T>`: only the
    /// Codable mapper's own stand-ins for structs, enums and hand-coded fields. The SDK
    /// decodes the other types by rules of their own (dates, blobs, references, arrays and
    /// `[String: V]` without their `init(from:)`; property wrappers by their type), which a
    /// wrapper type would hide from it.
    static func forwards<T>(_ type: T.Type) -> Bool {
        String(reflecting: type).hasPrefix("Crossfire.Dynamic")
    }
}

/// A keyed container that forwards every call, handing out forwarding nested containers and
/// decoders.
struct ForwardingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    var base: KeyedDecodingContainer<Key>
    let override: UnkeyedOverride

    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { base.allKeys }
    func contains(_ key: Key) -> Bool { base.contains(key) }
    func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try base.decode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try base.decode(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try base.decode(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try base.decode(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try base.decode(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try base.decode(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try base.decode(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try base.decode(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try base.decode(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try base.decode(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard ForwardingDecoder.forwards(type) else { return try base.decode(type, forKey: key) }
        return try base.decode(Forwarded<T>.self, forKey: key).value
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try base.decodeIfPresent(type, forKey: key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard ForwardingDecoder.forwards(type) else { return try base.decodeIfPresent(type, forKey: key) }
        return try base.decodeIfPresent(Forwarded<T>.self, forKey: key)?.value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(ForwardingKeyedContainer<NestedKey>(base: try base.nestedContainer(keyedBy: type, forKey: key), override: override))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ForwardingUnkeyedContainer(base: try base.nestedUnkeyedContainer(forKey: key), override: override)
    }

    func superDecoder() throws -> any Decoder { ForwardingDecoder(base: try base.superDecoder(), override: override) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ForwardingDecoder(base: try base.superDecoder(forKey: key), override: override) }
}

/// An unkeyed container that forwards every call but the overloads `override` replaces.
struct ForwardingUnkeyedContainer: UnkeyedDecodingContainer {
    var base: any UnkeyedDecodingContainer
    let override: UnkeyedOverride

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int? { base.count }
    var isAtEnd: Bool { base.isAtEnd }
    var currentIndex: Int { base.currentIndex }
    mutating func decodeNil() throws -> Bool { try base.decodeNil() }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try override.int32?(&base) ?? base.decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try base.decodeIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try base.decodeIfPresent(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard ForwardingDecoder.forwards(type) else { return try base.decode(type) }
        return try base.decode(Forwarded<T>.self).value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard ForwardingDecoder.forwards(type) else { return try base.decodeIfPresent(type) }
        return try base.decodeIfPresent(Forwarded<T>.self)?.value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(ForwardingKeyedContainer<NestedKey>(base: try base.nestedContainer(keyedBy: type), override: override))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ForwardingUnkeyedContainer(base: try base.nestedUnkeyedContainer(), override: override)
    }

    mutating func superDecoder() throws -> any Decoder { ForwardingDecoder(base: try base.superDecoder(), override: override) }
}
