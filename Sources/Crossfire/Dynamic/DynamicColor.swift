import FirestoreModel
import ModelSchema

/// Stands for Google's Codable guide's hex `Color`: a custom `Codable` coded as one string,
/// `#RRGGBB` or `#RRGGBBAA` (hex digits in either case). Written as `#rrggbb`, or
/// `#rrggbbaa` when alpha is not 255. A malformed string is `dataCorrupted`, with the
/// message of the `Color` that `SwiftEmitter` writes.
struct DynamicColor: DynamicLeafValue {
    let color: RGBAColor

    init(_ color: RGBAColor) {
        self.color = color
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let hex = try container.decode(String.self)
        guard let color = DynamicColor.parse(hex) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Invalid hex color \"\(hex)\": expected #RRGGBB or #RRGGBBAA."
            )
        }
        self.color = color
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(DynamicColor.format(color))
    }

    static func leaf(_ value: ModelValue) -> DynamicColor? {
        if case .color(let color) = value { DynamicColor(color) } else { nil }
    }

    var modelValue: ModelValue { .color(color) }

    /// Reads `#RRGGBB` or `#RRGGBBAA`.
    static func parse(_ text: String) -> RGBAColor? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", scalars.count == 7 || scalars.count == 9 else { return nil }
        var bytes: [UInt8] = []
        var index = 1
        while index < scalars.count {
            guard let high = hexDigit(scalars[index]), let low = hexDigit(scalars[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return RGBAColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: return UInt8(scalar.value - 0x30)
        case 0x41...0x46: return UInt8(scalar.value - 0x41 + 10)
        case 0x61...0x66: return UInt8(scalar.value - 0x61 + 10)
        default: return nil
        }
    }

    /// Writes `#rrggbb`, or `#rrggbbaa` when alpha is not 255.
    static func format(_ color: RGBAColor) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var text = "#"
        let components = color.alpha == 255 ? [color.red, color.green, color.blue] : [color.red, color.green, color.blue, color.alpha]
        for component in components {
            text.unicodeScalars.append(digits[Int(component >> 4)])
            text.unicodeScalars.append(digits[Int(component & 0x0F)])
        }
        return text
    }
}
