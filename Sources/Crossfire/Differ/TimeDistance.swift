import FirestoreModel
import Foundation
import ModelSchema

/// How far apart two times are, and how alike that makes them when elements of a set are
/// paired: by the seconds between them, not relative to their size — a time a nanosecond after
/// 1970 is as near to 1970 as a time in the year 9999 is to itself cut to the microsecond.
enum TimeDistance {
    /// The seconds between two Timestamps (whole seconds and nanoseconds apart, so that large
    /// magnitudes do not round the nanoseconds away).
    static func seconds(_ a: Timestamp, _ b: Timestamp) -> Double {
        abs(Double(a.seconds - b.seconds) + Double(Int64(a.nanoseconds) - Int64(b.nanoseconds)) / 1e9)
    }

    /// The seconds between two model times of one kind (two dates, two timestamps); nil for
    /// other values.
    static func seconds(_ a: ModelValue, _ b: ModelValue) -> Double? {
        switch (a, b) {
        case let (.timestamp(x), .timestamp(y)): return seconds(x, y)
        case let (.date(x), .date(y)): return abs(x.timeIntervalSince1970 - y.timeIntervalSince1970)
        default: return nil
        }
    }

    /// The seconds between a stored timestamp and a model time (a timestamp or a date); nil
    /// when the model value is no time.
    static func seconds(_ stored: Timestamp, _ model: ModelValue) -> Double? {
        switch model {
        case .timestamp(let time): return seconds(stored, time)
        case .date(let date): return abs(Double(stored.seconds) + Double(stored.nanoseconds) / 1e9 - date.timeIntervalSince1970)
        default: return nil
        }
    }

    /// Whether two model times of one kind fall in the same microsecond, the precision storage
    /// keeps: a time and what storage made of it do, whatever lies nearer (0.999999999 s is
    /// 1 ns from 1.000000000 s, but storage gives it back as 0.999999 s).
    static func sameMicrosecond(_ a: ModelValue, _ b: ModelValue) -> Bool {
        switch (a, b) {
        case let (.timestamp(x), .timestamp(y)): return x.truncatedToMicroseconds() == y.truncatedToMicroseconds()
        case let (.date(x), .date(y)):
            return (x.timeIntervalSince1970 * 1e6).rounded(.down) == (y.timeIntervalSince1970 * 1e6).rounded(.down)
        default: return false
        }
    }

    /// 0 to 40: 40 for no time apart, 29 for a nanosecond, 20 for a second, 0 from 10^20 s.
    static func closeness(_ seconds: Double) -> Int {
        guard seconds > 0 else { return 40 }
        return Int(min(40, max(0, 20 - log10(seconds))))
    }
}
