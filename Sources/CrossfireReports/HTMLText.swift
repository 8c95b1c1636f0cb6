/// HTML text: escaping and the few elements the report is made of. Every string that comes
/// from a journal goes through `escape` before it is placed in the page.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references, so it can stand in
    /// element content and in quoted attribute values. Other characters (any Unicode) stay as
    /// they are: the page is UTF-8.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// `<code class="…">escaped</code>`.
    static func code(_ text: String, class name: String? = nil) -> String {
        let attribute = name.map { " class=\"\($0)\"" } ?? ""
        return "<code\(attribute)>\(escape(text))</code>"
    }

    /// `text` as `<code>`, cut in the middle when it is longer than `limit` characters (a
    /// generated path or name can be 1,500): its first two thirds and last third of `limit`
    /// around a visible marker that says how much was left out (`…1449 characters left out…`), the
    /// whole text in the element's `title` (shown on hover). Cut at characters, never inside one.
    static func elided(_ text: String, limit: Int = elisionLimit, class name: String? = nil) -> String {
        guard text.count > limit else { return code(text, class: name) }
        let head = text.prefix(limit * 2 / 3)
        let tail = text.suffix(limit - head.count)
        let cut = text.count - head.count - tail.count
        let classes = (name.map { $0 + " " } ?? "") + "elided"
        return "<code class=\"\(classes)\" title=\"\(escape(text))\">\(escape(String(head)))"
            + "<span class=\"cut\">…\(cut) characters left out…</span>\(escape(String(tail)))</code>"
    }

    /// How many characters of a path or name a table cell shows before it is elided.
    static let elisionLimit = 72

    /// `<pre>escaped</pre>`.
    static func pre(_ text: String) -> String {
        "<pre>\(escape(text))</pre>"
    }

    /// A definition list of the rows whose value is given; values are already HTML.
    static func definitions(_ rows: [(term: String, html: String?)], class name: String) -> String {
        let items = rows.compactMap { row in row.html.map { "<dt>\(escape(row.term))</dt><dd>\($0)</dd>" } }
        guard !items.isEmpty else { return "" }
        return "<dl class=\"\(name)\">" + items.joined() + "</dl>\n"
    }
}
