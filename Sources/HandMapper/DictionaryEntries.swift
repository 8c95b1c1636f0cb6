import ModelSchema

/// The entries of a decoded dictionary whose keys come from parsing (`[Int: V]`, `[E: V]`),
/// where two stored keys can name the same Swift key: as `dictionary[key] = value` does,
/// a later value replaces an earlier one.
struct DictionaryEntries {
    private(set) var entries: [ModelDictionaryEntry] = []
    private var positions: [ModelValue: Int] = [:]

    init(capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// Sets the value for a key (`.int` or `.enumCase`).
    mutating func set(_ value: ModelValue, for key: ModelValue) {
        if let position = positions[key] {
            entries[position].value = value
        } else {
            positions[key] = entries.count
            entries.append(ModelDictionaryEntry(key: key, value: value))
        }
    }
}
