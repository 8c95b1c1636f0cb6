import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// `ModelSchema.structFields(on:)`: the struct fields a coding path passes through, which the
/// field-deletion shrinker keeps and the report's Swift declarations point at.
@Suite struct StructFieldsTests {
    let schema = ModelSchema(root: "Book", structs: [
        StructSchema(name: "Book", fields: [
            FieldSchema(name: "title", codingKey: "t", type: .string),
            FieldSchema(name: "tags", type: .array(.structure("Tag"))),
            FieldSchema(name: "byName", type: .dictionary(key: .string, value: .structure("Tag"))),
            FieldSchema(name: "note", keyed: false, type: .string),
        ]),
        StructSchema(name: "Tag", fields: [FieldSchema(name: "name", codingKey: "n", type: .optional(.string))]),
    ])

    private func fields(_ path: ValuePath) -> [String] {
        schema.structFields(on: path).map { "\($0.structName).\($0.field)" }
    }

    @Test func structStepsGoByCodingKeyThroughArraysAndDictionaries() {
        #expect(fields(ValuePath(keys: "t")) == ["Book.0"])
        #expect(fields(ValuePath([.key("tags"), .index(1), .key("n")])) == ["Book.1", "Tag.0"])
        #expect(fields(ValuePath([.key("byName"), .key("name"), .key("n")])) == ["Book.2", "Tag.0"],
                "a dictionary's key is no field; the struct inside it is")
        #expect(fields(.root).isEmpty)
    }

    @Test func aKeyNoFieldCodesAddsNothing() {
        #expect(fields(ValuePath(keys: "title")).isEmpty, "the property name is not its coding key")
        #expect(fields(ValuePath(keys: "note")).isEmpty, "a field left out of CodingKeys has no key")
        #expect(fields(ValuePath([.key("tags"), .index(0), .key("x")])) == ["Book.1"])
    }
}
