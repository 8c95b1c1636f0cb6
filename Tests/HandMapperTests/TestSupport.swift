import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

/// A schema whose root `Model` has one property `value` of the given type.
func single(_ type: FieldType, key: String? = nil, wrapper: PropertyWrapper? = nil,
            structs: [StructSchema] = [], enums: [EnumSchema] = []) -> ModelSchema {
    ModelSchema(root: "Model",
                structs: [StructSchema(name: "Model", fields: [FieldSchema(name: "value", codingKey: key, type: type, wrapper: wrapper)])] + structs,
                enums: enums)
}

/// The strict decode of a document, or nil when it throws.
func strictValue(_ schema: ModelSchema, _ data: [String: Any], reference: DocumentReference? = nil) -> ModelValue? {
    try? StrictHandMapper(schema: schema).decode(data, reference: reference)
}

/// The error of a strict decode, or nil when it succeeds.
func strictFailure(_ schema: ModelSchema, _ data: [String: Any], reference: DocumentReference? = nil) -> MappingError? {
    do {
        _ = try StrictHandMapper(schema: schema).decode(data, reference: reference)
        return nil
    } catch {
        return error
    }
}

/// The error of a strict encode, or nil when it succeeds.
func encodeFailure(_ schema: ModelSchema, _ value: ModelValue) -> MappingError? {
    do {
        _ = try StrictHandMapper(schema: schema).encode(value)
        return nil
    } catch {
        return error
    }
}

/// A property of a struct value.
func field(_ value: ModelValue?, _ name: String) -> ModelValue? {
    guard case .structure(let fields)? = value else { return nil }
    return fields.first { $0.name == name }?.value
}

/// The root `Model { value }` of a single-property schema.
func model(_ value: ModelValue) -> ModelValue {
    .structure([ModelField(name: "value", value: value)])
}

/// The document reference the tests read documents from.
func bookReference() throws -> DocumentReference {
    try DocumentReference(path: "books/hitchhiker")
}

/// Google's Codable guide's shapes, as schemas.
enum SeedShapes {
    /// `enum Status: String { case draft, inReview = "in review", approved, published }`.
    static let status = EnumSchema(name: "Status", rawType: .string, cases: [
        EnumCase(name: "draft"), EnumCase(name: "inReview", rawValue: .string("in review")),
        EnumCase(name: "approved"), EnumCase(name: "published"),
    ])

    /// `struct Tag { var title: String; var color: Color }`.
    static let tag = StructSchema(name: "Tag", fields: [
        FieldSchema(name: "title", type: .string),
        FieldSchema(name: "color", type: .hexColor),
    ])

    /// `struct CoverImages { var small: URL; var medium: URL; var large: URL }`.
    static let coverImages = StructSchema(name: "CoverImages", fields: [
        FieldSchema(name: "small", type: .url), FieldSchema(name: "medium", type: .url), FieldSchema(name: "large", type: .url),
    ])

    /// `struct Book { @DocumentID var id: String?; title; numberOfPages: Int; author;
    /// cover: CoverImages?; genres: [String]; tags: [Tag]; status: Status }`.
    static let book = ModelSchema(root: "Book", structs: [
        StructSchema(name: "Book", fields: [
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "title", type: .string),
            FieldSchema(name: "numberOfPages", type: .integer(.int)),
            FieldSchema(name: "author", type: .string),
            FieldSchema(name: "cover", type: .optional(.structure("CoverImages"))),
            FieldSchema(name: "genres", type: .array(.string)),
            FieldSchema(name: "tags", type: .array(.structure("Tag"))),
            FieldSchema(name: "status", type: .enumeration("Status")),
        ]),
        tag, coverImages,
    ], enums: [status])

    /// `struct ProgrammingLanguage { @DocumentID var id: String?; var name: String
    /// (key "language_name"); var year: Date; var reasonWhyILoveThis: String = "" (not coded) }`.
    static let programmingLanguage = ModelSchema(root: "ProgrammingLanguage", structs: [
        StructSchema(name: "ProgrammingLanguage", fields: [
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "name", codingKey: "language_name", type: .string),
            FieldSchema(name: "year", type: .date),
            FieldSchema(name: "reasonWhyILoveThis", keyed: false, type: .string),
        ]),
    ])

    /// A valid book document, as `data()` hands it over.
    static func bookDocument() -> [String: Any] {
        [
            "title": "The Hitchhiker's Guide to the Galaxy",
            "numberOfPages": Int64(816),
            "author": "Douglas Adams",
            "genres": ["Science Fiction", "Comedy"] as [Any],
            "tags": [
                ["title": "funny", "color": "#FFCC00"] as [String: Any],
                ["title": "classic", "color": "#336699"] as [String: Any],
                ["title": "towel", "color": "#00000080"] as [String: Any],
            ] as [Any],
            "status": "in review",
        ]
    }
}
