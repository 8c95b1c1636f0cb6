#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The number of significant digits jansson must print a real with (`JSON_REAL_PRECISION`).
///
/// jansson prints every real of a dump with `%.{p}g` (then adds `.0` when the text has no `.`
/// or exponent, and strips `+` and leading zeros from exponents) and reads reals back with
/// `strtod`. Seventeen digits always read back bit for bit, but print `0.1` as
/// `0.10000000000000001`. A writer therefore asks, for each real, for the fewest digits that
/// read back exactly and that still print its integer part without an exponent (`100.0`, not
/// `1e2`), and dumps the whole tree with the largest such precision. Since the precision
/// depends only on the values, the output stays canonical.
enum RealPrecision {
    /// The precision jansson needs for `value` (finite), 1…17.
    static func required(for value: Double) -> Int {
        var precision = max(shortestDigitCount(of: value), integerDigitCount(of: value))
        while precision < 17 {
            if readsBack(value, precision: precision) { return precision }
            precision += 1
        }
        return 17
    }

    /// The significant digits in Swift's shortest round-trip text for `value`.
    private static func shortestDigitCount(of value: Double) -> Int {
        let text = value.magnitude.description
        let mantissa = text.split(separator: "e", maxSplits: 1).first ?? Substring(text)
        let digits = mantissa.utf8.filter { $0 != UInt8(ascii: ".") }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }.reversed().drop { $0 == UInt8(ascii: "0") }
        return max(significant.count, 1)
    }

    /// How many digits the integer part has when `%g` would print it without an exponent
    /// (|value| below 10¹⁷); 1 otherwise.
    private static func integerDigitCount(of value: Double) -> Int {
        var magnitude = value.magnitude
        var count = 1
        while magnitude >= 10, count < 17 {
            magnitude /= 10
            count += 1
        }
        return magnitude >= 10 ? 1 : count
    }

    /// Whether `%.{precision}g` of `value` reads back (with strtod, as jansson does) as the
    /// same bits.
    private static func readsBack(_ value: Double, precision: Int) -> Bool {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            let length = withVaList([Int32(precision), value]) { vsnprintf(base, 40, "%.*g", $0) }
            guard length > 0, length < 40 else { return false }
            return strtod(base, nil).bitPattern == value.bitPattern
        }
    }
}
