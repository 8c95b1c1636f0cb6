import Foundation
import FirestoreModel

extension EncodingSession {
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
        if let date = exactly(value, as: Date.self) { return try boxDate(date, at: step) }
        if let data = exactly(value, as: Data.self) { return try boxData(data, at: step) }
        if let url = exactly(value, as: URL.self) { return .string(url.absoluteString) }
        if let decimal = exactly(value, as: Decimal.self) { return .decimal(decimal) }
        // Every array and dictionary is one reference wide: the size test spares other types
        // the runtime's conformance lookup behind the cast.
        if MemoryLayout<T>.size == MemoryLayout<[Int]>.size, let collection = value as? any EncodingCollection {
            return try collection.encodeCollection(in: self, at: step)
        }
        if let passedThrough = passThrough(value) { return passedThrough }
        return try encodeInChild(at: step) { try value.encode(to: $0) }
    }

    /// The common scalars, without a round trip through `encode(to:)`.
    private func boxScalar<T: Encodable>(_ value: T, at step: EncodingPathStep?) throws -> EncodedValue? {
        if let string = exactly(value, as: String.self) { return .string(string) }
        if let int = exactly(value, as: Int.self) { return .int(int) }
        if let double = exactly(value, as: Double.self) { return try boxDouble(double, at: step) }
        if let bool = exactly(value, as: Bool.self) { return .bool(bool) }
        if let int = exactly(value, as: Int64.self) { return .int64(int) }
        if let float = exactly(value, as: Float.self) { return try boxFloat(float, at: step) }
        return nil
    }

    /// The Firestore value types, which the SDK's encoder leaves untouched.
    private func passThrough<T>(_ value: T) -> EncodedValue? {
        if let timestamp = exactly(value, as: Timestamp.self) { return .timestamp(timestamp) }
        if let point = exactly(value, as: GeoPoint.self) { return .geoPoint(point) }
        if let reference = exactly(value, as: DocumentReference.self) { return .reference(reference) }
        if let vector = exactly(value, as: VectorValue.self) { return .vector(vector) }
        if let sentinel = exactly(value, as: FieldValue.self) { return .fieldValue(sentinel) }
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
