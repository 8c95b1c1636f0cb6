import Foundation
import FirestoreModel

extension Dictionary: DecodingCollection where Key == String, Value: Decodable {
    /// `[String: V]`, which the SDK decodes from a map with its keys verbatim (no key
    /// strategy), pushing each key on the coding path; an entry whose value decodes to
    /// nothing (null for a `Date`, `Data`, `URL`, `Decimal` or `[String: V]` value) is left
    /// out. A null dictionary is "no value" itself, reported as `report` says.
    static func unboxCollection(_ node: DecodingNode, in session: DecodingSession, ifNull report: NullReport) throws -> Self {
        if node.isNull { throw session.nullError(Self.self, report) }
        return try unboxEntries(node, in: session)
    }

    static var readsNullAsNoValue: Bool { true }

    /// The dictionary in `node`, which is not null; the most common scalar values are read by
    /// `DecodingSession.unboxScalarEntries(_:as:)`, in code compiled for their type.
    private static func unboxEntries(_ node: DecodingNode, in session: DecodingSession) throws -> [String: Value] {
        if Value.self == String.self { return try session.cast(session.unboxScalarEntries(node, as: String.self), to: Self.self) }
        if Value.self == Int.self { return try session.cast(session.unboxScalarEntries(node, as: Int.self), to: Self.self) }
        if Value.self == Double.self { return try session.cast(session.unboxScalarEntries(node, as: Double.self), to: Self.self) }
        if Value.self == Bool.self { return try session.cast(session.unboxScalarEntries(node, as: Bool.self), to: Self.self) }
        if Value.self == Int64.self { return try session.cast(session.unboxScalarEntries(node, as: Int64.self), to: Self.self) }
        guard let map = node.mapView else {
            throw node.mismatch(expecting: Self.self, at: session.codingPath)
        }
        var result: [String: Value] = Dictionary(minimumCapacity: map.count)
        let nullMeansAbsent = session.readsNullAsNoValue(Value.self)
        try map.forEachEntry { key, child in
            if nullMeansAbsent && child.isNull { return }
            session.codingPath.append(DecoderCodingKey(stringValue: key))
            defer { session.codingPath.removeLast() }
            result[key] = try session.unbox(child, as: Value.self, ifNull: .keyedValue)
        }
        return result
    }
}

extension DecodingSession {
    /// A `[String: S]` as `Dictionary.unboxEntries` reads it, for a scalar `S`, whose values
    /// are read as the single-value container reads them (null is an error, never a left-out
    /// entry) and without pushing their key (see `DecodingScalar`). Values of an untyped map
    /// that have the read path's own type for `S` are taken as they are.
    func unboxScalarEntries<S: DecodingScalar>(_ node: DecodingNode, as type: S.Type) throws -> [String: S] {
        guard let map = node.mapView else {
            throw node.mismatch(expecting: [String: S].self, at: codingPath)
        }
        if case .dictionary(let dictionary) = map,
           let values = try? dictionary.mapValues({ try S.readPathValue($0) ?? { throw NotAReadPathValue() }() }) {
            // Every value had the read path's own type for `S`, the usual case: `mapValues`
            // keeps the hash table, so no key is hashed again.
            return values
        }
        var result = [String: S](minimumCapacity: map.count)
        if case .dictionary(let dictionary) = map {
            for (key, value) in dictionary {
                result[key] = try S.readPathValue(value) ?? scalarEntry(DecodingInputReader.node(from: value), as: type, key: key)
            }
        } else {
            try map.forEachEntry { key, child in
                result[key] = try scalarEntry(child, as: type, key: key)
            }
        }
        return result
    }

    /// Ends the short way of `unboxScalarEntries(_:as:)` at a value it cannot take as it is.
    private struct NotAReadPathValue: Error {}

    /// One value of a `[String: S]`: the single-value container's read, at the path with `key`.
    private func scalarEntry<S: DecodingScalar>(_ node: DecodingNode, as type: S.Type, key: String) throws -> S {
        let codingKey = DecoderCodingKey.string(key)
        guard !node.isNull, let value = try S.unboxScalar(node, in: self, at: codingKey) else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [codingKey], debugDescription: "Expected \(type) but found null value instead."
            ))
        }
        return value
    }
}
