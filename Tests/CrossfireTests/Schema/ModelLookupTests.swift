import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// `ModelSchema.modelValue(at:in:)`: a coding path's part of a model value.
@Suite struct ModelLookupTests {
    @Test func aKeyIsACodedFieldsBeforeItIsTheNameOfOneLeftOutOfCodingKeys() {
        let schema = HandBuiltCase.schema([
            FieldSchema(name: "a", keyed: false, type: .bool),
            FieldSchema(name: "a2", codingKey: "a", type: .set(.string)),
            FieldSchema(name: "note", keyed: false, type: .string),
        ])
        let value = HandBuiltCase.structure(["a": .bool(false), "a2": .set([]), "note": .string("n")])
        #expect(schema.modelValue(at: ValuePath(keys: "a"), in: value) == .set([]), "the field stored under a, not the one named a")
        #expect(schema.modelValue(at: ValuePath(keys: "note"), in: value) == .string("n"), "a field left out of CodingKeys, by its name")
    }
}
