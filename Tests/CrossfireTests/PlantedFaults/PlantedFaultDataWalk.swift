import FirestoreModel
import Foundation
import ModelSchema

/// Rebuilds document data — the `[String: Any]` the read path hands a decoder, or the one an
/// encoder hands the write path — along a schema, letting a planted fault change the values
/// its rule is about.
///
/// Every value the schema gives a type to is visited after its children, with that type
/// (optionals included) and its coding path: struct maps field by field (by coding key),
/// arrays and sets element by element, `[String: V]` and `[Int: V]` maps entry by entry,
/// enum-keyed dictionaries' flat arrays with keys at even indexes and values at odd ones.
/// `rewrite` returns the value to keep in its place, or nil to remove a map entry (in an
/// array a removal leaves `NSNull`). Data that does not have the schema's shape is kept as it is.
/// Maps are changed in place, never rebuilt: a decoder walks a dictionary's entries in its
/// storage order, and which bad entry it reports first must not change.
struct SchemaDataWalk {
    /// The schema the data belongs to.
    let schema: ModelSchema
    /// What the fault does to one value.
    let rewrite: (_ value: Any, _ type: FieldType, _ path: ValuePath) -> Any?

    /// The data of a root struct, rewritten.
    func apply(to data: [String: Any]) -> [String: Any] {
        let rewritten = visit(data, type: .structure(schema.root), path: .root)
        return rewritten as? [String: Any] ?? [:]
    }

    private func visit(_ value: Any, type: FieldType, path: ValuePath) -> Any? {
        rewrite(children(of: value, type: type, path: path), type, path)
    }

    private func children(of value: Any, type: FieldType, path: ValuePath) -> Any {
        if value is NSNull { return value }
        switch type.unwrapped {
        case .structure(let name):
            guard var map = value as? [String: Any], let structSchema = schema.structSchema(named: name) else { return value }
            for field in structSchema.fields {
                guard let key = field.codingKey, let child = map[key] else { continue }
                map[key] = visit(child, type: field.type, path: path.appending(key: key))
            }
            return map
        case .array(let element), .set(let element):
            guard let elements = value as? [Any] else { return value }
            return elements.enumerated().map { index, child in
                visit(child, type: element, path: path.appending(index: index)) ?? NSNull()
            }
        case .dictionary(.enumeration(let name), let valueType):
            guard let elements = value as? [Any] else { return value }
            return elements.enumerated().map { index, child in
                let childType = index % 2 == 0 ? FieldType.enumeration(name) : valueType
                return visit(child, type: childType, path: path.appending(index: index)) ?? NSNull()
            }
        case .dictionary(_, let valueType):
            guard let map = value as? [String: Any] else { return value }
            var result = map // changed in place, so that its entries keep their order
            for (key, child) in map {
                result[key] = visit(child, type: valueType, path: path.appending(key: key))
            }
            return result
        default:
            return value
        }
    }
}

/// Rebuilds a model value along a schema, as `SchemaDataWalk` rebuilds data: every value
/// visited after its children, with its type and the coding path its data has (struct
/// fields by coding key, dictionary values by key, or for enum-keyed dictionaries by the
/// index of the value in the flat array, entries taken in their decoded order).
struct ModelValueWalk {
    /// The schema the value belongs to.
    let schema: ModelSchema
    /// What the fault does to one value (return it unchanged to keep it).
    let rewrite: (_ value: ModelValue, _ type: FieldType, _ path: ValuePath) -> ModelValue

    /// A root struct value, rewritten.
    func apply(to value: ModelValue) -> ModelValue {
        visit(value, type: .structure(schema.root), path: .root)
    }

    private func visit(_ value: ModelValue, type: FieldType, path: ValuePath) -> ModelValue {
        rewrite(children(of: value, type: type, path: path), type, path)
    }

    private func children(of value: ModelValue, type: FieldType, path: ValuePath) -> ModelValue {
        switch (value, type.unwrapped) {
        case let (.structure(fields), .structure(name)):
            guard let structSchema = schema.structSchema(named: name), structSchema.fields.count == fields.count else { return value }
            return .structure(zip(structSchema.fields, fields).map { field, model in
                ModelField(name: model.name, value: visit(model.value, type: field.type, path: path.appending(key: field.codingKey ?? field.name)))
            })
        case let (.array(elements), .array(element)):
            return .array(elements.enumerated().map { visit($1, type: element, path: path.appending(index: $0)) })
        case let (.set(elements), .set(element)):
            return .set(elements.enumerated().map { visit($1, type: element, path: path.appending(index: $0)) })
        case let (.dictionary(entries), .dictionary(keyType, valueType)):
            return .dictionary(entries.enumerated().map { position, entry in
                ModelDictionaryEntry(key: entry.key, value: visit(entry.value, type: valueType, path: entryPath(entry.key, position, keyType, path)))
            })
        default:
            return value
        }
    }

    private func entryPath(_ key: ModelValue, _ position: Int, _ keyType: DictionaryKeyType, _ path: ValuePath) -> ValuePath {
        switch (keyType, key) {
        case (.enumeration, _): return path.appending(index: 2 * position + 1)
        case (_, .string(let text)): return path.appending(key: text)
        case (_, .int(let number)): return path.appending(key: String(number))
        default: return path.appending(key: key.description)
        }
    }
}
