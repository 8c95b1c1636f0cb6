import ModelSchema

extension ModelValue {
    /// The value with the fields of every struct in their schema's declaration order (the
    /// order mappers require), a value of the root struct of `schema`. The JSON form of a
    /// struct is an object, and journal lines are written with sorted keys, so reading one
    /// back gives the fields in key order. Fields the schema does not declare stay, last.
    package func inDeclarationOrder(of schema: ModelSchema) -> ModelValue {
        ordered(as: .structure(schema.root), schema: schema)
    }

    private func ordered(as type: FieldType, schema: ModelSchema) -> ModelValue {
        switch (self, type) {
        case (.null, _):
            return self
        case (_, .optional(let inner)):
            return ordered(as: inner, schema: schema)
        case (.structure(let fields), .structure(let name)):
            guard let structSchema = schema.structSchema(named: name) else { return self }
            var remaining = fields
            var result: [ModelField] = []
            result.reserveCapacity(fields.count)
            for field in structSchema.fields {
                guard let position = remaining.firstIndex(where: { $0.name == field.name }) else { continue }
                let value = remaining.remove(at: position).value
                result.append(ModelField(name: field.name, value: value.ordered(as: field.type, schema: schema)))
            }
            return .structure(result + remaining)
        case (.array(let values), .array(let element)):
            return .array(values.map { $0.ordered(as: element, schema: schema) })
        case (.set(let values), .set(let element)):
            return .set(values.map { $0.ordered(as: element, schema: schema) })
        case (.dictionary(let entries), .dictionary(_, let valueType)):
            return .dictionary(entries.map { ModelDictionaryEntry(key: $0.key, value: $0.value.ordered(as: valueType, schema: schema)) })
        default:
            return self
        }
    }
}
