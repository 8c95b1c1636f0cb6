import FirestoreModel
import ModelSchema
import Testing

/// Where two decoders that fail at different places part: the place reached first in decode order.
struct DecodeOrderTests {
    let schema = ModelSchema(root: "Model", structs: [
        StructSchema(name: "Model", fields: [
            FieldSchema(name: "title", type: .string),
            FieldSchema(name: "count", codingKey: "total", type: .integer(.int)),
            FieldSchema(name: "tags", type: .array(.string)),
        ]),
    ], enums: [])

    @Test func fieldsComeInDeclarationOrderWhateverTheirKeysSpell() {
        #expect(schema.decodesBefore(ValuePath.root.appending(key: "title"), ValuePath.root.appending(key: "total")))
        #expect(schema.decodesBefore(ValuePath.root.appending(key: "total"), ValuePath.root.appending(key: "tags")))
        #expect(!schema.decodesBefore(ValuePath.root.appending(key: "tags"), ValuePath.root.appending(key: "title")))
    }

    @Test func aPropertyNameCountsAtItsFieldJustBeforeTheCodingKey() {
        let name = ValuePath.root.appending(key: "count")
        let key = ValuePath.root.appending(key: "total")
        #expect(schema.decodesBefore(name, key))
        #expect(!schema.decodesBefore(key, name))
        #expect(schema.decodesBefore(ValuePath.root.appending(key: "title"), name))
        #expect(schema.decodesBefore(name, ValuePath.root.appending(key: "tags")))
    }

    @Test func otherKeysComeAfterEveryFieldAndInsidePlacesAfterTheirContainer() {
        let tags = ValuePath.root.appending(key: "tags")
        #expect(schema.decodesBefore(tags, ValuePath.root.appending(key: "zzz")))
        #expect(schema.decodesBefore(tags, tags.appending(index: 0)))
        #expect(schema.decodesBefore(tags.appending(index: 1), tags.appending(index: 2)))
        #expect(!schema.decodesBefore(tags.appending(index: 2), tags.appending(index: 1)))
    }
}
