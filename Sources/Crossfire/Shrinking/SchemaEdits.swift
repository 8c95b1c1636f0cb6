import FirestoreModel
import ModelSchema

/// The tree-level reductions of a case's schema, applied to the whole case so that the
/// document and the model value stay in step: drop a struct's field (its key leaves every
/// map of that struct in the document, its value every struct value of the model), put a
/// struct's field in the struct's place (`StructInlining`), drop the structs and enums nothing
/// uses any more, drop an enum's case, give a field a short name (`FieldRenaming`). A result
/// breaks no more of the schema rules (`validationErrors()`) than the schema it came from.
enum SchemaEdits {
    /// One reduction.
    enum Edit: Hashable {
        /// Drop the field at a position of the named struct.
        case dropField(structName: String, index: Int)
        /// Put the field at a position of the named struct in the struct's place.
        case inlineStruct(structName: String, field: Int)
        /// Drop every struct and enum the root does not reach.
        case dropUnusedTypes
        /// Drop the case at a position of the named enum.
        case dropCase(enumName: String, index: Int)
        /// Give the field at a position of the named struct a short name.
        case renameField(structName: String, index: Int)
    }

    /// The reductions that make a case smaller: fields first (last to first within each
    /// struct, so that positions stay valid after a success), then nested structs put in
    /// their fields' places (the shallowest struct first), unused types, then enum cases.
    static func reductions(of schema: ModelSchema) -> [Edit] {
        var edits: [Edit] = []
        for structSchema in schema.structs {
            for index in structSchema.fields.indices.reversed() { edits.append(.dropField(structName: structSchema.name, index: index)) }
        }
        for name in SchemaEdits.typeNamesByDepth(schema) {
            guard name != schema.root, let structSchema = schema.structSchema(named: name) else { continue }
            for field in structSchema.fields.indices { edits.append(.inlineStruct(structName: name, field: field)) }
        }
        if usedTypeNames(schema).count < schema.structs.count + schema.enums.count { edits.append(.dropUnusedTypes) }
        for enumSchema in schema.enums where enumSchema.cases.count > 1 {
            for index in enumSchema.cases.indices.reversed() { edits.append(.dropCase(enumName: enumSchema.name, index: index)) }
        }
        return edits
    }

    /// The reductions that make a case easier to read, not smaller: a short name for every
    /// field that has a longer one.
    static func renames(of schema: ModelSchema) -> [Edit] {
        schema.structs.flatMap { structSchema in
            structSchema.fields.indices.filter { !FieldRenaming.isShort(structSchema.fields[$0]) }
                .map { Edit.renameField(structName: structSchema.name, index: $0) }
        }
    }

    /// The case with one edit applied; nil when it no longer applies or breaks more schema rules.
    static func apply(_ edit: Edit, to record: CaseRecord) -> CaseRecord? {
        var result = record
        switch edit {
        case .dropField(let structName, let index):
            guard let position = record.schema.structs.firstIndex(where: { $0.name == structName }),
                  record.schema.structs[position].fields.indices.contains(index)
            else { return nil }
            let field = record.schema.structs[position].fields[index]
            let rewrite = StructValueRewrite(
                schema: record.schema, structName: structName,
                document: { map in
                    var kept = map
                    if let key = field.codingKey { kept[key] = nil }
                    return .map(kept)
                },
                model: { fields in .structure(fields.filter { $0.name != field.name }) }
            )
            guard let rewritten = rewrite.apply(to: record) else { return nil }
            result = rewritten
            result.schema.structs[position].fields.remove(at: index)
        case .inlineStruct(let structName, let field):
            guard let inlined = StructInlining(structName: structName, field: field).apply(to: record) else { return nil }
            result = inlined
        case .dropUnusedTypes:
            let used = usedTypeNames(record.schema)
            result.schema.structs.removeAll { !used.contains($0.name) }
            result.schema.enums.removeAll { !used.contains($0.name) }
        case .dropCase(let enumName, let index):
            guard let position = record.schema.enums.firstIndex(where: { $0.name == enumName }),
                  record.schema.enums[position].cases.indices.contains(index)
            else { return nil }
            result.schema.enums[position].cases.remove(at: index)
        case .renameField(let structName, let index):
            guard let renamed = FieldRenaming(structName: structName, field: index).apply(to: record) else { return nil }
            result = renamed
        }
        // Generated schemas may break the naming rules (Unicode property names); a candidate
        // must not break more of them than the schema it came from.
        return result.schema.validationErrors().count <= record.schema.validationErrors().count ? result : nil
    }

    /// The names of the structs and enums the root struct reaches, the root included.
    static func usedTypeNames(_ schema: ModelSchema) -> Set<String> {
        Set(typeNamesByDepth(schema))
    }

    /// The structs and enums the root reaches, the root first, then breadth first: those a
    /// shorter chain of fields reaches come earlier.
    static func typeNamesByDepth(_ schema: ModelSchema) -> [String] {
        var order = [schema.root]
        var next = 0
        while next < order.count {
            let name = order[next]
            next += 1
            guard let structSchema = schema.structSchema(named: name) else { continue }
            for field in structSchema.fields {
                for typeName in typeNames(in: field.type) where !order.contains(typeName) { order.append(typeName) }
            }
        }
        return order
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
