import Foundation
import FirestoreModel

extension DecodingSession {
    /// Decodes a value of any type from `node`, as the SDK's `unbox_` does: `Date`, `Data`,
    /// `URL`, `Decimal` and `[String: V]` by their own rules, a null being reported as
    /// `report` says; a stored `Timestamp`, `GeoPoint`, `DocumentReference` or `VectorValue`
    /// as itself when exactly that type is asked for; everything else (scalars included,
    /// which then meet the single-value container's null rule) through `T.init(from:)` with
    /// `node` as the value being decoded.
    ///
    /// The most common scalars (`String`, `Int`, `Double`, `Bool`, `Int64`) are read as their
    /// `init(from:)` reads them, through the single-value container, without the round trip.
    ///
    /// It returns `T`, not `T?`: unspecialized generic code would look up `Optional<T>`'s
    /// metadata at run time for every value.
    func unbox<T: Decodable>(_ node: DecodingNode, as type: T.Type, ifNull report: NullReport) throws -> T {
        if T.self == String.self { return try cast(singleValue(node, as: String.self), to: type) }
        if T.self == Int.self { return try cast(singleValue(node, as: Int.self), to: type) }
        if T.self == Double.self { return try cast(singleValue(node, as: Double.self), to: type) }
        if T.self == Bool.self { return try cast(singleValue(node, as: Bool.self), to: type) }
        if T.self == Int64.self { return try cast(singleValue(node, as: Int64.self), to: type) }
        if T.self == Date.self { return try present(unboxDate(node), as: type, ifNull: report) }
        if T.self == Data.self { return try present(unboxData(node), as: type, ifNull: report) }
        if T.self == URL.self { return try present(unboxURL(node), as: type, ifNull: report) }
        if T.self == Decimal.self { return try present(unboxDecimal(node), as: type, ifNull: report) }
        if case .value(let value) = node {
            switch value {
            case .timestamp(let timestamp) where T.self == Timestamp.self: return try cast(timestamp, to: type)
            case .geoPoint(let point) where T.self == GeoPoint.self: return try cast(point, to: type)
            case .reference(let reference) where T.self == DocumentReference.self: return try cast(rooted(reference), to: type)
            case .vector(let vector) where T.self == VectorValue.self: return try cast(vector, to: type)
            default: break
            }
        }
        if let collectionType = decodingCollectionType(T.self) {
            return try unboxCollection(node, as: collectionType, returning: type, ifNull: report)
        }
        return try decoding(node) { try T(from: self) }
    }

    /// A collection of type `C`, which is `T`, by `C.unboxCollection`.
    private func unboxCollection<C: DecodingCollection, T>(
        _ node: DecodingNode, as collectionType: C.Type, returning type: T.Type, ifNull report: NullReport
    ) throws -> T {
        try cast(C.unboxCollection(node, in: self, ifNull: report), to: type)
    }

    /// A scalar as the single-value container reads it from `node` (see `DecoderSingleValue`).
    private func singleValue<S: DecodingScalar>(_ node: DecodingNode, as type: S.Type) throws -> S {
        guard !node.isNull, let value = try S.unboxScalar(node, in: self, at: nil) else { throw nullValue(type) }
        return value
    }

    /// Whether `unbox` reads a null of this type as "no value" (the SDK's nil from `unbox`),
    /// which a `[String: V]` turns into a missing entry.
    func readsNullAsNoValue<T>(_ type: T.Type) -> Bool {
        T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self
            || decodingCollectionType(T.self)?.readsNullAsNoValue == true
    }

    /// The value read by a type's own rule, or the container's null error for "no value".
    private func present<V, T>(_ value: V?, as type: T.Type, ifNull report: NullReport) throws -> T {
        guard let value else { throw nullError(type, report) }
        return try cast(value, to: type)
    }

    /// `value` as `T`, which the caller has checked to be its type. Not `value as? T`: in
    /// unspecialized generic code that looks `Optional<T>`'s metadata up at run time.
    func cast<V, T>(_ value: V, to type: T.Type) throws -> T {
        guard V.self == T.self else {
            // Not reached: every caller compared `T.self` with the value's type first.
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(V.self) instead."
            ))
        }
        // Safe: `V` and `T` are one type (checked just above), so `value` is a `T` as it is;
        // the cast reinterprets nothing.
        return unsafeBitCast(value, to: T.self)
    }

    /// The null error a container reports for a type that reads null as "no value".
    func nullError(_ type: Any.Type, _ report: NullReport) -> DecodingError {
        switch report {
        case .topLevel:
            return DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: [], debugDescription: "The given data did not contain a top-level value."
            ))
        case .keyedValue:
            return DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."
            ))
        case .arrayElement(let index):
            return DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [DecoderCodingKey(index: index)],
                debugDescription: "Expected \(type) but found null instead."
            ))
        case .singleValue:
            return nullValue(type)
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
            return try decoding(node) { try Timestamp(from: self).dateValue() }
        case .deferredToDate:
            return try decoding(node) { try Date(from: self) }
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
            return try decoding(node) { try read(self) }
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
            return try decoding(node) { try Data(from: self) }
        case .custom(let read):
            return try decoding(node) { try read(self) }
        }
    }

    /// A `URL` from a string `URL(string:)` accepts; nil for null.
    func unboxURL(_ node: DecodingNode) throws -> URL? {
        guard let string = try String.unboxScalar(node, in: self, at: nil) else { return nil }
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "Invalid URL string."
            ))
        }
        return url
    }

    /// A `Decimal`: a decimal input as it is, any other value read as a `Double` first;
    /// nil for null. `Decimal(Double)` traps on ±∞ (the SDK would crash there too); this
    /// throws "Parsed JSON number inf does not fit in Decimal." instead. NaN gives `Decimal.nan`.
    func unboxDecimal(_ node: DecodingNode) throws -> Decimal? {
        if case .decimal(let decimal) = node { return decimal }
        guard let value = try Double.unboxScalar(node, in: self, at: nil) else { return nil }
        guard !value.isInfinite else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Parsed JSON number \(DecodingNumber(node)?.rendered ?? "\(value)") does not fit in Decimal."
            ))
        }
        return Decimal(value)
    }

    private func unboxNonNullDouble(_ node: DecodingNode) throws -> Double {
        guard let value = try Double.unboxScalar(node, in: self, at: nil) else { throw nullValue(Double.self) }
        return value
    }

    private func unboxNonNullString(_ node: DecodingNode) throws -> String {
        guard let value = try String.unboxScalar(node, in: self, at: nil) else { throw nullValue(String.self) }
        return value
    }
}
