/// Swift source text being built line by line, four spaces per indentation level.
struct SwiftSource {
    private(set) var text = ""
    private var depth = 0

    /// Appends one line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// Appends `header {`, the body one level deeper, and `}`.
    mutating func block(_ header: String, _ body: (inout SwiftSource) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Appends `if condition {`, the first body one level deeper, `} else {`, the second, and `}`.
    mutating func ifElse(_ condition: String, _ then: (inout SwiftSource) -> Void, else otherwise: (inout SwiftSource) -> Void) {
        line("if \(condition) {")
        depth += 1
        then(&self)
        depth -= 1
        line("} else {")
        depth += 1
        otherwise(&self)
        depth -= 1
        line("}")
    }

    /// Appends `switch subject {`, the cases at the same indentation as the `switch`, as
    /// Swift style has it, and `}`.
    mutating func switchBlock(_ subject: String, _ cases: (inout SwiftSource) -> Void) {
        line("switch \(subject) {")
        cases(&self)
        line("}")
    }

    /// A Swift string literal spelling `text`: printable characters as they are, quotes and
    /// backslashes escaped, control, format, separator (other than the space) and unassigned
    /// characters as `\u{…}`.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            case " ": literal += " "
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator:
                    literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                default:
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }
}
