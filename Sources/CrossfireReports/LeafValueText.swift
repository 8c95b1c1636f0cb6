import Crossfire
import FirestoreJSON
import FirestoreModel

/// A journal leaf value in words, as a report shows it: a model value as `ModelValue` renders
/// it (`"text"`, `Decimal(1.5)`, `{a: 1}`), a stored value as `FirestoreValue` does
/// (`integer 3`, `double 1.5`), nothing as `nothing`.
enum LeafValueText {
    /// The text of a leaf value (`{"model": …}`, `{"stored": …}`, `{"storedText": …}`,
    /// `{"absent": true}`); nil for no value. A value that cannot be read back is shown as its
    /// JSON.
    static func text(_ leaf: FirestoreValue?) -> String? {
        guard case .map(let map)? = leaf else { return nil }
        if case .boolean(true)? = map["absent"] { return "nothing" }
        if case .string(let text)? = map["storedText"] { return text }
        if let model = map["model"] {
            if let value = try? ModelValueCoding.decode(model) { return value.description }
            return ReportHTML.prettyJSON(model)
        }
        if let stored = map["stored"] {
            if let bytes = try? PlainJSONWriter(options: JSONWriteOptions(layout: .compact)).write(stored),
               let value = try? RESTJSONReader().readValue(from: bytes) {
                return value.description
            }
            return ReportHTML.prettyJSON(stored)
        }
        return ReportHTML.prettyJSON(.map(map))
    }

    /// Whether the leaf value is a model value (what a mapper produced or a model held), as
    /// against a stored one.
    static func isModel(_ leaf: FirestoreValue?) -> Bool {
        guard case .map(let map)? = leaf else { return false }
        return map["model"] != nil
    }
}
