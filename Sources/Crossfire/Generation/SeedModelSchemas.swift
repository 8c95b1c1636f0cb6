import ModelSchema

/// The corpus schemas of the seeds' models that a run can be driven by as they are
/// (`GenerationProfile.saladaUser`). Each equals its file in `Corpus/schemas/` (a test checks).
package enum SeedModelSchemas {
    /// Seed 002's (Salada's) `User` with its hooks and ignore list: `salada_user.json`.
    package static let saladaUser = ModelSchema(root: "User", structs: [
        StructSchema(name: "Location", fields: [
            FieldSchema(name: "latitude", type: .double),
            FieldSchema(name: "longitude", type: .double),
        ]),
        StructSchema(name: "User", fields: [
            FieldSchema(name: "name", type: .optional(.string)),
            FieldSchema(name: "age", type: .integer(.int)),
            FieldSchema(name: "gender", type: .optional(.string)),
            FieldSchema(name: "groups", type: .set(.string)),
            FieldSchema(name: "items", type: .array(.string)),
            FieldSchema(name: "location", type: .optional(.structure("Location")), hook: .coordinates),
            FieldSchema(name: "url", type: .optional(.url)),
            FieldSchema(name: "birth", type: .optional(.date)),
            FieldSchema(name: "type", type: .enumeration("UserType"), hook: .rawValue),
            FieldSchema(name: "tempName", keyed: false, type: .optional(.string), reflectiveIgnore: true),
        ]),
    ], enums: [
        EnumSchema(name: "UserType", rawType: .int, cases: [EnumCase(name: "first"), EnumCase(name: "second")]),
    ])
}
