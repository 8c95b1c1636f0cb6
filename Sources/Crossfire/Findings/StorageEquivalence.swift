import FirestoreModel
import Foundation
import ModelSchema

/// Whether a value came back from Firestore's storage as the SDK's documented precision
/// limits say it must: equal, but for Decimals read back through Double and times cut to the
/// microsecond (Dates also through Double seconds), and set elements that this made equal
/// come back as one.
enum StorageEquivalence {
    /// Whether `after` is `before` as storage gives it back.
    static func equivalent(_ before: ModelValue, _ after: ModelValue) -> Bool {
        switch (before, after) {
        case let (.decimal(a), .decimal(b)):
            // Through Double, and back by Foundation's `Decimal(Double)`, which on Linux is
            // itself a few units in the last place off (12.093 comes back as 12.093000000000002048).
            // Foundation's `Decimal(Double)` also gives NaN for magnitudes beyond about 1e±127.
            let (x, y) = (NSDecimalNumber(decimal: a).doubleValue, NSDecimalNumber(decimal: b).doubleValue)
            if y.isNaN && (x.magnitude > 1e127 || (x != 0 && x.magnitude < 1e-126)) { return true }
            return x == y || (x.isNaN && y.isNaN) || abs(x - y) <= 8 * max(x.magnitude, y.magnitude).ulp
        case let (.date(a), .date(b)):
            let seconds = a.timeIntervalSince1970
            return abs(seconds - b.timeIntervalSince1970) <= max(2e-6, 4 * seconds.ulp)
        case let (.timestamp(a), .timestamp(b)):
            return a.truncatedToMicroseconds() == b
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
}
