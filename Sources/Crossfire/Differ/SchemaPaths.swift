import FirestoreModel
import ModelSchema

/// Reading a schema along a document path: which Swift type sits at `tags[2].color`.
///
/// Paths here are coding paths: struct fields by coding key, array and set elements by
/// index, `[String: V]` and `[Int: V]` entries by key, and the flat arrays of enum-keyed
/// dictionaries by index (even indexes are keys, odd ones values).
extension ModelSchema {
    /// The field type at a path (nil at the root, or where the path leaves the schema).
    package func fieldType(at path: ValuePath) -> FieldType? {
        SchemaCursor(schema: self, path: path).type
    }

    /// The struct fields a path passes through, in order: at each key step whose parent value
    /// is a struct (the root struct at the root), that struct's name and the index of its
    /// field with that coding key. Steps into arrays and dictionaries add nothing.
    package func structFields(on path: ValuePath) -> [(structName: String, field: Int)] {
        var fields: [(structName: String, field: Int)] = []
        var prefix = ValuePath.root
        for component in path.components {
            defer { prefix = prefix.appending(component) }
            guard case .key(let key) = component, let structName = structName(at: prefix) else { continue }
            if let field = structSchema(named: structName)?.fields.firstIndex(where: { $0.codingKey.map { $0.utf8.elementsEqual(key.utf8) } ?? false }) {
                fields.append((structName, field))
            }
        }
        return fields
    }

    /// The name of the struct whose fields the keys after `path` name: the root struct at the
    /// root, the struct a field of struct type holds; nil where no struct is.
    package func structName(at path: ValuePath) -> String? {
        if path.isRoot { return root }
        if case .structure(let name)? = fieldType(at: path)?.unwrapped { return name }
        return nil
    }

    /// The path with array indexes and dictionary keys generalised (`tags[].color`,
    /// `scores{}`), so that findings at the same place in the schema group together.
    package func schemaPath(of path: ValuePath) -> String {
        var text = ""
        var prefix = ValuePath.root
        for component in path.components {
            let containerType = prefix.isRoot ? nil : fieldType(at: prefix)?.unwrapped
            switch component {
            case .index:
                text += "[]"
            case .key(let key):
                if case .dictionary? = containerType {
                    text += "{}"
                } else {
                    text += (text.isEmpty ? "" : ".") + ValuePath.quotedSegment(key)
                }
            }
            prefix = prefix.appending(component)
        }
        return text.isEmpty ? "(root)" : text
    }
}

extension FirestoreMap {
    /// The stored value at a path, if the path leads to one.
    package func value(at path: ValuePath) -> FirestoreValue? {
        var current: FirestoreValue = .map(self)
        for component in path.components {
            switch (current, component) {
            case let (.map(map), .key(key)):
                guard let next = map[key] else { return nil }
                current = next
            case let (.array(values), .index(index)) where values.indices.contains(index):
                current = values[index]
            default:
                return nil
            }
        }
        return current
    }
}
