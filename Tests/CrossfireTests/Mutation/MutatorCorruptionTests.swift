import Crossfire
import FirestoreModel
import ModelSchema
import Testing

@Suite("Mutator: corrupted integers")
struct MutatorCorruptionTests {
    @Test("an Int64.min field is corrupted without a trap (its magnitude overflows Int64)")
    func int64Minimum() throws {
        let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [FieldSchema(name: "n", type: .integer(.int64))])])
        let mutator = Mutator(schema: schema)
        var kinds: Set<String> = []
        for seed in UInt64(0)..<64 {
            var source = ChoiceSource(seed: seed)
            let mutated = try #require(mutator.inject(.corruptedData, into: MutatedDocument(document: ["n": .integer(.min)]), from: &source))
            let fault = try #require(mutated.faults.first)
            #expect(fault.path == ValuePath(keys: "n"))
            switch (fault.kind, mutated.document["n"]) {
            case (.fractionalNumber(.int64), .double(let fraction)?):
                #expect(fraction == 0.5, "a number too large to carry a fraction exactly becomes 0.5")
                kinds.insert("fraction")
            case (.integerOutOfRange(.int64), .double(let outside)?):
                #expect(outside >= 9_223_372_036_854_775_808.0 || outside < -9_223_372_036_854_775_808.0)
                kinds.insert("range")
            default:
                Issue.record("unexpected fault \(fault) with \(String(describing: mutated.document["n"]))")
            }
        }
        #expect(kinds == ["fraction", "range"])
    }
}
