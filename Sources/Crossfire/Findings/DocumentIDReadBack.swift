import ModelSchema

/// What a round trip does to `@DocumentID` properties: they are never written and are read
/// back from the document's reference at every depth (spec §9.1: the reference is
/// decoder-global), so two values that differ only there came back as the SDK says.
enum DocumentIDReadBack {
    /// The value, of type `type`, with every `@DocumentID` property of every struct in it
    /// set to null (sets and enum-keyed dictionaries included, where a loss shows on the whole
    /// collection).
    static func clearingDocumentIDs(_ value: ModelValue, type: FieldType, schema: ModelSchema) -> ModelValue {
        switch (value, type.unwrapped) {
        case let (.structure(fields), .structure(name)):
            guard let structSchema = schema.structSchema(named: name), structSchema.fields.count == fields.count else { return value }
            return .structure(zip(fields, structSchema.fields).map { field, fieldSchema in
                let cleared: ModelValue = fieldSchema.wrapper == .documentID
                    ? .null : clearingDocumentIDs(field.value, type: fieldSchema.type, schema: schema)
                return ModelField(name: field.name, value: cleared)
            })
        case let (.array(elements), .array(element)):
            return .array(elements.map { clearingDocumentIDs($0, type: element, schema: schema) })
        case let (.set(elements), .set(element)):
            return .set(elements.map { clearingDocumentIDs($0, type: element, schema: schema) })
        case let (.dictionary(entries), .dictionary(_, valueType)):
            return .dictionary(entries.map { ModelDictionaryEntry(key: $0.key, value: clearingDocumentIDs($0.value, type: valueType, schema: schema)) })
        default:
            return value
        }
    }
}
