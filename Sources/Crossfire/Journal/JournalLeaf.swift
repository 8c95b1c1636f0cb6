import FirestoreJSON
import FirestoreModel

/// A leaf value as a journal example keeps it (`held`, `input`, an outcome's `leaf`; see
/// `JournalFormat`): read once into a `LeafValue` — or, for a stored value REST JSON cannot
/// express (`{"storedText": …}`), only its rendering —, with the JSON it was read from, which
/// reports copy as it is. `JournalFormat.encodeLeaf` writes it.
package struct JournalLeaf: Sendable, Hashable {
    /// The value; nil when the journal keeps only its rendering (`storedText`).
    package var value: LeafValue?
    /// The value in words (`nothing`, `integer 3`, `Decimal(1.5)`), as `LeafValue` renders it.
    package var text: String
    /// The leaf value as the journal keeps it (`{"stored": …}`, `{"absent": true}` …).
    package var json: FirestoreValue

    /// Reads a leaf value: an object with one of `absent` (true), `stored` (a REST JSON
    /// value), `storedText` (a rendering) or `model` (`ModelValueCoding`'s form).
    package init(_ object: JSONObject) throws(JSONObjectError) {
        try object.checkKeys(["absent", "stored", "storedText", "model"])
        json = .map(object.members)
        if let text = try object.optionalString("storedText") {
            value = nil
            self.text = text
            return
        }
        let read: LeafValue
        if try object.optionalBool("absent") == true {
            read = .absent
        } else if let model = object.nonNull("model") {
            do {
                read = .model(try ModelValueCoding.decode(model))
            } catch {
                throw object.error(at: "model", error.description)
            }
        } else if let stored = object.nonNull("stored") {
            do {
                read = .stored(try RESTJSONReader().readValue(from: try PlainJSONWriter(options: JSONWriteOptions(layout: .compact)).write(stored)))
            } catch {
                throw object.error(at: "stored", error.description)
            }
        } else {
            throw object.error("a leaf value needs \"absent\": true, \"stored\", \"storedText\" or \"model\"")
        }
        value = read
        text = read.description
    }

    /// Whether it is a model value (what a mapper produced or a model held), as against a
    /// stored one or nothing.
    package var isModel: Bool {
        if case .model? = value { return true }
        return false
    }
}
