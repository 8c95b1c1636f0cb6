import Foundation
import FirestoreModel

extension DecodingSession {
    /// Decodes a value of any type from `node`, as the SDK's `unbox_` does: `Date`, `Data`,
    /// `URL`, `Decimal` and `[String: V]` by their own rules (these give nil for null, which
    /// the caller turns into its null error); a stored `Timestamp`, `GeoPoint`,
    /// `DocumentReference` or `VectorValue` as itself when exactly that type is asked for;
    /// everything else through `T.init(from:)` with `node` as the value being decoded.
    func unbox<T: Decodable>(_ node: DecodingNode, as type: T.Type) throws -> T? {
        if let scalar = T.self as? any DecodingScalar.Type {
            // What `T.init(from:)` would do: read a single value, null being an error.
            if node.isNull { throw nullValue(type) }
            return try scalar.unboxScalar(node, in: self) as? T
        }
        if T.self == Date.self { return try unboxDate(node) as? T }
        if T.self == Data.self { return try unboxData(node) as? T }
        if T.self == URL.self { return try unboxURL(node) as? T }
        if T.self == Decimal.self { return try unboxDecimal(node) as? T }
        if let dictionaryType = T.self as? any DecodingStringKeyedDictionary.Type {
            return try dictionaryType.unboxEntries(node, in: self) as? T
        }
        if let passedThrough: T = passThrough(node) { return passedThrough }
        push(node)
        defer { pop() }
        return try T(from: self)
    }

    /// The stored value itself when it is of exactly the type asked for: the SDK's
    /// pass-through types (`Timestamp`, `GeoPoint`, `DocumentReference`, `VectorValue`).
    private func passThrough<T>(_ node: DecodingNode) -> T? {
        guard case .value(let value) = node else { return nil }
        switch value {
        case .timestamp(let timestamp): return timestamp as? T
        case .geoPoint(let point): return point as? T
        case .reference(let reference): return rooted(reference) as? T
        case .vector(let vector): return vector as? T
        default: return nil
        }
    }

    /// The reference as the snapshot being read hands it out: rooted in its database.
    private func rooted(_ reference: DocumentReference) -> DocumentReference {
        guard let database = options.readDatabase, reference.database != database else { return reference }
        return (try? DocumentReference(segments: reference.segments, database: database)) ?? reference
    }

    /// A `Date` by the date strategy; nil for null.
    func unboxDate(_ node: DecodingNode) throws -> Date? {
        if node.isNull { return nil }
        switch options.dateDecodingStrategy {
        case .timestamp:
            if case .value(.timestamp(let timestamp)) = node { return timestamp.dateValue() }
            push(node)
            defer { pop() }
            return try Timestamp(from: self).dateValue()
        case .deferredToDate:
            push(node)
            defer { pop() }
            return try Date(from: self)
        case .secondsSince1970:
            return try Date(timeIntervalSince1970: unboxNonNullDouble(node))
        case .millisecondsSince1970:
            return try Date(timeIntervalSince1970: unboxNonNullDouble(node) / 1000.0)
        case .iso8601:
            guard let date = try iso8601().date(from: unboxNonNullString(node)) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Expected date string to be ISO8601-formatted."
                ))
            }
            return date
        case .formatted(let formatter):
            guard let date = try formatter.date(from: unboxNonNullString(node)) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Date string does not match format expected by formatter."
                ))
            }
            return date
        case .custom(let read):
            push(node)
            defer { pop() }
            return try read(self)
        }
    }

    /// `Data` by the data strategy; nil for null.
    func unboxData(_ node: DecodingNode) throws -> Data? {
        if node.isNull { return nil }
        switch options.dataDecodingStrategy {
        case .blob:
            if case .value(.bytes(let data)) = node { return data }
            if case .value(.string(let string)) = node, let data = Data(base64Encoded: string) { return data }
            throw node.mismatch(expecting: Data.self, at: codingPath)
        case .base64:
            guard case .value(.string(let string)) = node else {
                throw node.mismatch(expecting: Data.self, at: codingPath)
            }
            guard let data = Data(base64Encoded: string) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."
                ))
            }
            return data
        case .deferredToData:
            push(node)
            defer { pop() }
            return try Data(from: self)
        case .custom(let read):
            push(node)
            defer { pop() }
            return try read(self)
        }
    }

    /// A `URL` from a string `URL(string:)` accepts; nil for null.
    func unboxURL(_ node: DecodingNode) throws -> URL? {
        guard let string = try String.unboxScalar(node, in: self) else { return nil }
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "Invalid URL string."
            ))
        }
        return url
    }

    /// A `Decimal`: a decimal input as it is, any other value read as a `Double` first;
    /// nil for null.
    func unboxDecimal(_ node: DecodingNode) throws -> Decimal? {
        if case .decimal(let decimal) = node { return decimal }
        return try Double.unboxScalar(node, in: self).map { Decimal($0) }
    }

    private func unboxNonNullDouble(_ node: DecodingNode) throws -> Double {
        guard let value = try Double.unboxScalar(node, in: self) else { throw nullValue(Double.self) }
        return value
    }

    private func unboxNonNullString(_ node: DecodingNode) throws -> String {
        guard let value = try String.unboxScalar(node, in: self) else { throw nullValue(String.self) }
        return value
    }
}

/// `[String: V]`, which the SDK decodes from a map with its keys verbatim (no key strategy),
/// pushing each key on the coding path; an entry whose value decodes to nothing (null for a
/// `Date`, `Data`, `URL`, `Decimal` or `[String: V]` value) is left out.
protocol DecodingStringKeyedDictionary {
    /// The dictionary in `node`; nil for null.
    static func unboxEntries(_ node: DecodingNode, in session: DecodingSession) throws -> Self?
}

extension Dictionary: DecodingStringKeyedDictionary where Key == String, Value: Decodable {
    static func unboxEntries(_ node: DecodingNode, in session: DecodingSession) throws -> [String: Value]? {
        if node.isNull { return nil }
        guard let map = node.mapView else {
            throw node.mismatch(expecting: Self.self, at: session.codingPath)
        }
        var result: [String: Value] = Dictionary(minimumCapacity: map.count)
        try map.forEachEntry { key, child in
            result[key] = try session.with(DecoderCodingKey(stringValue: key)) {
                try session.unbox(child, as: Value.self)
            }
        }
        return result
    }
}
