import FirestoreModel
import ModelSchema

/// The tree-level reductions of a case's schema, applied to the whole case so that the
/// document and the model value stay in step: drop a struct's field (its key leaves every
/// map of that struct in the document, its value every struct value of the model), drop the
/// structs and enums nothing uses any more, drop an enum's case. A result breaks no more of
/// the schema rules (`validationErrors()`) than the schema it came from.
enum SchemaEdits {
    /// One reduction.
    enum Edit {
        /// Drop the field at a position of the named struct.
        case dropField(structName: String, index: Int)
        /// Drop every struct and enum the root does not reach.
        case dropUnusedTypes
        /// Drop the case at a position of the named enum.
        case dropCase(enumName: String, index: Int)
    }

    /// Every reduction of the case's schema: fields first (last to first within each
    /// struct, so that positions stay valid after a success), then unused types, then enum cases.
    static func edits(of schema: ModelSchema) -> [Edit] {
        var edits: [Edit] = []
        for structSchema in schema.structs {
            for index in structSchema.fields.indices.reversed() { edits.append(.dropField(structName: structSchema.name, index: index)) }
        }
        if usedTypeNames(schema).count < schema.structs.count + schema.enums.count { edits.append(.dropUnusedTypes) }
        for enumSchema in schema.enums where enumSchema.cases.count > 1 {
            for index in enumSchema.cases.indices.reversed() { edits.append(.dropCase(enumName: enumSchema.name, index: index)) }
        }
        return edits
    }

    /// The case with one edit applied; nil when it no longer applies or breaks more schema rules.
    static func apply(_ edit: Edit, to record: CaseRecord) -> CaseRecord? {
        var result = record
        switch edit {
        case .dropField(let structName, let index):
            guard let position = record.schema.structs.firstIndex(where: { $0.name == structName }),
                  record.schema.structs[position].fields.indices.contains(index)
            else { return nil }
            let field = result.schema.structs[position].fields.remove(at: index)
            let rewriter = FieldRemoval(schema: record.schema, structName: structName, field: field)
            result.document = record.document.map(rewriter.document)
            result.model = record.model.map(rewriter.model)
        case .dropUnusedTypes:
            let used = usedTypeNames(record.schema)
            result.schema.structs.removeAll { !used.contains($0.name) }
            result.schema.enums.removeAll { !used.contains($0.name) }
        case .dropCase(let enumName, let index):
            guard let position = record.schema.enums.firstIndex(where: { $0.name == enumName }),
                  record.schema.enums[position].cases.indices.contains(index)
            else { return nil }
            result.schema.enums[position].cases.remove(at: index)
        }
        // Generated schemas may break the naming rules (Unicode property names); a candidate
        // must not break more of them than the schema it came from.
        return result.schema.validationErrors().count <= record.schema.validationErrors().count ? result : nil
    }

    /// The names of the structs and enums the root struct reaches, the root included.
    static func usedTypeNames(_ schema: ModelSchema) -> Set<String> {
        var used: Set<String> = [schema.root]
        var pending = [schema.root]
        while let name = pending.popLast() {
            guard let structSchema = schema.structSchema(named: name) else { continue }
            for field in structSchema.fields {
                for typeName in typeNames(in: field.type) where used.insert(typeName).inserted {
                    pending.append(typeName)
                }
            }
        }
        return used
    }

    private static func typeNames(in type: FieldType) -> [String] {
        switch type {
        case .structure(let name), .enumeration(let name): return [name]
        case .optional(let inner), .array(let inner), .set(let inner): return typeNames(in: inner)
        case .dictionary(let key, let value):
            if case .enumeration(let name) = key { return [name] + typeNames(in: value) }
            return typeNames(in: value)
        default: return []
        }
    }
}

/// Removes one field of one struct from every value of that struct, walking a document and
/// a model value along the (old) schema's types. Parts that do not have their type's shape
/// (a faulty document) are left as they are.
private struct FieldRemoval {
    let schema: ModelSchema
    let structName: String
    let field: FieldSchema

    func document(_ fields: FirestoreMap) -> FirestoreMap {
        guard case .map(let map) = stored(.map(fields), type: .structure(schema.root)) else { return fields }
        return map
    }

    func model(_ value: ModelValue) -> ModelValue {
        model(value, type: .structure(schema.root))
    }

    private func stored(_ value: FirestoreValue, type: FieldType) -> FirestoreValue {
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
            if name == structName, let key = field.codingKey { map[key] = nil }
            return .map(map)
        case (.array(let values), .array(let element)), (.array(let values), .set(let element)):
            return .array(values.map { stored($0, type: element) })
        case (.array(let values), .dictionary(.enumeration, let valueType)):
            return .array(values.enumerated().map { $0.offset % 2 == 1 ? stored($0.element, type: valueType) : $0.element })
        case (.map(let map), .dictionary(_, let valueType)):
            return .map(FirestoreMap(map.map { ($0.key, stored($0.value, type: valueType)) }))
        default:
            return value
        }
    }

    private func model(_ value: ModelValue, type: FieldType) -> ModelValue {
        switch (value, type) {
        case (.null, _):
            return value
        case (_, .optional(let inner)):
            return model(value, type: inner)
        case (.structure(let fields), .structure(let name)):
            guard let structSchema = schema.structSchema(named: name) else { return value }
            var result: [ModelField] = []
            for child in fields where !(name == structName && child.name == field.name) {
                let declared = structSchema.fields.first { $0.name == child.name }
                result.append(ModelField(name: child.name, value: declared.map { model(child.value, type: $0.type) } ?? child.value))
            }
            return .structure(result)
        case (.array(let values), .array(let element)):
            return .array(values.map { model($0, type: element) })
        case (.set(let values), .set(let element)):
            return .set(values.map { model($0, type: element) })
        case (.dictionary(let entries), .dictionary(_, let valueType)):
            return .dictionary(entries.map { ModelDictionaryEntry(key: $0.key, value: model($0.value, type: valueType)) })
        default:
            return value
        }
    }
}
