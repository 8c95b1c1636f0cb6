@testable import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The tree passes one by one: each keeps the document, the model value and the schema in
/// step, and makes the case smaller or simpler.
struct ShrinkPassTests {
    static let boxed = ModelSchema(root: "Model", structs: [
        StructSchema(name: "Model", fields: [
            FieldSchema(name: "title", type: .string),
            FieldSchema(name: "box", type: .optional(.structure("Box"))),
            FieldSchema(name: "boxes", codingKey: "all_boxes", type: .array(.structure("Box"))),
        ]),
        StructSchema(name: "Box", fields: [
            FieldSchema(name: "label", type: .string),
            FieldSchema(name: "size", codingKey: "box_size", type: .integer(.int8)),
        ]),
    ])

    static func boxedRecord() -> CaseRecord {
        let box: FirestoreValue = .map(["label": .string("x"), "box_size": .integer(3)])
        let boxValue: ModelValue = .structure([ModelField(name: "label", value: .string("x")), ModelField(name: "size", value: .int(3))])
        return CaseRecord(
            schema: boxed, reference: nil,
            document: ["title": .string("t"), "box": box, "all_boxes": .array([box, .map(["label": .string("y")])])],
            model: .structure([ModelField(name: "title", value: .string("t")), ModelField(name: "box", value: boxValue),
                               ModelField(name: "boxes", value: .array([boxValue]))])
        )
    }

    @Test func inliningAStructPutsItsFieldInItsPlaceEverywhere() throws {
        let inlined = try #require(SchemaEdits.apply(.inlineStruct(structName: "Box", field: 1), to: ShrinkPassTests.boxedRecord()))
        #expect(inlined.schema == ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
            FieldSchema(name: "title", type: .string),
            FieldSchema(name: "box", type: .optional(.integer(.int8))),
            FieldSchema(name: "boxes", codingKey: "all_boxes", type: .array(.integer(.int8))),
        ])]))
        // An element that lacked the field holds null: an array element cannot be missing.
        #expect(inlined.document == ["title": .string("t"), "box": .integer(3), "all_boxes": .array([.integer(3), .null])])
        #expect(inlined.model == .structure([ModelField(name: "title", value: .string("t")), ModelField(name: "box", value: .int(3)),
                                             ModelField(name: "boxes", value: .array([.int(3)]))]))
    }

    @Test func theRootIsNeverInlined() {
        #expect(SchemaEdits.apply(.inlineStruct(structName: "Model", field: 0), to: ShrinkPassTests.boxedRecord()) == nil)
    }

    @Test func renamingAFieldRenamesItsKeyInEveryValueAndKeepsARename() throws {
        let plain = try #require(SchemaEdits.apply(.renameField(structName: "Box", index: 0), to: ShrinkPassTests.boxedRecord()))
        #expect(plain.schema.structSchema(named: "Box")?.fields[0] == FieldSchema(name: "a", type: .string))
        #expect(plain.document?["box"] == .map(["a": .string("x"), "box_size": .integer(3)]))
        #expect(plain.document?["all_boxes"] == .array([.map(["a": .string("x"), "box_size": .integer(3)]), .map(["a": .string("y")])]))
        let renamed = try #require(SchemaEdits.apply(.renameField(structName: "Box", index: 1), to: plain))
        #expect(renamed.schema.structSchema(named: "Box")?.fields[1] == FieldSchema(name: "b", codingKey: "c", type: .integer(.int8)))
        #expect(renamed.document?["box"] == .map(["a": .string("x"), "c": .integer(3)]))
        #expect(renamed.model.map { "\($0)" }?.contains("b: 3") == true)
        #expect(SchemaEdits.renames(of: renamed.schema).count == 3, "title, box and boxes are left; Box's fields are short")
    }

    @Test func shorterStringsAndRounderNumbersAreStrictlySimpler() {
        #expect(SimplerScalars.shorter("hello") == ["he", "hell"])
        #expect(SimplerScalars.shorter("ab") == ["a"])
        #expect(SimplerScalars.shorter("a").isEmpty)
        #expect(SimplerScalars.rounder(3.14159) == [3, 3.1, 3.14, 3.142, 3.1416])
        #expect(SimplerScalars.rounder(1e39).isEmpty, "one significant digit is as round as it gets")
        #expect(SimplerScalars.rounder(Double.nan).isEmpty)
        #expect(SimplerScalars.rounder(Float(2.75)) == [2, 3, 2.8])
        #expect(SimplerScalars.significantDigits(0.001_25) == 3)
    }

    @Test func dictionaryKeysGetShortKeysOneAtATime() throws {
        let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
            FieldSchema(name: "d", type: .dictionary(key: .string, value: .integer(.int))),
            FieldSchema(name: "n", type: .dictionary(key: .int, value: .integer(.int))),
        ])])
        let document: FirestoreMap = ["d": .map(["zeta": .integer(1), "a": .integer(2)]), "n": .map(["40": .integer(3)])]
        var renames: [String] = []
        for case .renameKey(let path, let key) in DocumentEdits.edits(of: document, schema: schema) { renames.append("\(path) -> \(key)") }
        #expect(renames == ["d.zeta -> b", "n.`40` -> 0"])
        let edited = try #require(DocumentEdits.apply(.renameKey(ValuePath(keys: "d", "zeta"), "b"), to: document))
        #expect(edited["d"] == .map(["b": .integer(1), "a": .integer(2)]))
    }

    @Test func integersAreLoweredOnTheirSideOfZero() throws {
        let record = CaseRecord(schema: ShrinkPassTests.boxed, reference: nil, document: ["n": .integer(-9999), "one": .integer(1)],
                                model: .structure([ModelField(name: "u", value: .uint(UInt64.max))]))
        let places = NumberLowering.places(of: record)
        #expect(places.map(\.magnitude) == [9999, UInt64.max], "1 is as low as it gets")
        #expect(places[0].lowered(to: 129, in: record)?.document?["n"] == .integer(-129))
        #expect(places[1].lowered(to: 7, in: record)?.model == .structure([ModelField(name: "u", value: .uint(7))]))
    }

    @Test func aBudgetCountsAttemptsAndNamesTheBoundReached() {
        let budget = ShrinkBudget(maxAttempts: 2, timeLimit: .seconds(600))
        #expect(budget.spent == nil)
        #expect(budget.take() && budget.take())
        #expect(!budget.take())
        #expect(budget.attempts == 2)
        #expect(budget.spent == .attemptBudget)
        #expect(budget.stop(finished: true) == .exhausted)
        #expect(budget.stop(finished: false) == .attemptBudget)
        #expect(ShrinkBudget(maxAttempts: 10, timeLimit: .zero).spent == .timeBudget)
    }
}
