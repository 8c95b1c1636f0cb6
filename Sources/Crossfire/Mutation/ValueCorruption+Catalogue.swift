import FirestoreModel
import ModelSchema

/// The value corruptions, one entry per Swift type that has one, with the edge values each
/// draws from; and, for the type families that have none, why (the coverage grid's reason for
/// their `corrupted` cell). A new corruption is one entry here, its `FaultKind` case, and its
/// check in the mutator's tests.
extension ValueCorruption {
    /// Every value corruption, at most one per Swift type.
    static let catalogue: [ValueCorruption] = [integer, float, decimal, url, base64, hexColor, timestamp, geoPoint, enumCase]

    /// Why a type family has no corrupt value of its own Firestore kind; nil for one that has
    /// (a family of this catalogue, or a collection the mutator corrupts as a whole).
    static func noCorruptionReason(_ family: TypeFamily) -> String? {
        switch family {
        case .integer, .float, .decimal, .url, .data, .color, .date, .timestamp, .geoPoint, .rawEnum, .caseEnum, .set,
             .intDictionary, .enumDictionary:
            return nil
        case .string: return "every Firestore string is a valid String"
        case .bool: return "every Firestore boolean is a valid Bool"
        case .double: return "every Firestore number is a valid Double"
        case .documentReference: return "every stored reference is a valid DocumentReference"
        case .structure: return "a struct's own faults are missing and unknown keys; its fields' faults are theirs"
        case .array: return "an array's faults are its elements' (and nested arrays)"
        case .stringDictionary: return "any string is a valid key of a [String: V]; its values' faults are theirs"
        }
    }

    /// A fractional number, or one outside the integer type's range.
    static let integer = ValueCorruption(
        accepts: { type, value in
            if case .integer = type, case .integer = value { return true }
            return false
        },
        corrupt: { site, _, source in
            guard case .integer(let integerType) = site.type.unwrapped, case .integer(let number) = site.value else { return nil }
            if source.bool(probability: 0.5) {
                let fraction = number.magnitude < 1 << 52 ? Double(number) + 0.5 : 0.5
                return (.fractionalNumber(integerType), .double(fraction))
            }
            return (.integerOutOfRange(integerType), source.choose(from: outOfRange(integerType)) ?? .integer(-1))
        })

    /// Values outside an integer type's range: just past each end for narrow types, and
    /// doubles beyond ±2⁶³ (or −1) for the 64-bit ones.
    static func outOfRange(_ type: IntegerType) -> [FirestoreValue] {
        switch (type.bitWidth, type.isSigned) {
        case (64, true):
            return [.double(9_223_372_036_854_775_808.0), .double(-9_223_372_036_854_777_856.0), .double(1e19)]
        case (64, false):
            return [.integer(-1), .integer(Int64.min), .double(18_446_744_073_709_551_616.0)]
        default:
            return [.integer(Int64(type.maximum) + 1), .integer(type.minimum - 1)]
        }
    }

    /// NaN or ±Infinity, or a finite number beyond `Float.greatestFiniteMagnitude`, for a `Float`.
    static let float = ValueCorruption(
        accepts: { type, value in
            switch (type, value) {
            case (.float, .double), (.float, .integer): return true
            default: return false
            }
        },
        corrupt: { _, _, source in
            if source.bool(probability: 0.5) {
                return (.nonFiniteFloat, .double(source.choose(from: nonFiniteFloats) ?? .nan))
            }
            return (.floatOutOfRange, .double(source.choose(from: floatsOutOfRange) ?? 1e39))
        })

    /// Numbers a `Float` cannot hold, the non-finite ones first.
    static let nonFiniteFloats: [Double] = [.nan, .infinity, -.infinity]
    /// Finite numbers beyond `Float.greatestFiniteMagnitude`.
    static let floatsOutOfRange: [Double] = [3.4028235677973366e38, -3.5e38, 1e39, Double.greatestFiniteMagnitude]

    /// NaN or ±Infinity where a `Decimal` is stored (as a double, the SDK's rule): Firestore
    /// stores both, but `Decimal(Double)` traps on ±Infinity — the SDK crashes there, and a
    /// mapper must refuse it — and turns NaN into `Decimal.nan`, which a mapper that goes
    /// through `NSNumber` or checks for finite numbers may refuse or replace by zero.
    static let decimal = ValueCorruption(
        accepts: { type, value in type == .decimal && (value.kind == .double || value.kind == .integer) },
        corrupt: { _, _, source in (.nonFiniteDecimal, .double(source.choose(from: nonFiniteDecimals) ?? .infinity)) })

    /// Numbers a `Decimal` cannot be made from, or only as `Decimal.nan`.
    static let nonFiniteDecimals: [Double] = [.infinity, -.infinity, .nan]

    /// A string `URL(string:)` rejects.
    static let url = ValueCorruption(
        accepts: { type, value in type == .url && value.kind == .string },
        corrupt: { _, _, source in (.invalidURL, .string(source.choose(from: invalidURLs) ?? "")) })

    /// Strings `URL(string:)` rejects (with Swift 6 Foundation, which percent-encodes much
    /// that older versions refused).
    static let invalidURLs: [String] = [
        "", "http://a b", "http://[::1", "ht tp://x", "http://exa mple.com", "http://%zz", "http:// ",
        "http://ex[ample.com", "http://example.com:port",
    ]

    /// A string that is not base64, where `Data` is stored as bytes.
    static let base64 = ValueCorruption(
        accepts: { type, value in type == .data && value.kind == .bytes },
        corrupt: { _, _, source in (.invalidBase64, .string(source.choose(from: invalidBase64) ?? "AQI")) })

    /// Strings that are not padded standard base64 and that `Data(base64Encoded:)` rejects
    /// too (Swift 6 Foundation accepts some invalid ones, such as `====` and `AQ=D`).
    static let invalidBase64: [String] = ["not base64!", "AQI", "A", "%%%%", "AQ==AQ==", "\u{1F642}", "AQ-_", "A===", " AQID", "AQID\n", "=AQI"]

    /// A string that is not `#RRGGBB` or `#RRGGBBAA`.
    static let hexColor = ValueCorruption(
        accepts: { type, value in type == .hexColor && value.kind == .string },
        corrupt: { _, _, source in (.invalidHexColor, .string(source.choose(from: invalidHexColors) ?? "#12345")) })

    /// Strings that are not `#RRGGBB` or `#RRGGBBAA`.
    static let invalidHexColors: [String] = [
        "", "#", "#12345", "#1234567", "#123456789", "#GGHHII", "123456", "#12345678 ", " #123456", "#+12345",
        "#-12345", "#\u{FF11}\u{FF12}\u{FF13}\u{FF14}\u{FF15}\u{FF16}", "#12 456", "red", "#0x1234",
    ]

    /// A timestamp (or, three times in ten, a `{seconds, nanoseconds}` map) outside Firestore's
    /// range, for a `Date` or a `Timestamp`.
    static let timestamp = ValueCorruption(
        accepts: { type, value in (type == .date || type == .timestamp) && value.kind == .timestamp },
        corrupt: { _, _, source in
            let stamp = source.choose(from: timestampsOutOfRange) ?? Timestamp(seconds: Int64.max, nanoseconds: 0)
            if source.bool(probability: 0.3) {
                return (.timestampOutOfRange, .map(["seconds": .integer(stamp.seconds), "nanoseconds": .integer(Int64(stamp.nanoseconds))]))
            }
            return (.timestampOutOfRange, .timestamp(stamp))
        })

    /// Timestamps outside Firestore's range.
    static let timestampsOutOfRange: [Timestamp] = [
        Timestamp(seconds: Timestamp.endSeconds, nanoseconds: 0),
        Timestamp(seconds: Timestamp.minimumSeconds - 1, nanoseconds: 999_999_999),
        Timestamp(seconds: 0, nanoseconds: 1_000_000_000),
        Timestamp(seconds: 0, nanoseconds: -1),
        Timestamp(seconds: Int64.max, nanoseconds: 0),
        Timestamp(seconds: Int64.min, nanoseconds: 0),
        Timestamp(seconds: -62_135_769_600, nanoseconds: 0),
    ]

    /// A geo point outside ±90° / ±180° or not finite.
    static let geoPoint = ValueCorruption(
        accepts: { type, value in type == .geoPoint && value.kind == .geoPoint },
        corrupt: { _, _, source in
            (.invalidGeoPoint, .geoPoint(source.choose(from: invalidGeoPoints) ?? GeoPoint(latitude: 91, longitude: 0)))
        })

    /// Geo points out of range or not finite.
    static let invalidGeoPoints: [GeoPoint] = [
        GeoPoint(latitude: 91, longitude: 0), GeoPoint(latitude: 0, longitude: 181), GeoPoint(latitude: -90.000001, longitude: 0),
        GeoPoint(latitude: .nan, longitude: 0), GeoPoint(latitude: 0, longitude: .infinity), GeoPoint(latitude: -.infinity, longitude: .nan),
    ]

    /// A raw value (or case key) that is no case of the enum.
    static let enumCase = ValueCorruption(
        accepts: { type, value in
            guard case .enumeration = type else { return false }
            return value.kind == .string || value.kind == .integer || value.kind == .map
        },
        corrupt: { site, mutator, source in
            guard case .enumeration(let name) = site.type.unwrapped, let enumSchema = mutator.index.enumSchema(named: name) else { return nil }
            return (.unknownEnumValue, mutator.unknownCase(of: enumSchema, from: &source))
        })

    /// String raw values no generated enum uses (a case is checked against the enum's own).
    static let unknownEnumStrings: [String] = ["unknownCase", "", "UNKNOWN", " ", "null", "0"]
    /// Int raw values tried for an unknown case.
    static let unknownEnumInts: [Int64] = [7777, -1, 0, 1, Int64.max, Int64.min]
}
