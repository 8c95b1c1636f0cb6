import FirestoreModel
import ModelSchema

/// Rewrites every value of one struct in a case's document and model value, walking both
/// along the (old) schema's types, innermost values first: what a schema edit of that struct
/// (a field dropped or renamed, the struct replaced by one of its fields) does to the values.
/// Parts that do not have their type's shape (a faulty document) are left as they are.
struct StructValueRewrite {
    /// The schema the values were made for.
    let schema: ModelSchema
    /// The struct whose values are rewritten.
    let structName: String
    /// What a map of the struct becomes in the document (nil: nothing is there any more).
    let document: (FirestoreMap) -> FirestoreValue?
    /// What a value of the struct becomes in the model value (nil: nothing is there any more).
    let model: ([ModelField]) -> ModelValue?

    /// The case with its document and model value rewritten (its schema as it was).
    func apply(to record: CaseRecord) -> CaseRecord? {
        var result = record
        if let document = record.document {
            guard case .map(let map)? = stored(.map(document), type: .structure(schema.root)) else { return nil }
            result.document = map
        }
        if let value = record.model {
            guard let rewritten = model(value, type: .structure(schema.root)) else { return nil }
            result.model = rewritten
        }
        return result
    }

    private func stored(_ value: FirestoreValue, type: FieldType) -> FirestoreValue? {
        switch (value, type) {
        case (.null, _):
            return value
        case (_, .optional(let inner)):
            return stored(value, type: inner)
        case (.map(var map), .structure(let name)):
            guard let structSchema = schema.structSchema(named: name) else { return value }
            for declared in structSchema.fields {
                guard let key = declared.codingKey, let child = map[key] else { continue }
                map[key] = stored(child, type: declared.type)
            }
            return name == structName ? document(map) : .map(map)
        case (.array(let values), .array(let element)), (.array(let values), .set(let element)):
            return .array(values.map { stored($0, type: element) ?? .null })
        case (.array(let values), .dictionary(.enumeration, let valueType)):
            return .array(values.enumerated().map { $0.offset % 2 == 1 ? stored($0.element, type: valueType) ?? .null : $0.element })
        case (.map(let map), .dictionary(_, let valueType)):
            return .map(FirestoreMap(map.compactMap { entry in stored(entry.value, type: valueType).map { (entry.key, $0) } }))
        default:
            return value
        }
    }

    private func model(_ value: ModelValue, type: FieldType) -> ModelValue? {
        switch (value, type) {
        case (.null, _):
            return value
        case (_, .optional(let inner)):
            return model(value, type: inner)
        case (.structure(let fields), .structure(let name)):
            guard let structSchema = schema.structSchema(named: name) else { return value }
            let rewritten = fields.map { child in
                let declared = structSchema.fields.first { $0.name == child.name }
                return ModelField(name: child.name, value: declared.map { model(child.value, type: $0.type) ?? .null } ?? child.value)
            }
            return name == structName ? model(rewritten) : .structure(rewritten)
        case (.array(let values), .array(let element)):
            return .array(values.map { model($0, type: element) ?? .null })
        case (.set(let values), .set(let element)):
            return .set(values.map { model($0, type: element) ?? .null })
        case (.dictionary(let entries), .dictionary(_, let valueType)):
            return .dictionary(entries.map { ModelDictionaryEntry(key: $0.key, value: model($0.value, type: valueType) ?? .null) })
        default:
            return value
        }
    }
}
