import Foundation
import Testing
@testable import FirestoreModel

@Suite("Timestamp")
struct TimestampTests {
    @Test func dateConversionTruncatesLikeTheSDK() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = try #require(formatter.date(from: "2019-10-07T21:33:51.123Z"))
        let timestamp = Timestamp(date: date)
        #expect(timestamp.seconds == 1_570_484_031)
        #expect(timestamp.nanoseconds == 122_999_906)
    }

    @Test func negativeFractionsBorrowASecond() {
        #expect(Timestamp(date: Date(timeIntervalSince1970: -0.5)) == Timestamp(seconds: -1, nanoseconds: 500_000_000))
        #expect(Timestamp(date: Date(timeIntervalSince1970: -1.25)) == Timestamp(seconds: -2, nanoseconds: 750_000_000))
        #expect(Timestamp(date: Date(timeIntervalSince1970: -2)) == Timestamp(seconds: -2, nanoseconds: 0))
        #expect(Timestamp(date: Date(timeIntervalSince1970: 0)) == Timestamp(seconds: 0, nanoseconds: 0))
    }

    @Test func extremeDatesNeverTrap() {
        #expect(!Timestamp(date: .distantPast).isValid)
        #expect(Timestamp(date: .distantPast).seconds == -62_135_769_600)
        #expect(Timestamp(date: Date(timeIntervalSince1970: .infinity)).seconds == Int64.max)
        #expect(Timestamp(date: Date(timeIntervalSince1970: -.infinity)).seconds == Int64.min)
        #expect(Timestamp(date: Date(timeIntervalSince1970: 1e300)).seconds == Int64.max)
        #expect(Timestamp(date: Date(timeIntervalSince1970: .nan)).nanoseconds == 0)
    }

    @Test func rangeAndTruncation() {
        #expect(Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 0).isValid)
        #expect(!Timestamp(seconds: Timestamp.minimumSeconds - 1, nanoseconds: 999_999_999).isValid)
        #expect(Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_999).isValid)
        #expect(!Timestamp(seconds: Timestamp.endSeconds, nanoseconds: 0).isValid)
        #expect(!Timestamp(seconds: 0, nanoseconds: -1).isValid)
        #expect(!Timestamp(seconds: 0, nanoseconds: 1_000_000_000).isValid)
        #expect(Timestamp(seconds: 1, nanoseconds: 123_456_789).truncatedToMicroseconds() == Timestamp(seconds: 1, nanoseconds: 123_456_000))
        #expect(Timestamp(seconds: -1, nanoseconds: 999).truncatedToMicroseconds() == Timestamp(seconds: -1, nanoseconds: 0))
        #expect(Timestamp(seconds: 1, nanoseconds: 0) < Timestamp(seconds: 1, nanoseconds: 1))
        #expect(Timestamp(seconds: 1, nanoseconds: 500_000_000).dateValue().timeIntervalSince1970 == 1.5)
    }

    @Test(arguments: [
        ("2014-10-02T15:01:23.045123456Z", Int64(1_412_262_083), Int32(45_123_456)),
        ("2014-10-02T15:01:23Z", 1_412_262_083, 0),
        ("2014-10-02T15:01:23.1Z", 1_412_262_083, 100_000_000),
        ("2014-10-02T15:01:23.045Z", 1_412_262_083, 45_000_000),
        ("2014-10-02T15:01:23.000001Z", 1_412_262_083, 1_000),
        ("2014-10-02t15:01:23z", 1_412_262_083, 0),
        ("2014-10-02T17:31:23+02:30", 1_412_262_083, 0),
        ("2014-10-02T09:01:23.5-06:00", 1_412_262_083, 500_000_000),
        ("1970-01-01T00:00:00Z", 0, 0),
        ("1969-12-31T23:59:59.999999999Z", -1, 999_999_999),
        ("2020-02-29T00:00:00Z", 1_582_934_400, 0),
        ("0001-01-01T00:00:00Z", -62_135_596_800, 0),
        ("9999-12-31T23:59:59.999999999Z", 253_402_300_799, 999_999_999),
        ("0001-01-01T01:00:00+01:00", -62_135_596_800, 0),
    ])
    func parsesRFC3339(text: String, seconds: Int64, nanoseconds: Int32) throws {
        let timestamp = try Timestamp(rfc3339: text)
        #expect(timestamp == Timestamp(seconds: seconds, nanoseconds: nanoseconds))
    }

    @Test(arguments: [
        "2014-10-02T15:01:23.0451234567Z", "2014-10-02T15:01:23.Z", "2014-10-02T15:01:23", "2014-10-02 15:01:23Z",
        "2019-02-29T00:00:00Z", "2014-13-01T00:00:00Z", "2014-00-01T00:00:00Z", "2014-10-32T00:00:00Z",
        "2014-10-02T24:00:00Z", "2014-10-02T23:60:00Z", "2014-10-02T23:59:60Z", "2014-10-02T15:01:23+24:00",
        "2014-10-02T15:01:23+0200", "0000-12-31T23:59:59Z", "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01",
        "10000-01-01T00:00:00Z", "2014-10-02T15:01:23Zjunk", "", "14-10-02T15:01:23Z",
    ])
    func rejectsMalformedOrOutOfRangeRFC3339(text: String) {
        #expect(throws: Timestamp.RFC3339Error.self) { try Timestamp(rfc3339: text) }
    }

    @Test func errorSaysWhatIsWrong() {
        do {
            _ = try Timestamp(rfc3339: "2019-02-29T00:00:00Z")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == "day 29 out of range")
            #expect(error.description == "invalid RFC 3339 timestamp \"2019-02-29T00:00:00Z\": day 29 out of range")
        }
    }

    @Test func formatsRFC3339() {
        let timestamp = Timestamp(seconds: 1_412_262_083, nanoseconds: 45_123_456)
        #expect(timestamp.rfc3339String() == "2014-10-02T15:01:23.045123456Z")
        #expect(timestamp.rfc3339String(fractionDigits: 0) == "2014-10-02T15:01:23Z")
        #expect(timestamp.rfc3339String(fractionDigits: 3) == "2014-10-02T15:01:23.045Z")
        #expect(timestamp.rfc3339String(fractionDigits: 12) == "2014-10-02T15:01:23.045123456Z")
        #expect(timestamp.canonicalRFC3339String == "2014-10-02T15:01:23.045123456Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 0).canonicalRFC3339String == "1970-01-01T00:00:00Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 120_000_000).canonicalRFC3339String == "1970-01-01T00:00:00.120Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 1_000).canonicalRFC3339String == "1970-01-01T00:00:00.000001Z")
        #expect(Timestamp(seconds: -1, nanoseconds: 999_999_999).canonicalRFC3339String == "1969-12-31T23:59:59.999999999Z")
        #expect(Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 0).rfc3339String(fractionDigits: 0) == "0001-01-01T00:00:00Z")
        #expect(Timestamp(seconds: Timestamp.endSeconds, nanoseconds: 0).rfc3339String() == nil)
        #expect(Timestamp(seconds: Timestamp.endSeconds, nanoseconds: 0).description == "Timestamp(seconds: 253402300800, nanoseconds: 0)")
    }

    @Test func formatAndParseRoundTripAcrossTheRange() throws {
        let step: Int64 = 9_876_543_211
        var seconds = Timestamp.minimumSeconds
        while seconds < Timestamp.endSeconds {
            let timestamp = Timestamp(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: seconds & 0x3FFF_FFFF) % 1_000_000_000)
            let text = try #require(timestamp.rfc3339String())
            #expect(try Timestamp(rfc3339: text) == timestamp)
            seconds += step
        }
    }
}
