import FirestoreModel
import Foundation
import ModelSchema

/// Edge values of each scalar type, simplest first: the limits, the special floating-point
/// values, the boundaries where conversions lose precision.
enum ScalarEdges {
    /// Integer edges of a width, widened to `Int64` when they fit it (Firestore stores
    /// signed 64-bit integers); `UInt64` values beyond `Int64.max` are in `unsignedBeyondInt64`.
    static func integers(_ type: IntegerType) -> [Int64] {
        switch type {
        case .int8: return int8
        case .int16: return int16
        case .int32: return int32
        case .int, .int64: return int64
        case .uint8: return uint8
        case .uint16: return uint16
        case .uint32: return uint32
        case .uint, .uint64: return uint64
        }
    }

    private static func signed(_ type: IntegerType) -> [Int64] {
        let minimum = type.minimum
        let maximum = Int64(type.maximum)
        return [0, 1, -1, minimum, maximum, minimum + 1, maximum - 1]
    }

    private static func unsigned(_ type: IntegerType) -> [Int64] {
        let maximum = Int64(clamping: type.maximum)
        return [0, 1, maximum, maximum - 1]
    }

    private static let int8 = signed(.int8)
    private static let int16 = signed(.int16) + [128, -129, 255]
    private static let int32 = signed(.int32) + [32_768, -32_769, 65_535]
    private static let int64 = signed(.int64) + [
        1 << 53, (1 << 53) + 1, -(1 << 53), -(1 << 53) - 1, 1 << 31, -(1 << 31) - 1, 1 << 32, 4_294_967_295,
    ]
    private static let uint8 = unsigned(.uint8) + [127, 128]
    private static let uint16 = unsigned(.uint16) + [255, 256, 32_768]
    private static let uint32 = unsigned(.uint32) + [65_535, 65_536, 2_147_483_648]
    private static let uint64 = unsigned(.uint64) + [1 << 53, (1 << 53) + 1, 4_294_967_296]

    /// `UInt64` and `UInt` values a Swift model can hold but Firestore cannot store.
    static let unsignedBeyondInt64: [UInt64] = [UInt64(Int64.max) + 1, UInt64.max, UInt64.max - 1]

    /// `Double` edges; the non-finite ones are at the end, from `firstNonFiniteDouble` on.
    static let doubles: [Double] = [
        0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1e-7, 123.456, 42.0, 9_007_199_254_740_992.0, 9_007_199_254_740_994.0,
        -9_007_199_254_740_992.0, 9_223_372_036_854_775_808.0, -9_223_372_036_854_775_808.0, 18_446_744_073_709_551_616.0,
        Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude,
        -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, 1e308, 1e-308,
        Double(Float.greatestFiniteMagnitude), 3.4028235677973366e38, Double(Float.leastNonzeroMagnitude), 1e39,
        Double.nan, Double.infinity, -Double.infinity, Double(bitPattern: 0x7FF4_0000_0000_0001), -Double.nan,
    ]
    /// Where the non-finite values start in `doubles`.
    static let firstNonFiniteDouble = doubles.firstIndex { !$0.isFinite } ?? doubles.count

    /// `Float` edges; the non-finite ones at the end, from `firstNonFiniteFloat` on.
    static let floats: [Float] = [
        0, -0.0, 1, -1, 0.5, 0.1, 16_777_216, 16_777_215, Float.greatestFiniteMagnitude, -Float.greatestFiniteMagnitude,
        Float.leastNonzeroMagnitude, -Float.leastNonzeroMagnitude, Float.leastNormalMagnitude, 3.14159, 1e-30,
        Float.nan, Float.infinity, -Float.infinity,
    ]
    /// Where the non-finite values start in `floats`.
    static let firstNonFiniteFloat = floats.firstIndex { !$0.isFinite } ?? floats.count

    /// `Decimal` edges for model values (all but NaN survive a write as doubles).
    static let decimals: [Decimal] = [
        Decimal(0), Decimal(1), Decimal(-1), Decimal(string: "0.1"), Decimal(string: "-1.5"), Decimal(string: "3.14159265358979323846"),
        Decimal(string: "123456789012345678901234567890"), Decimal(string: "1e-20"), Decimal(string: "9007199254740993"),
        Decimal.greatestFiniteMagnitude, Decimal.leastFiniteMagnitude, Decimal.leastNonzeroMagnitude, Decimal.nan,
    ].compactMap { $0 }

    /// Doubles stored for `Decimal` fields (what a `Decimal` becomes when written).
    static let decimalDoubles: [Double] = [0, 1, -1, 0.1, -1.5, 3.141592653589793, 1.2345678901234568e29, 1e-20, 9_007_199_254_740_992, -0.0]

    /// Timestamps at the edges of Firestore's range and of `Date` precision (µs-aligned
    /// except where noted by `nanosecondTimestamps`).
    static let timestamps: [Timestamp] = [
        Timestamp(seconds: 0, nanoseconds: 0),
        Timestamp(seconds: -1, nanoseconds: 999_999_000),
        Timestamp(seconds: 0, nanoseconds: 1000),
        Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 0),
        Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_000),
        Timestamp(seconds: 1_570_484_031, nanoseconds: 123_000_000),
        Timestamp(seconds: 2_147_483_647, nanoseconds: 0),
        Timestamp(seconds: 2_147_483_648, nanoseconds: 500_000),
        Timestamp(seconds: 1_709_208_000, nanoseconds: 0),
        Timestamp(seconds: -1_000_000_000, nanoseconds: 1000),
        Timestamp(seconds: 32_503_680_000, nanoseconds: 999_999_000),
    ]

    /// Timestamps with nanoseconds below a microsecond, for model values (a write truncates them).
    static let nanosecondTimestamps: [Timestamp] = [
        Timestamp(seconds: 0, nanoseconds: 1),
        Timestamp(seconds: 1_570_484_031, nanoseconds: 122_999_906),
        Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_999),
    ]

    /// Dates for model values: in Firestore's range or not (`distantPast` fails on write).
    static let dates: [Date] = [
        Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.5), Date(timeIntervalSince1970: 1_570_484_031.123),
        Date(timeIntervalSince1970: 0.000_000_1), Date(timeIntervalSinceReferenceDate: 0), Date.distantFuture,
        Date.distantPast, Date(timeIntervalSince1970: Double(Timestamp.minimumSeconds)),
        Date(timeIntervalSince1970: Double(Timestamp.endSeconds) - 0.000_001),
    ]

    /// The seconds either side of 1970 within which `dateBelowMicrosecondBoundary()` draws:
    /// about fifty years (1919 to 2020).
    static let decadesOf1970: Int64 = 1_600_000_000
    /// The seconds from 1970 to 2001, the epoch of `Date`'s own count.
    static let secondsFrom1970To2001: Int64 = 978_307_200

    /// URL strings that `URL(string:)` accepts, the first ones kept as written, the last
    /// ones normalised by it (percent-encoding, IDNA).
    static let urls: [String] = [
        "https://example.com", "https://example.com/", "http://example.com/a/b?c=d&e=f#g",
        "https://user:pass@example.com:8080/path", "mailto:someone@example.com", "file:///tmp/a%20b.txt",
        "urn:isbn:0451450523", "a", "/relative/path", "https://example.com/%E2%9C%93", "data:text/plain;base64,SGVsbG8=",
        "https://[::1]:80/", "HTTPS://EXAMPLE.COM/UPPER", "tel:+1-201-555-0123", "about:blank", "https://example.com/?q=a+b",
        "//example.com/path", "..", "#", "https://example.com/\u{E9}", "https://\u{4F8B}\u{3048}.jp/\u{30D1}\u{30B9}", "a b",
    ]

    /// Characters for generated URL paths: unreserved ASCII.
    static let urlPathCharacters: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyz0123456789-._~".unicodeScalars)

    /// Byte strings at the edges.
    static let bytes: [Data] = [
        Data(), Data([0]), Data([1, 2, 3]), Data([0xFF, 0xFF, 0xFF, 0xFF]), Data([0, 1, 2, 3, 4, 5]),
        Data("Man".utf8), Data(repeating: 0xAB, count: 1500),
    ]

    /// Geo points at the edges of their range.
    static let geoPoints: [GeoPoint] = [
        GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: -0.0, longitude: -0.0), GeoPoint(latitude: 90, longitude: 180),
        GeoPoint(latitude: -90, longitude: -180), GeoPoint(latitude: 90, longitude: -180), GeoPoint(latitude: 51.5, longitude: -0.1275),
        GeoPoint(latitude: 1e-300, longitude: Double.leastNonzeroMagnitude),
    ]

    /// Document and collection IDs at the edges; each passes `DocumentReference.problem(withID:)`.
    static let documentIDs: [String] = [
        "a", "A", "0", "a b", "a.b", "...", "..a", "__a", "a__", "\u{540D}\u{524D}", "\u{1F600}", "\u{E9}", "e\u{301}",
        "%2F", "'", "\u{202E}x", "Index 1", String(repeating: "x", count: 1500),
    ]

    /// Colors at the edges.
    static let colors: [RGBAColor] = [
        RGBAColor(red: 0, green: 0, blue: 0), RGBAColor(red: 255, green: 255, blue: 255),
        RGBAColor(red: 0, green: 0, blue: 0, alpha: 0), RGBAColor(red: 255, green: 255, blue: 255, alpha: 255),
        RGBAColor(red: 255, green: 0, blue: 255, alpha: 128), RGBAColor(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78),
    ]
}
