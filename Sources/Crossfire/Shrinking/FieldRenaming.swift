import FirestoreModel
import ModelSchema

/// Gives one struct field a short name (`a`, `b`, …) and, with it, a short coding key: the
/// key follows the name when it was the name, and gets a short name of its own when the field
/// was renamed (a rename stays a rename). Every map of the struct in the document has its key
/// renamed in place, every value of the struct in the model value its field.
struct FieldRenaming {
    /// The short names tried, in order.
    static let shortNames = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }

    /// The struct the field belongs to.
    let structName: String
    /// The field's position.
    let field: Int

    /// Whether the field's name, and its coding key, are as short as this makes them.
    static func isShort(_ field: FieldSchema) -> Bool {
        shortNames.contains(field.name) && (field.codingKey.map(shortNames.contains) ?? true)
    }

    /// The case with the field renamed; nil when the field is not there or is already short.
    func apply(to record: CaseRecord) -> CaseRecord? {
        guard let position = record.schema.structs.firstIndex(where: { $0.name == structName }),
              record.schema.structs[position].fields.indices.contains(field)
        else { return nil }
        let structSchema = record.schema.structs[position]
        let old = structSchema.fields[field]
        guard !FieldRenaming.isShort(old) else { return nil }
        let others = structSchema.fields.indices.filter { $0 != field }.map { structSchema.fields[$0] }
        let taken = Set(others.map(\.name) + others.compactMap(\.codingKey))
        guard let name = FieldRenaming.shortNames.first(where: { !taken.contains($0) }) else { return nil }
        var renamed = old
        renamed.name = name
        if let key = old.codingKey {
            if key == old.name {
                renamed.codingKey = name
            } else {
                guard let short = FieldRenaming.shortNames.first(where: { !taken.contains($0) && $0 != name }) else { return nil }
                renamed.codingKey = short
            }
        }
        let rewrite = StructValueRewrite(
            schema: record.schema, structName: structName,
            document: { map in
                guard let oldKey = old.codingKey, let newKey = renamed.codingKey else { return .map(map) }
                return .map(FirestoreMap(map.map { ($0.key.utf8.elementsEqual(oldKey.utf8) ? newKey : $0.key, $0.value) }))
            },
            model: { fields in .structure(fields.map { $0.name == old.name ? ModelField(name: name, value: $0.value) : $0 }) }
        )
        guard var result = rewrite.apply(to: record) else { return nil }
        result.schema.structs[position].fields[field] = renamed
        return result
    }
}
