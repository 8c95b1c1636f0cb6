import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// A fractional corruption of `Int64.min` used to trap (`abs` overflows); found by shrinking
/// a planted fault's case towards the integer edges.
@Test func fractionalCorruptionOfTheSmallestIntegerDoesNotTrap() throws {
    let schema = ModelSchema(root: "Model", structs: [
        StructSchema(name: "Model", fields: [FieldSchema(name: "n", type: .integer(.int64))]),
    ])
    let mutator = Mutator(schema: schema)
    let document: FirestoreMap = ["n": .integer(Int64.min)]
    var source = ChoiceSource(replaying: [1]) // one target; 1 = the fractional kind
    let mutated = try #require(mutator.inject(.corruptedData, into: MutatedDocument(document: document), from: &source))
    #expect(mutated.faults.map(\.kind) == [.fractionalNumber(.int64)])
    #expect(mutated.faults.map(\.path) == [ValuePath(keys: "n")])
    guard case .double(let number)? = mutated.document["n"] else {
        Issue.record("expected a double at n, found \(String(describing: mutated.document["n"]))")
        return
    }
    #expect(number.rounded(.towardZero) != number, "the corrupt value must be fractional, is \(number)")
}
