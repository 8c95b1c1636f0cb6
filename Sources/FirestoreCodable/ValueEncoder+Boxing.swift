import Foundation
import FirestoreModel

extension ValueEncoder {
    /// Encodes a value one step below this encoder; a value that writes nothing becomes
    /// an empty map, as in the SDK.
    func box<T: Encodable>(_ value: T, at step: EncodingPathStep?) throws -> EncodedValue {
        try boxIfEncoded(value, at: step) ?? .map(EncodedMap())
    }

    /// Encodes a value one step below this encoder, by the SDK's dispatch order: `Date`,
    /// `Data`, `URL`, `Decimal`, `[String: V]`, the pass-through Firestore types, then the
    /// value's own `encode(to:)`. Returns nil when that wrote nothing.
    func boxIfEncoded<T: Encodable>(_ value: T, at step: EncodingPathStep?) throws -> EncodedValue? {
        if let scalar = try boxScalar(value, at: step) { return scalar }
        if T.self == Date.self, let date = value as? Date { return try boxDate(date, at: step) }
        if T.self == Data.self, let data = value as? Data { return try boxData(data, at: step) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return .decimal(decimal) }
        // Every dictionary is one reference wide: the size test spares other types the
        // runtime's conformance lookup behind the cast.
        if MemoryLayout<T>.size == MemoryLayout<[String: Int]>.size, let dictionary = value as? any StringKeyedEncodableDictionary {
            return .map(try dictionary.encodeEntries(in: self, at: step))
        }
        if let passedThrough = passThrough(value) { return passedThrough }
        return try encodeInChild(at: step) { try value.encode(to: $0) }
    }

    /// The common scalars, without a round trip through `encode(to:)`.
    private func boxScalar<T: Encodable>(_ value: T, at step: EncodingPathStep?) throws -> EncodedValue? {
        if T.self == String.self, let string = value as? String { return .string(string) }
        if T.self == Int.self, let int = value as? Int { return .int(int) }
        if T.self == Double.self, let double = value as? Double { return try boxDouble(double, at: step) }
        if T.self == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if T.self == Int64.self, let int = value as? Int64 { return .int64(int) }
        if T.self == Float.self, let float = value as? Float { return try boxFloat(float, at: step) }
        return nil
    }

    /// The Firestore value types, which the SDK's encoder leaves untouched.
    private func passThrough<T>(_ value: T) -> EncodedValue? {
        if T.self == Timestamp.self, let timestamp = value as? Timestamp { return .timestamp(timestamp) }
        if T.self == GeoPoint.self, let point = value as? GeoPoint { return .geoPoint(point) }
        if T.self == DocumentReference.self, let reference = value as? DocumentReference { return .reference(reference) }
        if T.self == VectorValue.self, let vector = value as? VectorValue { return .vector(vector) }
        if T.self == FieldValue.self, let sentinel = value as? FieldValue { return .fieldValue(sentinel) }
        return nil
    }

    /// A `Float`, or the non-conforming-float strategy's answer for NaN and ±infinity.
    func boxFloat(_ value: Float, at step: EncodingPathStep?) throws -> EncodedValue {
        value.isFinite ? .float(value) : try boxNonConforming(value, at: step)
    }

    /// A `Double`, or the non-conforming-float strategy's answer for NaN and ±infinity.
    func boxDouble(_ value: Double, at step: EncodingPathStep?) throws -> EncodedValue {
        value.isFinite ? .double(value) : try boxNonConforming(value, at: step)
    }

    private func boxNonConforming<F: BinaryFloatingPoint>(_ value: F, at step: EncodingPathStep?) throws -> EncodedValue {
        guard case let .convertToString(positiveInfinity, negativeInfinity, nan) =
            context.options.nonConformingFloatEncodingStrategy
        else {
            let name: String
            if value == F.infinity {
                name = "\(F.self).infinity"
            } else if value == -F.infinity {
                name = "-\(F.self).infinity"
            } else {
                name = "\(F.self).nan"
            }
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath(appending: step),
                debugDescription: "Unable to encode \(name) directly in JSON. Use "
                    + "JSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the value should be encoded."
            ))
        }
        if value == F.infinity { return .string(positiveInfinity) }
        if value == -F.infinity { return .string(negativeInfinity) }
        return .string(nan)
    }

    /// A `Date` by the date strategy. Unlike `Float`/`Double`, the numeric strategies do
    /// not check for NaN, as in the SDK.
    private func boxDate(_ date: Date, at step: EncodingPathStep?) throws -> EncodedValue {
        switch context.options.dateEncodingStrategy {
        case .timestamp:
            return .timestamp(Timestamp(date: date))
        case .deferredToDate:
            return try encodeInChild(at: step) { try date.encode(to: $0) } ?? .map(EncodedMap())
        case .secondsSince1970:
            return .double(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            return .double(1000.0 * date.timeIntervalSince1970)
        case .iso8601:
            return .string(date.formatted(.iso8601))
        case .formatted(let formatter):
            return .string(formatter.string(from: date))
        case .custom(let closure):
            return try encodeInChild(at: step) { try closure(date, $0) } ?? .map(EncodedMap())
        }
    }

    /// `Data` by the data strategy.
    private func boxData(_ data: Data, at step: EncodingPathStep?) throws -> EncodedValue {
        switch context.options.dataEncodingStrategy {
        case .blob:
            return .data(data)
        case .base64:
            return .string(data.base64EncodedString())
        case .deferredToData:
            return try encodeInChild(at: step) { try data.encode(to: $0) } ?? .map(EncodedMap())
        case .custom(let closure):
            return try encodeInChild(at: step) { try closure(data, $0) } ?? .map(EncodedMap())
        }
    }
}

/// A `[String: V]` dictionary, which the SDK's encoder writes as a map with its keys
/// verbatim (never through the key strategy).
protocol StringKeyedEncodableDictionary {
    /// Encodes every entry one step below `encoder`.
    func encodeEntries(in encoder: ValueEncoder, at step: EncodingPathStep?) throws -> EncodedMap
}

extension Dictionary: StringKeyedEncodableDictionary where Key == String, Value: Encodable {
    func encodeEntries(in encoder: ValueEncoder, at step: EncodingPathStep?) throws -> EncodedMap {
        let map = EncodedMap(capacity: count)
        var dictionaryEncoder = encoder.takeChild(at: step)
        defer { encoder.recycle(&dictionaryEncoder) }
        for (key, value) in self {
            map.set(try dictionaryEncoder.box(value, at: .dictionaryKey(key)), forKey: key)
        }
        return map
    }
}
