import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Shrinking cases that came from files: the tree passes bring a padded case down to what
/// its finding needs.
struct TreeShrinkerTests {
    @Test func aPaddedDocumentShrinksToItsEssentialField() throws {
        let shrinker = FindingShrinker(runner: try RegressionFixtures.runner(), timeLimit: .seconds(60))
        let result = try shrinker.shrink(StoredCase(record: try RegressionFixtures.record()), signature: RegressionFixtures.silentDefaultSignature)
        let shrunk = result.finding.testCase
        #expect(result.finding.signature == RegressionFixtures.silentDefaultSignature)
        #expect(result.finding.explanation?.id == "lenient-silent-default")
        // Only `count` is left, holding the simplest string; the model value is dropped.
        #expect(shrunk.schema == ModelSchema(root: "Order", structs: [StructSchema(name: "Order", fields: [FieldSchema(name: "count", type: .integer(.int))])]))
        #expect(shrunk.document == ["count": .string("")])
        #expect(shrunk.model == nil)
        #expect(shrunk.reference?.path == "c/d")
        #expect(shrunk.choices == nil)
        #expect(result.choices == nil)
        let tree = try #require(result.tree)
        #expect(tree.timedOut == false)
        #expect(tree.steps >= 8)
        #expect(tree.attempts > tree.steps)
        #expect(result.before == CaseSize(try RegressionFixtures.record()))
        #expect(result.after.documentValues == 2)
        #expect(result.after.modelValues == nil)
        #expect(result.after.schemaFields == 1)
        #expect(result.after.schemaTypes == 1)
    }

    @Test func anEncodeFindingKeepsOnlyTheModelValueItNeeds() throws {
        let runner = try RegressionFixtures.runner()
        let finding = try #require(try RegressionFixtures.finding("roundTripLoss roundTrip level [Int8 <- boolean] codable:"))
        let result = try FindingShrinker(runner: runner, timeLimit: .seconds(60)).shrink(StoredCase(record: try RegressionFixtures.record()), signature: finding.signature)
        let shrunk = result.finding.testCase
        #expect(result.finding.explanation?.id == "int8-stored-as-boolean")
        #expect(shrunk.document == nil)
        #expect(shrunk.schema.structs.map(\.name) == ["Order"])
        #expect(shrunk.schema.rootStruct?.fields.map(\.name) == ["level"])
        #expect(shrunk.schema.enums.isEmpty)
        guard case .structure(let fields)? = shrunk.model else {
            Issue.record("expected a struct value, found \(String(describing: shrunk.model))")
            return
        }
        #expect(fields.map(\.name) == ["level"])
        #expect(runner.run(shrunk).findings.contains { $0.signature == finding.signature })
    }

    @Test func nestedStructFieldsAndCollectionElementsAreDroppedToo() throws {
        // The finding is in the nested struct: the root keeps `owner`, the struct keeps `age`.
        let runner = try RegressionFixtures.runner()
        var record = try RegressionFixtures.record()
        record.document?["count"] = .integer(7)
        record.document?["owner"] = .map(["full_name": .string("Ann Smith"), "age": .string("old")])
        let signature = "silentDefault decode owner.age [UInt8 <- string] codable:typeMismatch lenient:value"
        #expect(runner.run(record).findings.contains { $0.signature == signature })
        let result = try FindingShrinker(runner: runner, timeLimit: .seconds(60)).shrink(StoredCase(record: record), signature: signature)
        let shrunk = result.finding.testCase
        #expect(shrunk.schema.structs.map { $0.fields.map(\.name) } == [["owner"], ["age"]])
        #expect(shrunk.document == ["owner": .map(["age": .string("")])])
    }

    @Test func theTimeLimitStopsItAndSaysSo() throws {
        let result = try FindingShrinker(runner: try RegressionFixtures.runner(), timeLimit: .zero)
            .shrink(StoredCase(record: try RegressionFixtures.record()), signature: RegressionFixtures.silentDefaultSignature)
        #expect(result.timedOut)
        #expect(result.tree?.timedOut == true)
        #expect(result.tree?.steps == 0)
        #expect(result.finding.testCase.document == RegressionFixtures.document)
    }

    @Test func aFindingThatDoesNotOccurCannotBeShrunk() throws {
        #expect {
            try FindingShrinker(runner: try RegressionFixtures.runner())
                .shrink(StoredCase(record: try RegressionFixtures.record()), signature: "decodeDisagreement decode nowhere [- <- -]")
        } throws: { error in
            (error as? ShrinkError)?.message == "the finding no longer occurs: decodeDisagreement decode nowhere [- <- -]"
        }
    }

    @Test func aCaseWithChoicesShrinksByChoicesFirst() throws {
        // A generated case: find one with a finding, then shrink it both ways.
        let runner = try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "scalars")
        var found: Finding?
        for seed: UInt64 in 1...200 {
            var source = ChoiceSource(seed: seed)
            if let finding = runner.run(from: &source, seed: seed, caseIndex: 0).findings.first(where: { $0.discrepancy.kind == .silentDefault }) {
                found = finding
                break
            }
        }
        let finding = try #require(found)
        let result = try FindingShrinker(runner: runner, timeLimit: .seconds(60)).shrink(StoredCase(record: finding.testCase), signature: finding.signature)
        let choices = try #require(result.choices)
        #expect(choices.choicesBefore == finding.testCase.choices?.count)
        #expect(choices.choicesAfter <= choices.choicesBefore)
        #expect(result.tree != nil)
        #expect(result.after.schemaFields <= result.before.schemaFields)
        #expect(runner.run(result.finding.testCase).findings.contains { $0.signature == finding.signature })
    }
}
