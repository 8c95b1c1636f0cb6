import FirestoreModel
import ModelSchema

extension ModelSchema {
    /// Whether a mapper decoding a document of this schema reaches the place `a` before the
    /// place `b`: a struct's fields in declaration order (keys the schema does not have
    /// after them), elements by index, entries by key; an enclosing place before the places
    /// inside it.
    ///
    /// When two mappers fail at different places, the first of the two in this order is
    /// where they part: the other mapper got past it.
    public func decodesBefore(_ a: ValuePath, _ b: ValuePath) -> Bool {
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
                let position = { (key: String) in fields.firstIndex { $0.codingKey?.utf8.elementsEqual(key.utf8) ?? false } ?? fields.count }
                let (p, q) = (position(k), position(l))
                if p != q { return p < q }
            }
            return k.utf8.lexicographicallyPrecedes(l.utf8)
        case (.key, .index):
            return true
        case (.index, .key):
            return false
        }
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
