import ModelSchema

/// Google's Codable guide's hex color form: `#RRGGBB` (opaque) or `#RRGGBBAA`, read with hex digits
/// in either case and written in lowercase, alpha only when it is not 255.
enum HexColor {
    /// The color a string spells, or nil when it is not exactly `#` and six or eight hex digits.
    static func parse(_ text: String) -> RGBAColor? { // Apart from the emitted Color (SwiftSupport.color) on purpose: the differ compares the two.
        let bytes = text.utf8
        guard bytes.count == 7 || bytes.count == 9, bytes.first == UInt8(ascii: "#") else { return nil }
        var packed: UInt32 = 0
        for byte in bytes.dropFirst() {
            guard let digit = digitValue(byte) else { return nil }
            packed = packed << 4 | UInt32(digit)
        }
        if bytes.count == 7 { packed = packed << 8 | 0xFF }
        return RGBAColor(red: UInt8(truncatingIfNeeded: packed >> 24), green: UInt8(truncatingIfNeeded: packed >> 16),
                         blue: UInt8(truncatingIfNeeded: packed >> 8), alpha: UInt8(truncatingIfNeeded: packed))
    }

    /// `#rrggbb`, or `#rrggbbaa` when the color is not opaque.
    static func format(_ color: RGBAColor) -> String {
        var text = "#"
        text.reserveCapacity(9)
        append(color.red, to: &text)
        append(color.green, to: &text)
        append(color.blue, to: &text)
        if color.alpha != 255 { append(color.alpha, to: &text) }
        return text
    }

    private static let lowercaseDigits = Array("0123456789abcdef".unicodeScalars)

    private static func append(_ component: UInt8, to text: inout String) {
        text.unicodeScalars.append(lowercaseDigits[Int(component >> 4)])
        text.unicodeScalars.append(lowercaseDigits[Int(component & 0x0F)])
    }

    private static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
