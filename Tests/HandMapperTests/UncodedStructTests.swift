import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Structs whose CodingKeys have no case")
struct UncodedStructTests {
    static let schema = ModelSchema(root: "Model", structs: [
        StructSchema(name: "Model", fields: [
            FieldSchema(name: "empty", type: .structure("Empty")),
            FieldSchema(name: "hidden", type: .structure("Hidden")),
            FieldSchema(name: "maybe", type: .optional(.structure("Empty"))),
        ]),
        StructSchema(name: "Empty", fields: []),
        StructSchema(name: "Hidden", fields: [FieldSchema(name: "count", keyed: false, type: .integer(.int))]),
    ])

    @Test("strict: synthesized init(from:) asks for no container, so any value, null included, gives the defaults")
    func strictTakesAnything() throws {
        for stored: Any in [NSNull(), Int64(5), "text", [Any](), [String: Any]()] {
            let value = try StrictHandMapper(schema: Self.schema).decode(["empty": stored, "hidden": stored, "maybe": stored], reference: nil)
            #expect(field(value, "empty") == .structure([]))
            #expect(field(value, "hidden") == .structure([ModelField(name: "count", value: .int(0))]))
            #expect(field(value, "maybe") == (stored is NSNull ? .null : .structure([])), "decodeIfPresent reads null as nil")
        }
        let absent = try #require(strictFailure(Self.schema, ["hidden": NSNull()]))
        #expect(absent.kind == .keyNotFound)
        #expect(absent.path == ValuePath(keys: "empty"))
    }

    @Test("lenient: the `as? [String: Any]` idiom still wants a map")
    func lenientWantsAMap() {
        let result = LenientHandMapper(schema: Self.schema).decode(["empty": NSNull(), "hidden": [String: Any](), "maybe": Int64(1)], reference: nil)
        #expect(result.defaults.map(\.path.description) == ["empty", "maybe"])
        #expect(field(result.value, "empty") == .structure([]))
    }
}
