import Crossfire
import FirestoreModel
import ModelSchema

/// A document or a model value as a tree for the page: each node names its place (a key or an
/// index, as the leaf's path names it), shows a scalar's value or a container's size, and
/// holds its children in order.
struct ValueTree {
    /// The path component that leads to this node from its parent (nil at the root).
    var component: ValuePath.Component?
    /// The label shown (`title`, `[2]`, a Swift property name).
    var label: String
    /// A scalar's rendering, or a container's summary (`map, 3 keys`).
    var text: String
    /// Whether `text` is a summary (a container) rather than a value.
    var isContainer: Bool
    /// The children.
    var children: [ValueTree]

    /// A stored document (its fields).
    static func document(_ fields: FirestoreMap) -> ValueTree {
        ValueTree(component: nil, label: "document", text: Self.counted(fields.count, "field"), isContainer: true,
                  children: fields.map { stored($0.value, component: .key($0.key), label: $0.key) })
    }

    private static func stored(_ value: FirestoreValue, component: ValuePath.Component, label: String) -> ValueTree {
        switch value {
        case .map(let map):
            return ValueTree(component: component, label: label, text: "map, " + counted(map.count, "key"), isContainer: true,
                             children: map.map { stored($0.value, component: .key($0.key), label: $0.key) })
        case .array(let elements):
            return ValueTree(component: component, label: label, text: "array, " + counted(elements.count, "element"), isContainer: true,
                             children: elements.enumerated().map { stored($0.element, component: .index($0.offset), label: "[\($0.offset)]") })
        default:
            return ValueTree(component: component, label: label, text: value.description, isContainer: false, children: [])
        }
    }

    /// A model value of `schema`'s root struct. Struct fields are labelled with their Swift
    /// names and reached by their coding keys, as the leaf's path names them; an enum-keyed
    /// dictionary's entries as its stored flat array (key at an even index, value at the next).
    static func model(_ value: ModelValue, schema: ModelSchema) -> ValueTree {
        var root = model(value, type: .structure(schema.root), component: nil, label: "model value", schema: schema)
        root.label = "model value"
        return root
    }

    private static func model(_ value: ModelValue, type: FieldType, component: ValuePath.Component?, label: String,
                              schema: ModelSchema) -> ValueTree {
        switch (value, type.unwrapped) {
        case let (.structure(fields), .structure(name)):
            let declared = schema.structSchema(named: name)?.fields ?? []
            let children = fields.enumerated().map { offset, field in
                let declaration = declared.indices.contains(offset) ? declared[offset] : nil
                return model(field.value, type: declaration?.type ?? .string, component: .key(declaration?.codingKey ?? field.name),
                             label: field.name, schema: schema)
            }
            return ValueTree(component: component, label: label, text: name, isContainer: true, children: children)
        case let (.array(elements), .array(element)), let (.set(elements), .set(element)):
            let kind = type.unwrapped == .array(element) ? "array" : "set"
            return ValueTree(component: component, label: label, text: kind + ", " + counted(elements.count, "element"), isContainer: true,
                             children: elements.enumerated().map {
                                 model($0.element, type: element, component: .index($0.offset), label: "[\($0.offset)]", schema: schema)
                             })
        case let (.dictionary(entries), .dictionary(keyType, valueType)):
            var children: [ValueTree] = []
            for (offset, entry) in entries.enumerated() {
                if case .enumeration = keyType {
                    children.append(model(entry.key, type: keyType.fieldType, component: .index(2 * offset), label: "key [\(2 * offset)]", schema: schema))
                    children.append(model(entry.value, type: valueType, component: .index(2 * offset + 1), label: "[\(entry.key)]", schema: schema))
                } else {
                    let key = schema.storedKeyText(entry.key, keyType: keyType)
                    children.append(model(entry.value, type: valueType, component: .key(key), label: "[\(entry.key)]", schema: schema))
                }
            }
            return ValueTree(component: component, label: label, text: "dictionary, " + counted(entries.count, "entry", plural: "entries"),
                             isContainer: true, children: children)
        default:
            return ValueTree(component: component, label: label, text: value.description, isContainer: false, children: [])
        }
    }

    private static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        Report.counted(count, noun, plural: plural)
    }
}
