import Foundation
import ModelSchema

/// What `data["k"] as? T` yields in an app on Apple platforms, where every stored number is
/// an NSNumber and the cast bridges it: the rules of Foundation's `NSNumber` bridging, for
/// the lenient mapper. Booleans are NSNumbers too, so they count as the numbers 0 and 1.
enum BridgingCasts {
    /// `as? Bool`: a boolean, or a number equal to 0 or 1 (`0.0`, `-0.0` and `1.0` included).
    static func bool(_ input: DocumentInput) -> Bool? {
        switch input {
        case .bool(let flag): return flag
        case .number(let number):
            switch number.exactly(.int8) {
            case .int(1)?: return true
            case .int(0)?: return false
            default: return nil
            }
        default: return nil
        }
    }

    /// `as? IntN`: a number that holds exactly a value of the width; booleans are 0 and 1.
    static func integer(_ input: DocumentInput, _ width: IntegerType) -> ModelValue? {
        switch input {
        case .bool(let flag): return DocumentNumber.signed(flag ? 1 : 0).exactly(width)
        case .number(let number): return number.exactly(width)
        default: return nil
        }
    }

    /// `as? Float`: NaN always; otherwise only a number a `Float` holds exactly (so the
    /// double `0.1` fails, ±Inf passes).
    static func float(_ input: DocumentInput) -> Float? {
        switch input {
        case .bool(let flag): return flag ? 1 : 0
        case .number(let number):
            switch number {
            case .float(let value): return value
            case .signed(let value): return Float(exactly: value)
            case .unsigned(let value): return Float(exactly: value)
            case .double, .decimal:
                let value = number.doubleValue
                return value.isNaN ? Float.nan : Float(exactly: value)
            }
        default: return nil
        }
    }

    /// `as? Double`: NaN and every double and float; a 64-bit integer only when a `Double`
    /// holds it exactly (so 2⁵³ + 1 fails).
    static func double(_ input: DocumentInput) -> Double? {
        switch input {
        case .bool(let flag): return flag ? 1 : 0
        case .number(let number):
            switch number {
            case .signed(let value): return Double(exactly: value)
            case .unsigned(let value): return Double(exactly: value)
            case .double, .float, .decimal: return number.doubleValue
            }
        default: return nil
        }
    }

    /// `(data["k"] as? NSNumber)?.decimalValue`: any finite number, integers exactly.
    static func decimal(_ input: DocumentInput) -> Decimal? {
        switch input {
        case .bool(let flag): return flag ? 1 : 0
        case .number(let number):
            switch number {
            case .decimal(let value): return value
            case .signed(let value): return Decimal(value)
            case .unsigned(let value): return Decimal(value)
            case .double, .float:
                let value = number.doubleValue
                return value.isFinite ? Decimal(value) : nil
            }
        default: return nil
        }
    }
}
