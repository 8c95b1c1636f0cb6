import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Shrinking a class's case with `FindingShrinker`: the tree passes bring a padded case down
/// to a repro a person reads, under one attempt budget, and say why they stopped.
struct TreeShrinkerTests {
    @Test func aLenientDefaultShrinksToOneShortField() throws {
        let runner = try ShrinkFixtures.runner()
        let key = try #require(try ShrinkFixtures.key(.stringCount, at: "count", runner: runner) { $0.discrepancy.kind == .silentDefault })
        let result = try FindingShrinker(runner: runner).shrink(StoredCase(record: try ShrinkFixtures.record(.stringCount)), key: key)
        let shrunk = result.finding.testCase
        #expect(result.finding.key == key)
        #expect(shrunk.schema == ModelSchema(root: "Shipment", structs: [StructSchema(name: "Shipment", fields: [FieldSchema(name: "a", type: .integer(.int))])]))
        #expect(shrunk.document == ["a": .string("")])
        #expect(shrunk.model == nil)
        #expect(shrunk.reference?.path == "c/d")
        #expect(shrunk.choices == nil)
        #expect(result.choices == nil)
        #expect(result.stop == .exhausted)
        let tree = try #require(result.tree)
        #expect(tree.stop == .exhausted)
        #expect(tree.attempts > tree.steps)
        #expect(result.finding.shrink?.attempts == tree.attempts)
        #expect(result.after.schemaFields == 1)
    }

    @Test func aChainOfNestedStructsCollapsesToTheLeaf() throws {
        let runner = try ShrinkFixtures.runner()
        let key = try #require(try ShrinkFixtures.key(.bigZip, at: "owner.address.zip", runner: runner))
        let result = try FindingShrinker(runner: runner).shrink(StoredCase(record: try ShrinkFixtures.record(.bigZip)), key: key)
        let shrunk = result.finding
        #expect(shrunk.key == key)
        #expect(shrunk.discrepancy.path.count == 1, "the leaf moved up to \(shrunk.discrepancy.path)")
        #expect(shrunk.testCase.schema.structs.count == 1)
        #expect(shrunk.testCase.schema.rootStruct?.fields.count == 1)
        // The out-of-range Int8 is lowered to the first value its rule refuses.
        #expect(shrunk.testCase.document?.values == [.integer(128)])
        #expect(result.stop == .exhausted)
    }

    @Test func aDictionaryKeepsOneEntryUnderAShortKey() throws {
        let runner = try ShrinkFixtures.runner()
        let key = try #require(try ShrinkFixtures.key(.negativeLimit, at: "limit_table.beta", runner: runner))
        let result = try FindingShrinker(runner: runner).shrink(StoredCase(record: try ShrinkFixtures.record(.negativeLimit)), key: key)
        let shrunk = result.finding.testCase
        #expect(result.finding.key == key)
        // The field was renamed (`limits` coded as `limit_table`): it stays renamed, under short names.
        #expect(result.finding.discrepancy.path.description == "b.a")
        #expect(shrunk.schema.rootStruct?.fields == [FieldSchema(name: "a", codingKey: "b", type: .dictionary(key: .string, value: .integer(.int8)))])
        #expect(shrunk.document == ["b": .map(["a": .integer(-129)])])
    }

    @Test func theAttemptBudgetStopsItAndSaysSo() throws {
        let runner = try ShrinkFixtures.runner()
        let key = try #require(try ShrinkFixtures.key(.stringCount, at: "count", runner: runner) { $0.discrepancy.kind == .silentDefault })
        let result = try FindingShrinker(runner: runner, maxAttempts: 3).shrink(StoredCase(record: try ShrinkFixtures.record(.stringCount)), key: key)
        #expect(result.stop == .attemptBudget)
        #expect(result.tree?.stop == .attemptBudget)
        #expect(result.finding.shrink?.attempts == 3)
        #expect(result.finding.shrink?.stop == .attemptBudget)
    }

    @Test func theTimeLimitIsABackstopAndSaysSo() throws {
        let runner = try ShrinkFixtures.runner()
        let key = try #require(try ShrinkFixtures.key(.stringCount, at: "count", runner: runner) { $0.discrepancy.kind == .silentDefault })
        let result = try FindingShrinker(runner: runner, timeLimit: .zero).shrink(StoredCase(record: try ShrinkFixtures.record(.stringCount)), key: key)
        #expect(result.stop == .timeBudget)
        #expect(result.finding.shrink?.attempts == 0)
        #expect(result.finding.testCase.document == ShrinkFixtures.document(with: .stringCount))
    }

    @Test func aClassThatDoesNotOccurCannotBeShrunk() throws {
        let runner = try ShrinkFixtures.runner()
        let absent = try FindingClassKey(canonical: "decode/decodeDisagreement/structField/integer/double/codable=dataCorrupted,strict=value")
        #expect {
            try FindingShrinker(runner: runner).shrink(StoredCase(record: try ShrinkFixtures.record(.stringCount)), key: absent)
        } throws: { error in
            (error as? ShrinkError)?.message == "the class no longer occurs: \(absent)"
        }
    }

    @Test func aGeneratedCaseShrinksByChoicesThenByTreeUnderOneBudget() throws {
        let (found, runner) = try ShrinkFixtures.generatedSilentDefault()
        let finding = try #require(found)
        let budget = 400
        let result = FindingShrinker(runner: runner, timeLimit: .seconds(600), maxAttempts: budget).shrink(finding)
        let choices = try #require(result.choices)
        let tree = try #require(result.tree)
        #expect(choices.choicesBefore == finding.testCase.choices?.count)
        #expect(choices.choicesAfter <= choices.choicesBefore)
        #expect(choices.attempts <= budget / FindingShrinker.choiceShare)
        let summary = try #require(result.finding.shrink)
        #expect(summary.attempts == choices.attempts + tree.attempts)
        #expect(summary.attempts <= budget)
        #expect(summary.stop == result.stop)
        #expect(runner.run(result.finding.testCase).findings.contains { $0.key == finding.key })
        #expect(result.after.weight <= result.before.weight)
        // The same finding shrinks to the same case: the budget is in attempts, not time.
        let again = FindingShrinker(runner: runner, timeLimit: .seconds(600), maxAttempts: budget).shrink(finding)
        #expect(again.finding.testCase.document == result.finding.testCase.document)
        #expect(again.finding.testCase.schema == result.finding.testCase.schema)
        #expect(again.finding.shrink == result.finding.shrink)
    }
}
