import FirestoreModel
import Foundation
import ModelSchema
import ReflectiveMapper
import Testing

/// A schema whose root `Model` has the given fields.
func model(_ fields: [FieldSchema], structs: [StructSchema] = [], enums: [EnumSchema] = []) -> ModelSchema {
    ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: fields)] + structs, enums: enums)
}

/// A property of a struct value.
func field(_ value: ModelValue?, _ name: String) -> ModelValue? {
    guard case .structure(let fields)? = value else { return nil }
    return fields.first { $0.name == name }?.value
}

/// Seed 002's `User` with its hooks and ignore list: `Corpus/schemas/salada_user.json`.
enum SaladaUser {
    /// The schema, read from the corpus (found from this file's path).
    static func schema() throws -> ModelSchema {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try ModelSchema(json: Data(contentsOf: root.appendingPathComponent("Corpus/schemas/salada_user.json"))).validated()
    }

    /// A user with every property set.
    static func value(tempName: ModelValue = .null) throws -> ModelValue {
        .structure([
            ModelField(name: "name", value: .string("john appleseed")),
            ModelField(name: "age", value: .int(22)),
            ModelField(name: "gender", value: .string("man")),
            ModelField(name: "groups", value: .set([.string("g1"), .string("g2")])),
            ModelField(name: "items", value: .array([.string("Book"), .string("Pen")])),
            ModelField(name: "location", value: .structure([ModelField(name: "latitude", value: .double(35.5)),
                                                           ModelField(name: "longitude", value: .double(139.25))])),
            ModelField(name: "url", value: .url(try #require(URL(string: "https://example.com/john")))),
            ModelField(name: "birth", value: .date(Date(timeIntervalSince1970: 1_000_000))),
            ModelField(name: "type", value: .enumCase("second")),
            ModelField(name: "tempName", value: tempName),
        ])
    }
}
