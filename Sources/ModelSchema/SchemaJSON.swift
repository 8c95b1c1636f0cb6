/// A JSON value as the schema reader sees it: objects keep their key order (for messages),
/// integers are kept apart from other numbers, so that `1.5` or `true` where an integer
/// belongs is an error rather than a silent conversion.
enum SchemaJSON: Hashable, Sendable {
    /// An object: its members in document order, each key at most once.
    case object([Member])
    /// An array.
    case array([SchemaJSON])
    /// A string.
    case string(String)
    /// A number written without fraction or exponent that fits in `Int64`.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One member of an object.
    struct Member: Hashable, Sendable {
        /// The key.
        var key: String
        /// The value.
        var value: SchemaJSON
    }

    /// What the value is, for messages: `an object`, `the string "x"`, `the integer 3` …
    var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let value): return "the string \(SchemaJSON.quoted(value))"
        case .integer(let value): return "the integer \(value)"
        case .number(let value): return "the number \(value)"
        case .bool(let value): return "\(value)"
        case .null: return "null"
        }
    }

    /// A string in double quotes with JSON escapes, as the writer spells it.
    static func quoted(_ text: String) -> String {
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
