import FirestoreModel
import ModelSchema

extension ModelSchema {
    /// Whether a mapper decoding a document of this schema reaches the place `a` before the
    /// place `b`: a struct's fields in declaration order (a field's property name where the
    /// schema reads its coding key, other keys the schema does not have after them), elements by
    /// index, entries by key; an enclosing place before the places inside it.
    ///
    /// When two mappers fail at different places, the first of the two in this order is
    /// where they part: the other mapper got past it.
    package func decodesBefore(_ a: ValuePath, _ b: ValuePath) -> Bool {
        var type: FieldType? = .structure(root)
        for (x, y) in zip(a.components, b.components) {
            guard x == y else { return Self.precedes(x, y, in: type, schema: self) }
            type = Self.step(type, x, schema: self)
        }
        return a.count < b.count
    }

    private static func precedes(_ x: ValuePath.Component, _ y: ValuePath.Component, in type: FieldType?, schema: ModelSchema) -> Bool {
        switch (x, y) {
        case let (.index(i), .index(j)):
            return i < j
        case let (.key(k), .key(l)):
            if case .structure(let name)? = type?.unwrapped, let fields = schema.structSchema(named: name)?.fields {
                let (p, q) = (position(of: k, in: fields), position(of: l, in: fields))
                if p.field != q.field { return p.field < q.field }
                if p.isCodingKey != q.isCodingKey { return !p.isCodingKey }
            }
            return k.utf8.lexicographicallyPrecedes(l.utf8)
        case (.key, .index):
            return true
        case (.index, .key):
            return false
        }
    }

    /// Where a struct's decoder reads `key`: at the field whose coding key it is; a key that is
    /// only a field's property name — a mapper that ignores the field's coding key reads it
    /// there — at that field, before its coding key (the mapper reading it is the one that parts
    /// from the schema); any other key after every field.
    private static func position(of key: String, in fields: [FieldSchema]) -> (field: Int, isCodingKey: Bool) {
        if let index = fields.firstIndex(where: { $0.codingKey?.utf8.elementsEqual(key.utf8) ?? false }) { return (index, true) }
        if let index = fields.firstIndex(where: { $0.name.utf8.elementsEqual(key.utf8) }) { return (index, false) }
        return (fields.count, false)
    }

    private static func step(_ type: FieldType?, _ component: ValuePath.Component, schema: ModelSchema) -> FieldType? {
        switch (type?.unwrapped, component) {
        case let (.structure(name)?, .key(key)):
            return schema.structSchema(named: name)?.fields.first { $0.codingKey?.utf8.elementsEqual(key.utf8) ?? false }?.type
        case let (.array(element)?, .index), let (.set(element)?, .index):
            return element
        case let (.dictionary(.enumeration(name), value)?, .index(index)):
            return index % 2 == 0 ? .enumeration(name) : value
        case let (.dictionary(_, value)?, .key):
            return value
        default:
            return nil
        }
    }
}
