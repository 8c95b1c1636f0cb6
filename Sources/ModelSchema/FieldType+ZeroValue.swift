extension FieldType {
    /// The value a property of this type takes when it is left out of `CodingKeys` (and so
    /// must be declared with a default): nil, `""`, `false`, zero, or an empty collection.
    /// Nil for types without such a value (dates, URLs, enums, structs …), which a schema
    /// may leave out of the coding keys only behind `@DocumentID`.
    package var zeroValue: ModelValue? {
        switch self {
        case .optional: return .null
        case .string: return .string("")
        case .bool: return .bool(false)
        case .integer(let type): return type.isSigned ? .int(0) : .uint(0)
        case .float: return .float(0)
        case .double: return .double(0)
        case .decimal: return .decimal(0)
        case .array: return .array([])
        case .set: return .set([])
        case .dictionary: return .dictionary([])
        case .date, .url, .data, .timestamp, .geoPoint, .documentReference, .hexColor, .enumeration, .structure:
            return nil
        }
    }
}
