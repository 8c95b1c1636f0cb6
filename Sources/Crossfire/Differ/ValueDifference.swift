import FirestoreModel
import ModelSchema

/// Where two values first differ, as a coding path (struct fields by coding key).
struct ValueDifference {
    /// The path of the first difference.
    let path: ValuePath
    /// The first value's part at that path.
    let before: ModelValue
    /// The second value's part at that path.
    let after: ModelValue

    /// The first difference between two model values of `schema`'s root, or nil when equal.
    static func between(_ a: ModelValue, _ b: ModelValue, schema: ModelSchema) -> ValueDifference? {
        between(a, b, type: .structure(schema.root), schema: schema, at: .root)
    }

    private static func between(_ a: ModelValue, _ b: ModelValue, type: FieldType?, schema: ModelSchema, at path: ValuePath) -> ValueDifference? {
        guard a != b else { return nil }
        let here = ValueDifference(path: path, before: a, after: b)
        switch (a, b, type?.unwrapped) {
        case let (.structure(left), .structure(right), .structure(name)?):
            guard let structSchema = schema.structSchema(named: name),
                  left.count == right.count, left.count == structSchema.fields.count
            else { return here }
            for (field, (l, r)) in zip(structSchema.fields, zip(left, right)) where l.value != r.value {
                return between(l.value, r.value, type: field.type, schema: schema,
                               at: path.appending(key: field.codingKey ?? field.name))
            }
            return here
        case let (.array(left), .array(right), .array(element)?) where left.count == right.count:
            for (index, (l, r)) in zip(left, right).enumerated() where l != r {
                return between(l, r, type: element, schema: schema, at: path.appending(index: index))
            }
            return here
        case let (.dictionary(left), .dictionary(right), .dictionary(keyType, valueType)?):
            if case .enumeration = keyType { return here }
            for entry in left {
                guard let other = right.first(where: { $0.key == entry.key }) else { return here }
                if other.value != entry.value {
                    return between(entry.value, other.value, type: valueType, schema: schema,
                                   at: path.appending(key: dictionaryKeyText(entry.key)))
                }
            }
            return here
        default:
            return here
        }
    }

    private static func dictionaryKeyText(_ key: ModelValue) -> String {
        switch key {
        case .string(let text): return text
        case .int(let value): return String(value)
        default: return key.description
        }
    }

    /// The path of the first difference between two stored documents, or nil when equal.
    static func between(_ a: FirestoreMap, _ b: FirestoreMap, at path: ValuePath = .root) -> ValuePath? {
        guard a != b else { return nil }
        for (key, left) in a {
            guard let right = b[key] else { return path.appending(key: key) }
            if left != right { return between(left, right, at: path.appending(key: key)) }
        }
        for key in b.keys where !a.contains(key: key) { return path.appending(key: key) }
        return path
    }

    private static func between(_ a: FirestoreValue, _ b: FirestoreValue, at path: ValuePath) -> ValuePath? {
        guard a != b else { return nil }
        switch (a, b) {
        case let (.map(left), .map(right)):
            return between(left, right, at: path)
        case let (.array(left), .array(right)) where left.count == right.count:
            for (index, (l, r)) in zip(left, right).enumerated() where l != r {
                return between(l, r, at: path.appending(index: index))
            }
            return path
        default:
            return path
        }
    }
}
