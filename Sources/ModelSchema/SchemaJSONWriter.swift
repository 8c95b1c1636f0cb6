import FirestoreJSON

extension SchemaJSON {
    /// The value as pretty JSON: two-space indentation, object keys sorted by their UTF-8
    /// bytes, `"key": value`, empty containers as `{}` and `[]`, and a final newline. The
    /// same value always gives the same text.
    var prettyText: String {
        var text = ""
        write(into: &text, indentation: "")
        return text + "\n"
    }

    /// The value as compact JSON: as `prettyText`, without line breaks, indentation or the
    /// space after a colon (one line, as a journal line embeds it).
    var compactText: String {
        var text = ""
        write(into: &text, indentation: nil)
        return text
    }

    /// Writes the value, pretty at `indentation`, or compact when it is nil.
    private func write(into text: inout String, indentation: String?) {
        let inner = indentation.map { $0 + "  " }
        let open = inner == nil ? "" : "\n"
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            text += "{" + open
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (offset, member) in sorted.enumerated() {
                text += (inner ?? "") + JSONObject.quoted(member.key) + (inner == nil ? ":" : ": ")
                member.value.write(into: &text, indentation: inner)
                text += (offset == sorted.count - 1 ? "" : ",") + open
            }
            text += (indentation ?? "") + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            text += "[" + open
            for (offset, element) in elements.enumerated() {
                text += inner ?? ""
                element.write(into: &text, indentation: inner)
                text += (offset == elements.count - 1 ? "" : ",") + open
            }
            text += (indentation ?? "") + "]"
        case .string(let value):
            text += JSONObject.quoted(value)
        case .integer(let value):
            text += String(value)
        case .bool(let value):
            text += value ? "true" : "false"
        case .null:
            text += "null"
        }
    }
}
