import FirestoreModel
import Foundation
import ModelSchema

/// What a stored value or model value becomes as a Swift value of its field type, for
/// telling which set elements and dictionary keys Swift would merge: `-0.0 == 0.0`,
/// canonically equivalent strings are equal, two doubles that round to one `Float` are
/// one `Float`. NaN has no key (a set of NaNs is ill-defined, so generators leave NaN out).
enum SwiftEquivalenceKey: Hashable {
    case null
    case string(String)
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case float(Float)
    case double(Double)
    case decimal(Decimal)
    case codePoints([UInt8])
    case data(Data)
    case timestamp(Timestamp)
    case geoPoint(Double, Double)
    case color(RGBAColor)
    case enumCase(String)

    /// The key of a stored value read as `type`; nil for NaN and for values that are not
    /// scalars of that type.
    init?(stored value: FirestoreValue, as type: FieldType) {
        switch (type, value) {
        case (.optional, .null): self = .null
        case (.optional(let inner), _): self.init(stored: value, as: inner)
        case (.string, .string(let text)): self = .string(text)
        case (.bool, .boolean(let flag)): self = .bool(flag)
        case (.integer, .integer(let number)): self = .int(number)
        case (.integer, .double(let number)), (.enumeration, .double(let number)):
            // An integral double is another encoding of an integer (and of an `Int` raw value).
            guard let exact = Int64(exactly: number) else { return nil }
            self = .int(exact)
        case (.float, _):
            guard let number = SwiftEquivalenceKey.number(value), !number.isNaN else { return nil }
            self = .float(Float(number))
        case (.double, _):
            guard let number = SwiftEquivalenceKey.number(value), !number.isNaN else { return nil }
            self = .double(number)
        case (.decimal, _):
            guard let number = SwiftEquivalenceKey.number(value), number.isFinite else { return nil }
            self = .decimal(Decimal(number))
        case (.date, .timestamp(let stamp)): self = .double(stamp.dateValue().timeIntervalSinceReferenceDate)
        case (.timestamp, .timestamp(let stamp)): self = .timestamp(stamp)
        case (.date, .map), (.timestamp, .map), (.geoPoint, .map), (.data, .string):
            // Another encoding the SDK accepts: the key of the value it stands for.
            guard let canonical = SwiftEquivalenceKey.canonical(value, as: type) else { return nil }
            self.init(stored: canonical, as: type)
        case (.url, .string(let text)), (.hexColor, .string(let text)): self = .codePoints(Array(text.utf8))
        case (.data, .bytes(let bytes)): self = .data(bytes)
        case (.geoPoint, .geoPoint(let point)): self = .geoPoint(point.latitude, point.longitude)
        case (.documentReference, .reference(let reference)): self = .codePoints(Array(reference.path.utf8))
        case (.enumeration, .string(let raw)): self = .codePoints(Array(raw.utf8))
        case (.enumeration, .integer(let raw)): self = .int(raw)
        case (.enumeration, .map(let map)): self = .codePoints(Array((map.keys.first ?? "").utf8))
        default: return nil
        }
    }

    /// The value an other encoding of `type` stands for: a timestamp for a `{seconds, nanoseconds}`
    /// map, a geo point for a `{latitude, longitude}` map, bytes for a base64 string.
    private static func canonical(_ value: FirestoreValue, as type: FieldType) -> FirestoreValue? {
        switch (type, value) {
        case let (.date, .map(map)), let (.timestamp, .map(map)):
            guard case .integer(let seconds)? = map["seconds"], case .integer(let nanoseconds)? = map["nanoseconds"],
                  let nanos = Int32(exactly: nanoseconds) else { return nil }
            return .timestamp(Timestamp(seconds: seconds, nanoseconds: nanos))
        case let (.geoPoint, .map(map)):
            guard case .double(let latitude)? = map["latitude"], case .double(let longitude)? = map["longitude"] else { return nil }
            return .geoPoint(GeoPoint(latitude: latitude, longitude: longitude))
        case let (.data, .string(text)):
            return Data(base64Encoded: text).map(FirestoreValue.bytes)
        default:
            return nil
        }
    }

    /// The key of a model value; nil for NaN.
    init?(model value: ModelValue) {
        switch value {
        case .null: self = .null
        case .string(let text): self = .string(text)
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .uint(let number): self = .uint(number)
        case .float(let number):
            guard !number.isNaN else { return nil }
            self = .float(number)
        case .double(let number):
            guard !number.isNaN else { return nil }
            self = .double(number)
        case .decimal(let number):
            guard !number.isNaN else { return nil }
            self = .decimal(number)
        case .date(let date): self = .double(date.timeIntervalSinceReferenceDate)
        case .url(let url): self = .codePoints(Array(url.absoluteString.utf8))
        case .data(let bytes): self = .data(bytes)
        case .timestamp(let stamp): self = .timestamp(stamp)
        case .geoPoint(let point): self = .geoPoint(point.latitude, point.longitude)
        case .reference(let reference): self = .codePoints(Array(reference.path.utf8))
        case .color(let color): self = .color(color)
        case .enumCase(let name): self = .enumCase(name)
        case .structure, .array, .set, .dictionary: return nil
        }
    }

    private static func number(_ value: FirestoreValue) -> Double? {
        switch value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: return nil
        }
    }
}
