/// The source of the support code an emitted file carries only when its types need it:
/// the hex `Color` type and the small generic functions of the hand-written mapper.
enum SwiftSupport {
    /// A file-private function of the hand-written mapper or the `ModelValue` conversions.
    enum Helper: String, CaseIterable, Hashable, Sendable {
        case bridged, bridgedDecimal, convertEach, convertEntries, flatPairs, readOptional, writeOptional, stringKeyed, flatArray, modelOptional

        /// The function's declaration.
        var source: String {
            switch self {
            case .bridged:
                return """
                /// A number of a document as an app on Apple platforms sees it: there, every number is an
                /// NSNumber and `as? Int`, `as? Bool`, `as? Float` … bridge it (a Bool from 0 or 1, an
                /// integer from any number that holds one exactly). Linux hands out Swift numbers, which
                /// do not bridge, so they are boxed here first. Anything else is returned as it is.
                fileprivate func bridged(_ value: Any?) -> Any? {
                    guard let value, !(type(of: value) is AnyClass) else { return value }
                    switch value {
                    case let number as Bool: return NSNumber(value: number)
                    case let number as Int: return NSNumber(value: number)
                    case let number as Int8: return NSNumber(value: number)
                    case let number as Int16: return NSNumber(value: number)
                    case let number as Int32: return NSNumber(value: number)
                    case let number as Int64: return NSNumber(value: number)
                    case let number as UInt: return NSNumber(value: number)
                    case let number as UInt8: return NSNumber(value: number)
                    case let number as UInt16: return NSNumber(value: number)
                    case let number as UInt32: return NSNumber(value: number)
                    case let number as UInt64: return NSNumber(value: number)
                    case let number as Float: return NSNumber(value: number)
                    case let number as Double: return NSNumber(value: number)
                    case let number as Decimal: return NSDecimalNumber(decimal: number)
                    default: return value
                    }
                }
                """
            case .bridgedDecimal:
                return """
                /// `(value as? NSNumber)?.decimalValue` as an app on Apple platforms gets it: an integer
                /// exactly, any other finite number as `Decimal(Double)` gives it. Linux's `decimalValue`
                /// takes every number through `Double` (so integers above 2⁵³ lose digits) and traps on
                /// ±infinity; NaN and ±infinity are nil here, no number an app can use.
                fileprivate func bridgedDecimal(_ value: Any?) -> Decimal? {
                    guard let number = bridged(value) as? NSNumber else { return nil }
                    if let decimal = number as? NSDecimalNumber { return decimal.decimalValue }
                    switch UInt8(bitPattern: number.objCType.pointee) {
                    case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
                        return Decimal(number.int64Value)
                    case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
                        return Decimal(number.uint64Value)
                    default:
                        return number.doubleValue.isFinite ? number.decimalValue : nil
                    }
                }
                """
            case .convertEach:
                return """
                /// Converts every element, or gives nil when one does not convert.
                fileprivate func convertEach<Elements: Sequence, Converted>(_ elements: Elements?, _ convert: (Elements.Element) -> Converted?) -> [Converted]? {
                    guard let elements else { return nil }
                    var converted: [Converted] = []
                    for element in elements {
                        guard let value = convert(element) else { return nil }
                        converted.append(value)
                    }
                    return converted
                }
                """
            case .convertEntries:
                return """
                /// Converts every entry to a key and a value, or gives nil when one does not convert;
                /// of two entries with the same key the later wins.
                fileprivate func convertEntries<Entries: Sequence, Key: Hashable, Value>(_ entries: Entries?, _ convert: (Entries.Element) -> (Key, Value)?) -> [Key: Value]? {
                    guard let entries else { return nil }
                    var converted: [Key: Value] = [:]
                    for entry in entries {
                        guard let pair = convert(entry) else { return nil }
                        converted[pair.0] = pair.1
                    }
                    return converted
                }
                """
            case .flatPairs:
                return """
                /// The entries of a dictionary stored as `Firestore.Encoder` stores one whose keys are
                /// neither String nor Int: a flat array `[key, value, key, value, …]`. Nil for an odd count.
                fileprivate func flatPairs(_ elements: [Any]?) -> [(key: Any, value: Any)]? {
                    guard let elements, elements.count % 2 == 0 else { return nil }
                    return stride(from: 0, to: elements.count, by: 2).map { (key: elements[$0], value: elements[$0 + 1]) }
                }
                """
            case .readOptional:
                return """
                /// Reads an optional element: `NSNull` is nil, anything else must convert.
                fileprivate func readOptional<Wrapped>(_ value: Any?, _ convert: (Any) -> Wrapped?) -> Wrapped?? {
                    guard let value else { return nil }
                    if value is NSNull { return .some(nil) }
                    return convert(value).map { .some($0) }
                }
                """
            case .writeOptional:
                return """
                /// Writes an optional element: nil as `NSNull()`.
                fileprivate func writeOptional<Wrapped>(_ value: Wrapped?, _ convert: (Wrapped) -> Any) -> Any {
                    guard let value else { return NSNull() }
                    return convert(value)
                }
                """
            case .stringKeyed:
                return """
                /// A dictionary with Int keys as Firestore stores it: a map with decimal-string keys.
                fileprivate func stringKeyed<Value>(_ dictionary: [Int: Value], _ convert: (Value) -> Any) -> [String: Any] {
                    var result: [String: Any] = [:]
                    for (key, value) in dictionary {
                        result[String(key)] = convert(value)
                    }
                    return result
                }
                """
            case .flatArray:
                return """
                /// A dictionary whose keys are neither String nor Int as `Firestore.Encoder` writes it:
                /// a flat array `[key, value, key, value, …]`.
                fileprivate func flatArray<Key, Value>(_ dictionary: [Key: Value], key convertKey: (Key) -> Any, value convertValue: (Value) -> Any) -> [Any] {
                    var result: [Any] = []
                    for (key, value) in dictionary {
                        result.append(convertKey(key))
                        result.append(convertValue(value))
                    }
                    return result
                }
                """
            case .modelOptional:
                return """
                /// Converts an optional model value: `.null` is nil, anything else must convert.
                fileprivate func modelOptional<Wrapped>(_ value: ModelValue, _ convert: (ModelValue) -> Wrapped?) -> Wrapped?? {
                    if case .null = value { return .some(nil) }
                    return convert(value).map { .some($0) }
                }
                """
            }
        }
    }

    // Apart from HandMapper's HexColor on purpose: the differ compares the two.
    /// Google's Codable guide's hex color, declared inside a schema's namespace: coded as one string
    /// through a single-value container, `#rrggbb` when opaque, else `#rrggbbaa`, lower-case
    /// digits on output and either case on input. A malformed string is
    /// `DecodingError.dataCorrupted`, never a made-up color.
    static let color = """
    /// Google's Codable guide's hex color: coded as one string, `#RRGGBB` or `#RRGGBBAA`.
    struct Color: Codable, Hashable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
        var alpha: UInt8

        init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// Reads `#RRGGBB` or `#RRGGBBAA`, hex digits in either case; nil for anything else.
        init?(hex: String) {
            let characters = Array(hex.utf8)
            guard characters.count == 7 || characters.count == 9, characters[0] == UInt8(ascii: "#") else { return nil }
            var components: [UInt8] = []
            for index in stride(from: 1, to: characters.count, by: 2) {
                guard let high = Color.digitValue(characters[index]), let low = Color.digitValue(characters[index + 1]) else {
                    return nil
                }
                components.append(high << 4 | low)
            }
            self.init(red: components[0], green: components[1], blue: components[2], alpha: components.count == 4 ? components[3] : 255)
        }

        /// `#rrggbb` when opaque, else `#rrggbbaa`, in lower-case hex digits.
        var hex: String {
            let digits = Array("0123456789abcdef")
            let components = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
            return "#" + String(components.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let hex = try container.decode(String.self)
            guard let color = Color(hex: hex) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Invalid hex color \\"\\(hex)\\": expected #RRGGBB or #RRGGBBAA."
                )
            }
            self = color
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(hex)
        }

        init(_ rgba: RGBAColor) {
            self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
        }

        var rgba: RGBAColor { RGBAColor(red: red, green: green, blue: blue, alpha: alpha) }

        private static func digitValue(_ character: UInt8) -> UInt8? {
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
    }
    """
}
