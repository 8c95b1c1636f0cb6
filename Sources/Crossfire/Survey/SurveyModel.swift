import FirestoreCodable
import FirestoreModel
import ModelSchema

/// The model type a survey decodes documents as: the app's Codable read
/// (`snapshot.data(as: Model.self)`), and the schema that names the fields' Swift types and
/// drives the hand mappers — when there is one.
struct SurveyModel {
    /// The model type's name (`Card`).
    let name: String
    /// The model's schema; nil when it could not be derived from the type.
    let schema: ModelSchema?
    /// Why there is no schema, or nil.
    let schemaProblem: String?
    /// The app's read of one document; throws what `data(as:)` throws.
    let read: (DocumentSnapshot) throws -> Void

    /// A model given as a schema, read through `DynamicModel`.
    init(schema: ModelSchema) throws {
        let type = try DynamicModelType(schema: schema)
        name = schema.root
        self.schema = schema
        schemaProblem = nil
        read = { snapshot in _ = try type.decode(snapshot) }
    }

    /// A model given as a type; its schema is derived by `SchemaProbe` unless given.
    init<Model: Decodable>(_ type: Model.Type, schema: ModelSchema?) {
        name = String(describing: type)
        if let schema {
            self.schema = schema
            schemaProblem = nil
        } else {
            switch Result(catching: { () throws(SchemaProbeError) in try SchemaProbe.schema(of: type) }) {
            case .success(let derived):
                self.schema = derived
                schemaProblem = nil
            case .failure(let error):
                self.schema = nil
                schemaProblem = error.description
            }
        }
        read = { snapshot in _ = try snapshot.data(as: Model.self) }
    }

    /// The Swift type at a coding path, as the schema spells it (`Bool`, `[Tag]?`), or what
    /// the failure names when there is no schema.
    func expectedType(at path: ValuePath, failure: MappingFailure) -> String {
        if let type = schema?.fieldType(at: path) { return type.description }
        return failure.expected ?? "a value"
    }

    /// The coding path with array indexes and dictionary keys generalised (`tags[].color`).
    func generalised(_ path: ValuePath) -> String {
        if let schema { return schema.schemaPath(of: path) }
        var text = ""
        for component in path.components {
            switch component {
            case .index: text += "[]"
            case .key(let key): text += (text.isEmpty ? "" : ".") + ValuePath.quotedSegment(key)
            }
        }
        return text.isEmpty ? "(root)" : text
    }
}
