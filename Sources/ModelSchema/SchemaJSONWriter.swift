extension SchemaJSON {
    /// The value as pretty JSON: two-space indentation, object keys sorted by their UTF-8
    /// bytes, `"key": value`, empty containers as `{}` and `[]`, and a final newline. The
    /// same value always gives the same text.
    var prettyText: String {
        var text = ""
        write(into: &text, indentation: "")
        return text + "\n"
    }

    private func write(into text: inout String, indentation: String) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            let inner = indentation + "  "
            text += "{\n"
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (offset, member) in sorted.enumerated() {
                text += inner + SchemaJSON.quoted(member.key) + ": "
                member.value.write(into: &text, indentation: inner)
                text += offset == sorted.count - 1 ? "\n" : ",\n"
            }
            text += indentation + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            let inner = indentation + "  "
            text += "[\n"
            for (offset, element) in elements.enumerated() {
                text += inner
                element.write(into: &text, indentation: inner)
                text += offset == elements.count - 1 ? "\n" : ",\n"
            }
            text += indentation + "]"
        case .string(let value):
            text += SchemaJSON.quoted(value)
        case .integer(let value):
            text += String(value)
        case .number(let value):
            text += "\(value)"
        case .bool(let value):
            text += value ? "true" : "false"
        case .null:
            text += "null"
        }
    }
}
