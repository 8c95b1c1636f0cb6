import Foundation
import ModelSchema

/// The numeric conversions of the SDK's decoder, written out: what an integer, `Float`,
/// `Double` or `Decimal` property accepts from a stored number.
extension DocumentNumber {
    /// The number as a value of the given integer width when it holds exactly such a value:
    /// integral and in range (so `42.0` is `42`, `-0.0` is `0`, `42.5` and `256` for `UInt8`
    /// are nil). This is the SDK's test `NSNumber(T(n)) == n` and also Apple's `as? T` bridging.
    func exactly(_ width: IntegerType) -> ModelValue? {
        switch self {
        case .signed(let value): return DocumentNumber.fit(signed: value, width)
        case .unsigned(let value): return DocumentNumber.fit(unsigned: value, width)
        case .double(let value): return DocumentNumber.fit(integral: value, width)
        case .float(let value): return DocumentNumber.fit(integral: Double(value), width)
        case .decimal(let value):
            // An integral Decimal prints without a fraction; anything else does not parse.
            let text = value.description
            if let signed = Int64(text) { return DocumentNumber.fit(signed: signed, width) }
            if let unsigned = UInt64(text) { return DocumentNumber.fit(unsigned: unsigned, width) }
            return nil
        }
    }

    /// The number as a `Double` (`NSNumber.doubleValue`): integers round to the nearest double.
    var doubleValue: Double {
        switch self {
        case .signed(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .double(let value): return value
        case .float(let value): return Double(value)
        case .decimal(let value): return NSDecimalNumber(decimal: value).doubleValue
        }
    }

    /// The number as the SDK prints it in messages.
    var text: String {
        switch self {
        case .signed(let value): return "\(value)"
        case .unsigned(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .float(let value): return "\(value)"
        case .decimal(let value): return "\(value)"
        }
    }

    /// The SDK's `Float` rule: any number whose magnitude is at most
    /// `Float.greatestFiniteMagnitude`, rounded to the nearest `Float`; NaN and ±Inf never.
    var strictFloat: Float? {
        let value = doubleValue
        guard abs(value) <= Double(Float.greatestFiniteMagnitude) else { return nil }
        return Float(value)
    }

    /// The SDK's `Decimal` rule: a Decimal as it is, any other number through `Double`
    /// (NaN gives `Decimal.nan`). Nil for ±Inf, which Foundation's `Decimal(Double)` cannot
    /// take (it traps).
    var strictDecimal: Decimal? {
        if case .decimal(let value) = self { return value }
        let value = doubleValue
        guard !value.isInfinite else { return nil }
        return Decimal(value)
    }

    private static func fit(signed value: Int64, _ width: IntegerType) -> ModelValue? {
        if width.isSigned {
            guard value >= width.minimum, value <= Int64(bitPattern: width.maximum) else { return nil }
            return .int(value)
        }
        guard value >= 0, UInt64(value) <= width.maximum else { return nil }
        return .uint(UInt64(value))
    }

    private static func fit(unsigned value: UInt64, _ width: IntegerType) -> ModelValue? {
        guard value <= width.maximum else { return nil }
        return width.isSigned ? .int(Int64(value)) : .uint(value)
    }

    private static func fit(integral value: Double, _ width: IntegerType) -> ModelValue? {
        guard value.isFinite, value.rounded(.towardZero) == value else { return nil }
        if width.isSigned {
            let bound = Double(sign: .plus, exponent: width.bitWidth - 1, significand: 1)
            guard value >= -bound, value < bound else { return nil }
            return .int(Int64(value))
        }
        let bound = Double(sign: .plus, exponent: width.bitWidth, significand: 1)
        guard value >= 0, value < bound else { return nil }
        return .uint(UInt64(value))
    }
}
