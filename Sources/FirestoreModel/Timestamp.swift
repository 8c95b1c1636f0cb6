import Foundation

/// A point in time with nanosecond precision, as Firestore stores it: seconds since the
/// Unix epoch and a non-negative nanosecond part.
///
/// Unlike the SDK's `Timestamp`, creating one never traps: a value outside Firestore's
/// range (`0001-01-01T00:00:00Z` to `9999-12-31T23:59:59.999999999Z`) can be held, so that
/// the harness can carry faulty data; `isValid` tells, validation reports it and the write
/// path rejects it.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int64
    /// Nanoseconds within the second, 0 to 999,999,999 in a valid timestamp.
    public let nanoseconds: Int32

    /// The first second Firestore accepts: 0001-01-01T00:00:00Z.
    public static let minimumSeconds: Int64 = -62_135_596_800
    /// The first second after the range Firestore accepts: 10000-01-01T00:00:00Z.
    public static let endSeconds: Int64 = 253_402_300_800

    /// Creates a timestamp from its two parts, as given.
    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Creates a timestamp from a `Date` by the SDK's rule (`FIRTimestamp timestampWithDate:`):
    /// the whole seconds of the interval since 1970, rounded towards negative infinity, and
    /// the fraction times 10⁹ truncated to whole nanoseconds.
    /// So `2019-10-07T21:33:51.123Z` becomes `Timestamp(1570484031, 122999906)`.
    /// Where the SDK would produce 10⁹ nanoseconds (a fraction that rounds up to 1), the
    /// result carries into the next second instead of trapping.
    public init(date: Date) {
        let interval = date.timeIntervalSince1970
        var whole = interval.rounded(.towardZero)
        var fraction = interval - whole
        if fraction < 0 {
            fraction += 1
            whole -= 1
        }
        guard whole.isFinite, whole >= -9.2e18, whole <= 9.2e18 else {
            self.init(seconds: whole < 0 ? Int64.min : Int64.max, nanoseconds: 0)
            return
        }
        var nanos = Int64(fraction * 1e9)
        var seconds = Int64(whole)
        if nanos >= 1_000_000_000 {
            nanos -= 1_000_000_000
            seconds += 1
        }
        self.init(seconds: seconds, nanoseconds: Int32(nanos))
    }

    /// Whether both parts are within Firestore's range.
    public var isValid: Bool {
        nanoseconds >= 0 && nanoseconds < 1_000_000_000
            && seconds >= Timestamp.minimumSeconds && seconds < Timestamp.endSeconds
    }

    /// The timestamp as a `Date`: `seconds + nanoseconds / 10⁹` in Double precision, as
    /// the SDK's `dateValue()` computes it.
    public func dateValue() -> Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// The timestamp with its nanoseconds rounded down to whole microseconds, as Firestore
    /// stores it.
    public func truncatedToMicroseconds() -> Timestamp {
        Timestamp(seconds: seconds, nanoseconds: nanoseconds - nanoseconds % 1000)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// RFC 3339 in UTC with nine fraction digits, or `Timestamp(seconds: s, nanoseconds: n)`
    /// for a value outside the range RFC 3339 can express.
    public var description: String {
        rfc3339String(fractionDigits: 9) ?? "Timestamp(seconds: \(seconds), nanoseconds: \(nanoseconds))"
    }
}
