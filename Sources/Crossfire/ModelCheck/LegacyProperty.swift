import FirestoreModel
import ModelSchema

/// The model property a disagreement's path ends at: its declaration in the schema and the
/// struct that declares it, so that a fix can name it as Swift (`@DocumentID var id: String?`
/// in `Author`) and never tell an optional property to become optional.
struct LegacyProperty {
    /// The struct declaring the property.
    let structName: String
    /// The property's declaration.
    let field: FieldSchema
    /// Whether the struct is not the model's root type (a nested struct, an array's element).
    let isNested: Bool

    /// The property whose field `path` names, or nil when the path ends elsewhere (the root, an
    /// array element, a dictionary entry).
    init?(at path: ValuePath, in schema: ModelSchema) {
        guard case .key(let key)? = path.components.last, let structName = schema.structName(at: path.parent),
              let field = schema.structSchema(named: structName)?.fields.first(where: { $0.codingKey == key })
        else { return nil }
        self.structName = structName
        self.field = field
        isNested = path.components.count > 1
    }

    /// The declaration as Swift, with `wrapper` in front when given: `var id: String?`,
    /// `@DocumentID var id: String?`.
    func declaration(wrapper: PropertyWrapper? = nil, type: FieldType? = nil) -> String {
        (wrapper.map { "@\($0.rawValue) " } ?? "") + "var \(field.name): \(type ?? field.type)"
    }

    /// Where it is declared, for a sentence: `in Author`.
    var place: String { "in `\(structName)`" }
}
