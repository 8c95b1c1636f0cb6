import ModelSchema

/// A type built from other types (optionals, arrays, sets, dictionaries): its field type is
/// found from its parameters' types, and an empty value stands in for it while probing.
protocol SchemaProbeComposite {
    /// The field type, the parameters' types probed in `probe`.
    static func probedFieldType(in probe: SchemaProbe, at path: String) throws -> FieldType
    /// An empty value of the type.
    static var probePlaceholder: Any { get }
}

extension Optional: SchemaProbeComposite where Wrapped: Decodable {
    static func probedFieldType(in probe: SchemaProbe, at path: String) throws -> FieldType {
        .optional(try probe.fieldType(of: Wrapped.self, at: path))
    }

    static var probePlaceholder: Any { Wrapped?.none as Any }
}

extension Array: SchemaProbeComposite where Element: Decodable {
    static func probedFieldType(in probe: SchemaProbe, at path: String) throws -> FieldType {
        .array(try probe.fieldType(of: Element.self, at: path + "[]"))
    }

    static var probePlaceholder: Any { [Element]() }
}

extension Set: SchemaProbeComposite where Element: Decodable {
    static func probedFieldType(in probe: SchemaProbe, at path: String) throws -> FieldType {
        .set(try probe.fieldType(of: Element.self, at: path + "[]"))
    }

    static var probePlaceholder: Any { Set<Element>() }
}

extension Dictionary: SchemaProbeComposite where Key: Decodable, Value: Decodable {
    static func probedFieldType(in probe: SchemaProbe, at path: String) throws -> FieldType {
        let valueType = try probe.fieldType(of: Value.self, at: path + "[]")
        switch try probe.fieldType(of: Key.self, at: path) {
        case .string: return .dictionary(key: .string, value: valueType)
        case .integer(.int): return .dictionary(key: .int, value: valueType)
        case .enumeration(let name): return .dictionary(key: .enumeration(name), value: valueType)
        case let other:
            throw SchemaProbeError(typeName: "\(Self.self)", path: path, reason: "dictionary keys of type \(other) are not supported (String, Int or an enum)")
        }
    }

    static var probePlaceholder: Any { [Key: Value]() }
}
