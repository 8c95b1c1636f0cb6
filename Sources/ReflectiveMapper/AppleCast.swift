import Foundation

/// `value as? T` as it runs on an iPhone, where the SDK hands out every number and boolean
/// as an `NSNumber` and the cast bridges it: to a number type only when the value fits it
/// exactly (SE-0170), booleans counting as 0 and 1. On Linux the read path hands out `Int64`,
/// `Double` and `Bool`, which do not bridge, so the reflective family's casts — Salada's
/// `snapshot[key] as? Int`, the seed hook's `value as? [String: Double]` — go through here.
enum AppleCast {
    /// `value as? T`.
    static func cast<T: BridgedValue>(_ value: Any?, to type: T.Type) -> T? {
        guard let value else { return nil }
        return T.bridged(from: value)
    }

    /// `value as? [String: T]`: nil unless the value is a map and every entry casts.
    static func map<T: BridgedValue>(_ value: Any?, of type: T.Type) -> [String: T]? {
        guard let map = value as? [String: Any] else { return nil }
        var result: [String: T] = [:]
        for (key, entry) in map {
            guard let cast = T.bridged(from: entry) else { return nil }
            result[key] = cast
        }
        return result
    }
}

/// A value as the NSNumber that stands for it on Apple platforms.
enum BridgedNumber {
    /// `NSNumber(value: Bool)`.
    case boolean(Bool)
    /// A signed integer.
    case integer(Int64)
    /// An unsigned integer above `Int64.max`.
    case unsigned(UInt64)
    /// A `Double` (or a `Float`, widened: exactly the same number).
    case double(Double)

    /// The NSNumber a value is on Apple platforms, or nil for any other value.
    init?(_ value: Any) {
        switch value {
        case let flag as Bool: self = .boolean(flag)
        case let number as Double: self = .double(number)
        case let number as Float: self = .double(Double(number))
        case let number as any BinaryInteger:
            if let signed = Int64(exactly: number) {
                self = .integer(signed)
            } else if let unsigned = UInt64(exactly: number) {
                self = .unsigned(unsigned)
            } else {
                return nil
            }
        default: return nil
        }
    }
}

/// A type a value can be cast to through Apple's bridging.
protocol BridgedValue {
    /// `value as? Self` on Apple platforms.
    static func bridged(from value: Any) -> Self?
}

extension String: BridgedValue {
    static func bridged(from value: Any) -> String? { value as? String }
}

extension Bool: BridgedValue {
    /// A boolean, or a number that is exactly 0 or 1.
    static func bridged(from value: Any) -> Bool? {
        switch BridgedNumber(value) {
        case .boolean(let flag)?: return flag
        case .integer(let number)?: return number == 0 ? false : (number == 1 ? true : nil)
        case .double(let number)?: return number == 0 ? false : (number == 1 ? true : nil)
        case .unsigned?, nil: return nil
        }
    }
}

extension Double: BridgedValue {
    /// Any double; an integer only when a `Double` holds it exactly; a boolean as 0 or 1.
    static func bridged(from value: Any) -> Double? {
        switch BridgedNumber(value) {
        case .boolean(let flag)?: return flag ? 1 : 0
        case .integer(let number)?: return Double(exactly: number)
        case .unsigned(let number)?: return Double(exactly: number)
        case .double(let number)?: return number
        case nil: return nil
        }
    }
}

extension Float: BridgedValue {
    /// NaN; otherwise only a number a `Float` holds exactly (so the double 0.1 fails); a
    /// boolean as 0 or 1.
    static func bridged(from value: Any) -> Float? {
        switch BridgedNumber(value) {
        case .boolean(let flag)?: return flag ? 1 : 0
        case .integer(let number)?: return Float(exactly: number)
        case .unsigned(let number)?: return Float(exactly: number)
        case .double(let number)?: return number.isNaN ? .nan : Float(exactly: number)
        case nil: return nil
        }
    }
}

extension BridgedValue where Self: FixedWidthInteger {
    /// A number that is exactly a value of the type (so 3.0 gives 3 and 3.5 nothing); a
    /// boolean as 0 or 1.
    static func bridged(from value: Any) -> Self? {
        switch BridgedNumber(value) {
        case .boolean(let flag)?: return flag ? 1 : 0
        case .integer(let number)?: return Self(exactly: number)
        case .unsigned(let number)?: return Self(exactly: number)
        case .double(let number)?: return Self(exactly: number)
        case nil: return nil
        }
    }
}

extension Int: BridgedValue {}
extension Int8: BridgedValue {}
extension Int16: BridgedValue {}
extension Int32: BridgedValue {}
extension Int64: BridgedValue {}
extension UInt: BridgedValue {}
extension UInt8: BridgedValue {}
extension UInt16: BridgedValue {}
extension UInt32: BridgedValue {}
extension UInt64: BridgedValue {}
