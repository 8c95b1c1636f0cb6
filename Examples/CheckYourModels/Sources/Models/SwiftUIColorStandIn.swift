// SwiftUI is an Apple framework: on Linux, the guide's `Color` gets this stand-in, with the
// initialiser the guide calls, and the hex translation the guide leaves out ("omitted for
// brevity"): `#RRGGBB` or `#RRGGBBAA`, anything else reads as opaque black.
#if canImport(SwiftUI)
import SwiftUI
#else
/// A colour in sRGB with opacity, each part 0…1.
struct Color: Hashable {
    /// The colour space; only sRGB here.
    enum RGBColorSpace { case sRGB }

    var red: Double
    var green: Double
    var blue: Double
    var opacity: Double

    init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    /// `#RRGGBBAA`.
    var toHex: String {
        let parts = [red, green, blue, opacity].map { String(format: "%02X", Int(($0 * 255).rounded())) }
        return "#" + parts.joined()
    }
}
#endif

extension String {
    /// The parts of a `#RRGGBB` or `#RRGGBBAA` colour, each 0…1.
    func toRGBA() -> (r: Double, g: Double, b: Double, alpha: Double) {
        let digits = hasPrefix("#") ? String(dropFirst()) : self
        guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return (0, 0, 0, 1) }
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        func part(_ shift: UInt64) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        return (part(24), part(16), part(8), part(0))
    }
}
