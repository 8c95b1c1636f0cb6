/// Keeps text that names user data (field names, file names) on one line of output.
package enum OneLine {
    /// The text with control characters, DEL and U+2028/U+2029 written as `\n`, `\r`, `\t`
    /// or `\uXXXX`.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                guard needsEscape(scalar) else {
                    result.unicodeScalars.append(scalar)
                    continue
                }
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
