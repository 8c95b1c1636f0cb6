import FirestoreModel
import Foundation
import ModelSchema

/// Whether a value came back from Firestore's storage exactly as the SDK's documented precision
/// limits say it must, and no wider: a Decimal as the double nearest to it, read back by
/// Foundation's `Decimal(Double)` (sdk-codable-rules §4, §13.10); a Timestamp cut to the
/// microsecond; a Date split by `FIRTimestamp timestampWithDate:`, cut to the microsecond and
/// read back by `dateValue()` as a Double (sdk-codable-rules §13.11). Set elements that this
/// made equal come back as one.
///
/// Each rule is stated here on its own, not through the conversions the mappers and the write
/// path use (`Timestamp(date:)`, `truncatedToMicroseconds()`), so that a bug in those is a
/// difference, never an explanation.
enum StorageEquivalence {
    /// Whether `after` is `before` as storage gives it back (or `before` itself, unchanged).
    static func equivalent(_ before: ModelValue, _ after: ModelValue) -> Bool {
        switch (before, after) {
        case let (.decimal(a), .decimal(b)):
            guard a != b, let expected = readBack(a) else { return a == b }
            return expected == b || (expected.isNaN && b.isNaN)
        case let (.date(a), .date(b)):
            return a == b || readBack(a) == b
        case let (.timestamp(a), .timestamp(b)):
            return a == b || (a.nanoseconds >= 0 && Timestamp(seconds: a.seconds, nanoseconds: a.nanoseconds / 1000 * 1000) == b)
        case let (.structure(a), .structure(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && equivalent($0.value, $1.value) }
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy(equivalent)
        case let (.set(a), .set(b)):
            // Elements that storage makes equal (timestamps a few nanoseconds apart) come
            // back as one element of the set: every element must have a counterpart each way.
            return a.allSatisfy { element in b.contains { equivalent(element, $0) } }
                && b.allSatisfy { element in a.contains { equivalent($0, element) } }
        case let (.dictionary(a), .dictionary(b)):
            return a.count == b.count && a.allSatisfy { entry in
                b.contains { $0.key == entry.key && equivalent(entry.value, $0.value) }
            }
        default:
            return before == after
        }
    }

    /// The Decimal the SDK reads back for `decimal`: stored as the double nearest to its value,
    /// read back through `Decimal(Double)` (NaN for magnitudes Foundation cannot convert); nil
    /// when no double is nearest (±∞ cannot become a Decimal).
    static func readBack(_ decimal: Decimal) -> Decimal? {
        guard let nearest = Double(decimal.description), !nearest.isInfinite else { return nil }
        return Decimal(nearest)
    }

    /// The Date the SDK reads back for `date`: what storage keeps of it (`stored`), read back by
    /// `dateValue()` (`dateValue`). Nil for a date Firestore cannot store.
    static func readBack(_ date: Date) -> Date? {
        stored(date).map(dateValue)
    }

    /// Whether `after` is what a Date stored as `before` is stored as once the SDK has read it
    /// back and it is written again (how `LegacyMapperCheck` sees a Date's round trip, through
    /// stored forms): `before` itself, or the timestamp of the Date `dateValue()` reads back from
    /// it, which a Double of seconds holds only to its resolution (2 µs and more some centuries
    /// from 1970 and 2001).
    static func storedAgain(_ after: Timestamp, isDateStoredAs before: Timestamp) -> Bool {
        after == before || stored(dateValue(before)) == after
    }

    /// The timestamp Firestore stores for `date`: whole seconds toward −∞ and the fraction's
    /// nanoseconds truncated (`FIRTimestamp timestampWithDate:`; a fraction that rounds to a
    /// whole second carries into it), cut to whole microseconds. Nil for a date Firestore
    /// cannot store.
    private static func stored(_ date: Date) -> Timestamp? {
        let interval = date.timeIntervalSince1970
        let floor = interval.rounded(.down)
        guard floor >= Double(Timestamp.minimumSeconds), floor < Double(Timestamp.endSeconds) else { return nil }
        var seconds = Int64(floor)
        var nanoseconds = Int64((interval - floor) * 1e9)
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        return Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds / 1000 * 1000))
    }

    /// The Date `dateValue()` reads back from a stored timestamp: the Double sum of its seconds
    /// and its nanoseconds.
    private static func dateValue(_ timestamp: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(timestamp.seconds) + Double(timestamp.nanoseconds) / 1e9)
    }
}
