import FirestoreModel
import ModelSchema

/// Puts one of a struct's fields in the place of the struct: every field of type `S` (or
/// `S?`, `[S]`, `[K: S]`, …) gets the type of `S`'s field `g` instead, and every value of `S`
/// becomes its value of `g`. A chain of nested structs collapses one level per inlining, so a
/// leaf at `a.b.c` moves to `a.c`'s place, `a`: the repro a person would write by hand. A
/// field that held `S` itself takes on `g`'s property wrapper when it had none.
struct StructInlining {
    /// The struct replaced.
    let structName: String
    /// The position of the field that takes its place.
    let field: Int

    /// The case with the struct inlined; nil when the struct is the root, is not in the
    /// schema, or has no such field.
    func apply(to record: CaseRecord) -> CaseRecord? {
        let schema = record.schema
        guard structName != schema.root, let inlined = schema.structSchema(named: structName),
              inlined.fields.indices.contains(field)
        else { return nil }
        let kept = inlined.fields[field]
        let rewrite = StructValueRewrite(
            schema: schema, structName: structName,
            document: { map in kept.codingKey.flatMap { map[$0] } },
            model: { fields in fields.first { $0.name == kept.name }?.value ?? .null }
        )
        guard var result = rewrite.apply(to: record) else { return nil }
        result.schema.structs.removeAll { $0.name == structName }
        for index in result.schema.structs.indices {
            result.schema.structs[index].fields = result.schema.structs[index].fields.map { declared in
                var replaced = declared
                replaced.type = substituted(declared.type, by: kept.type)
                if declared.type.unwrapped == .structure(structName), declared.wrapper == nil { replaced.wrapper = kept.wrapper }
                // A hand-written coding the new type no longer fits is dropped.
                if replaced.wrapper != nil || replaced.coding?.problem(with: replaced.type, in: schema) != nil { replaced.coding = nil }
                return replaced
            }
        }
        return result
    }

    /// `type` with the struct replaced by `replacement` (an optional of an optional kept single).
    private func substituted(_ type: FieldType, by replacement: FieldType) -> FieldType {
        switch type {
        case .structure(let name) where name == structName:
            return replacement
        case .optional(let inner):
            let result = substituted(inner, by: replacement)
            return result.isOptional ? result : .optional(result)
        case .array(let element):
            return .array(substituted(element, by: replacement))
        case .set(let element):
            return .set(substituted(element, by: replacement))
        case .dictionary(let key, let value):
            return .dictionary(key: key, value: substituted(value, by: replacement))
        default:
            return type
        }
    }
}
