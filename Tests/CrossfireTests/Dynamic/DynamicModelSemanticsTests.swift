import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Places where `DynamicModel` must behave as the synthesized code of the real struct, found
/// by the faithfulness tests (Docs/faithfulness.md).
@Suite("DynamicModel: synthesized semantics")
struct DynamicModelSemanticsTests {
    static let reference = try! DocumentReference(path: "things/one")

    @Test("a struct whose CodingKeys have no case asks for no container: it decodes from null or anything")
    func structWithoutCodedKeys() throws {
        let schema = ModelSchema(root: "Model", structs: [
            StructSchema(name: "Model", fields: [FieldSchema(name: "empty", type: .structure("Empty")), FieldSchema(name: "hidden", type: .structure("Hidden"))]),
            StructSchema(name: "Empty", fields: []),
            StructSchema(name: "Hidden", fields: [FieldSchema(name: "count", keyed: false, type: .integer(.int))]),
        ])
        let type = try DynamicModelType(schema: schema)
        let expected = ModelValue.structure([
            ModelField(name: "empty", value: .structure([])),
            ModelField(name: "hidden", value: .structure([ModelField(name: "count", value: .int(0))])),
        ])
        for stored: Any in [NSNull(), Int64(5), "text", [Any](), [String: Any]()] {
            #expect(try type.decode(["empty": stored, "hidden": stored], reference: Self.reference) == expected)
        }
        let absent = try #require(throws: DecodingError.self) { try type.decode(["hidden": [String: Any]()], reference: Self.reference) }
        #expect(MappingFailure(codingError: absent).kind == .keyNotFound, "the key itself is still required")
        #expect(MappingFailure(codingError: absent).path == ValuePath(keys: "empty"))
        let encoded = try type.encode(expected)
        #expect((encoded["empty"] as? [String: Any])?.isEmpty == true)
        #expect((encoded["hidden"] as? [String: Any])?.isEmpty == true)
    }

    @Test("a Set of structs keeps the elements Swift's == tells apart: canonically equivalent strings and ±0.0 are one")
    func setOfStructsUsesSwiftEquality() throws {
        let schema = ModelSchema(root: "Model", structs: [
            StructSchema(name: "Model", fields: [FieldSchema(name: "tags", type: .set(.structure("Tag")))]),
            StructSchema(name: "Tag", fields: [FieldSchema(name: "title", type: .string), FieldSchema(name: "weight", type: .double)]),
        ])
        let type = try DynamicModelType(schema: schema)
        let stored: [Any] = [
            ["title": "caf\u{E9}", "weight": 0.0] as [String: Any],
            ["title": "cafe\u{301}", "weight": -0.0] as [String: Any],
            ["title": "tea", "weight": Double.nan] as [String: Any],
            ["title": "tea", "weight": Double.nan] as [String: Any],
        ]
        let decoded = try type.decode(["tags": stored], reference: Self.reference)
        guard case .structure(let fields) = decoded, case .set(let tags) = fields[0].value else {
            Issue.record("not a set: \(decoded)")
            return
        }
        #expect(tags.count == 3, "café once (as the real Set<Tag> keeps it), and both NaN tags (NaN equals nothing)")
        #expect(tags.filter { $0.description.contains("tea") }.count == 2)
    }

    @Test("a malformed hex color fails with the message of the emitted Color")
    func colorMessage() throws {
        let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [FieldSchema(name: "tint", type: .hexColor)])])
        let error = try #require(throws: DecodingError.self) { try DynamicModelType(schema: schema).decode(["tint": "#12345"], reference: Self.reference) }
        let failure = MappingFailure(codingError: error)
        #expect(failure.kind == .dataCorrupted)
        #expect(failure.path == ValuePath(keys: "tint"))
        #expect(failure.message == "Invalid hex color \"#12345\": expected #RRGGBB or #RRGGBBAA.")
    }
}
