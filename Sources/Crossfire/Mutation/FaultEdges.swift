import FirestoreModel

/// The corrupt values the mutator injects, simplest first.
enum FaultEdges {
    /// Strings `URL(string:)` rejects (with Swift 6 Foundation, which percent-encodes much
    /// that older versions refused).
    static let invalidURLs: [String] = [
        "", "http://a b", "http://[::1", "ht tp://x", "http://exa mple.com", "http://%zz", "http:// ",
        "http://ex[ample.com", "http://example.com:port",
    ]

    /// Strings that are not padded standard base64 and that `Data(base64Encoded:)` rejects
    /// too (Swift 6 Foundation accepts some invalid ones, such as `====` and `AQ=D`).
    static let invalidBase64: [String] = ["not base64!", "AQI", "A", "%%%%", "AQ==AQ==", "\u{1F642}", "AQ-_", "A===", " AQID", "AQID\n", "=AQI"]

    /// Strings that are not `#RRGGBB` or `#RRGGBBAA`.
    static let invalidHexColors: [String] = [
        "", "#", "#12345", "#1234567", "#123456789", "#GGHHII", "123456", "#12345678 ", " #123456", "#+12345",
        "#-12345", "#\u{FF11}\u{FF12}\u{FF13}\u{FF14}\u{FF15}\u{FF16}", "#12 456", "red", "#0x1234",
    ]

    /// Keys of an `[Int: V]` map that are not integers.
    static let invalidIntKeys: [String] = ["abc", "1.5", " 1", "1 ", "9223372036854775808", "-9223372036854775809", "1e3", "0x1F", "\u{661}", "a1"]

    /// Keys of an `[Int: V]` map that Swift's `Int(_:)` reads, but not in canonical form.
    static let nonCanonicalIntKeys: [String] = ["007", "+1", "-0", "00", "+0"]

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

    /// Geo points out of range or not finite.
    static let invalidGeoPoints: [GeoPoint] = [
        GeoPoint(latitude: 91, longitude: 0), GeoPoint(latitude: 0, longitude: 181), GeoPoint(latitude: -90.000001, longitude: 0),
        GeoPoint(latitude: .nan, longitude: 0), GeoPoint(latitude: 0, longitude: .infinity), GeoPoint(latitude: -.infinity, longitude: .nan),
    ]

    /// Numbers a `Float` cannot hold, the non-finite ones first.
    static let nonFiniteFloats: [Double] = [.nan, .infinity, -.infinity]
    /// Finite numbers beyond `Float.greatestFiniteMagnitude`.
    static let floatsOutOfRange: [Double] = [3.4028235677973366e38, -3.5e38, 1e39, Double.greatestFiniteMagnitude]

    /// String raw values no generated enum uses (a case is checked against the enum's own).
    static let unknownEnumStrings: [String] = ["unknownCase", "", "UNKNOWN", " ", "null", "0"]
    /// Int raw values tried for an unknown case.
    static let unknownEnumInts: [Int64] = [7777, -1, 0, 1, Int64.max, Int64.min]
}
