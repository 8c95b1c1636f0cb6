/// Renders input text for one-line error messages: control characters escaped, long text cut.
/// Its `escaped` is the one such escaping of the package (the engine's `OneLine` is it).
package enum FoundText {
    /// How many characters of a string an error message shows.
    static let shownCharacters = 48

    /// The string in double quotes with control characters, `"` and `\` escaped, cut after
    /// `shownCharacters` characters with its full UTF-8 length noted.
    static func quoted(_ text: String, byteCount: Int? = nil) -> String {
        let shown = text.unicodeScalars.prefix(shownCharacters)
        var result = "\""
        for scalar in shown {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result += escapedScalar(scalar)
            }
        }
        result += "\""
        if !text.unicodeScalars.dropFirst(shownCharacters).isEmpty {
            result += "… (\(byteCount ?? text.utf8.count) bytes)"
        }
        return result
    }

    /// The text with control characters (and U+2028/U+2029 line separators) escaped, so that
    /// it stays on one line.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars { result += escapedScalar(scalar) }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func escapedScalar(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            guard needsEscape(scalar) else { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
