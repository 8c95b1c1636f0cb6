import FirestoreModel
import ModelSchema

/// The kind of seed 002's table (Salada's property kinds) that maps a root field, as the
/// allowlist states the reflective family's documented rules — written apart from the mapper's
/// own table (`ReflectiveMapper`), so that a mapper which parts from its documentation shows.
enum ReflectiveTableKind: Hashable {
    /// `String`: stored as it is.
    case string
    /// Every integer width, `Float`, `Double`, `Bool`: stored as the number it is.
    case number(FieldType)
    /// `URL`: its `absoluteString`.
    case url
    /// `Date`: its seconds since 1970, a double.
    case date
    /// `[String]`: the array, nothing when empty.
    case strings
    /// `Set<String>`: the map `{element: true}`, nothing when empty.
    case stringSet
    /// `[String: V]`, `V` a string, number or boolean: the map as it is.
    case object(value: FieldType)
    /// A hook maps it.
    case hooked

    /// The kind that maps a field (its optional unwrapped); nil when the table has none and no
    /// hook maps it: the reflective mapper never writes or reads it.
    init?(_ field: FieldSchema) {
        if field.hook != nil {
            self = .hooked
            return
        }
        switch field.type.unwrapped {
        case .string: self = .string
        case .integer, .float, .double, .bool: self = .number(field.type.unwrapped)
        case .url: self = .url
        case .date: self = .date
        case .array(.string): self = .strings
        case .set(.string): self = .stringSet
        case .dictionary(.string, let value):
            switch value {
            case .string, .integer, .float, .double, .bool: self = .object(value: value)
            default: return nil
            }
        default: return nil
        }
    }
}

extension ModelSchema {
    /// The root struct's field a path starts at (its first step, a coding key, compared by code
    /// points), when the field is written and read by the reflective mapper's key-by-key
    /// rules: coded, not on the ignore list, not a `@DocumentID` (Salada's `id`).
    func reflectiveRootField(of path: ValuePath) -> FieldSchema? {
        guard case .key(let key)? = path.components.first else { return nil }
        return rootStruct?.fields.first { field in
            guard let codingKey = field.codingKey, !field.reflectiveIgnore, field.wrapper != .documentID else { return false }
            return codingKey.utf8.elementsEqual(key.utf8)
        }
    }
}
