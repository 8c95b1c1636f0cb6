import FirestoreModel

/// How a record reader's messages show values and keys.
extension JSONObject {
    /// What a read value is, for messages: `an object`, `the string "x"`, `the integer 3`,
    /// `the number 1.0`, `true`, `null`.
    public static func summary(of value: FirestoreValue) -> String {
        switch value {
        case .map: return "an object"
        case .array: return "an array"
        case .string(let text): return "the string \(quoted(text))"
        case .integer(let number): return "the integer \(number)"
        case .double(let number): return "the number \(number)"
        case .boolean(let flag): return "\(flag)"
        case .null: return "null"
        case .timestamp, .bytes, .reference, .geoPoint, .vector: return "a \(value.kind.rawValue)"
        }
    }

    /// A string in double quotes with JSON's escapes (`\"`, `\\`, `\n`, `\u0001` …), as a
    /// JSON writer spells it.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
