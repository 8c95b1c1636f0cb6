import Foundation

/// A number as the decoder's numeric rules see it: what an `NSNumber` (or
/// `NSDecimalNumber`) holds in the SDK.
enum DecodingNumber {
    case integer(Int64)
    case unsignedInteger(UInt64)
    case double(Double)
    case decimal(Decimal)

    /// The number as a node holds it; nil for every other node, booleans included (the SDK
    /// reads numbers only from non-boolean NSNumbers).
    init?(_ node: DecodingNode) {
        switch node {
        case .value(.integer(let value)): self = .integer(value)
        case .value(.double(let value)): self = .double(value)
        case .unsignedInteger(let value): self = .unsignedInteger(value)
        case .decimal(let value): self = .decimal(value)
        default: return nil
        }
    }

    /// The value as `NSNumber.doubleValue` gives it: nearest double.
    var doubleValue: Double {
        switch self {
        case .integer(let value): return Double(value)
        case .unsignedInteger(let value): return Double(value)
        case .double(let value): return value
        case .decimal(let value): return NSDecimalNumber(decimal: value).doubleValue
        }
    }

    /// The value as an integer of type `T` when it is exactly one (integral and in range), as
    /// the SDK's `NSNumber(value: T(n)) == n` test accepts it; nil otherwise.
    func exactly<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        switch self {
        case .integer(let value): return T(exactly: value)
        case .unsignedInteger(let value): return T(exactly: value)
        case .double(let value): return T(exactly: value)
        case .decimal(let value): return DecodingNumber.exactInteger(value, as: type)
        }
    }

    private static func exactInteger<T: FixedWidthInteger>(_ value: Decimal, as type: T.Type) -> T? {
        guard value.isFinite else { return nil }
        var whole = Decimal()
        var source = value
        NSDecimalRound(&whole, &source, 0, .plain)
        guard whole == value else { return nil }
        if value < 0 {
            guard value >= Decimal(Int64.min) else { return nil }
            return T(exactly: NSDecimalNumber(decimal: value).int64Value)
        }
        guard value <= Decimal(UInt64.max) else { return nil }
        return T(exactly: NSDecimalNumber(decimal: value).uint64Value)
    }

    /// The number as the SDK's messages print an NSNumber on Linux: integers in decimal,
    /// doubles as Swift prints them (`0.5`, `1e+20`, `nan`, `inf`), decimals in plain notation.
    var rendered: String {
        switch self {
        case .integer(let value): return String(value)
        case .unsignedInteger(let value): return String(value)
        case .double(let value): return "\(value)"
        case .decimal(let value): return "\(value)"
        }
    }
}
