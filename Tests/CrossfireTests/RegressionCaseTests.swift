import Crossfire
import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Regression files: pinning, the file round trip, replay, and every kind of change reported.
struct RegressionCaseTests {
    /// The padded case's Int8 finding, shrunk and pinned.
    private func pinnedInt8() throws -> RegressionCase {
        let runner = try RegressionFixtures.runner()
        let finding = try #require(try RegressionFixtures.finding("roundTripLoss roundTrip level [Int8 <- boolean] codable:"))
        let result = try FindingShrinker(runner: runner, timeLimit: .seconds(60)).shrink(StoredCase(record: try RegressionFixtures.record()), signature: finding.signature)
        return try RegressionCase.pin(result.finding, name: "int8-level", runner: runner, profile: "default",
                                      shrink: RegressionShrink(choices: result.choices, tree: result.tree))
    }

    /// The file's JSON with one edit.
    private func edited(_ regression: RegressionCase, _ edit: (inout FirestoreMap) -> Void) throws -> RegressionCase {
        guard case .map(var map) = try PlainJSONReader().readValue(from: try regression.jsonBytes()) else {
            throw RegressionError(source: "test", message: "not an object")
        }
        edit(&map)
        return try RegressionCase(json: try PlainJSONWriter().write(.map(map)), name: regression.name, source: "edited")
    }

    @Test func aPromotedFindingRoundTripsThroughItsFileAndHolds() throws {
        let regression = try pinnedInt8()
        #expect(regression.target.kind == .roundTripLoss)
        #expect(regression.target.check == .roundTrip)
        #expect(regression.target.path == "level")
        #expect(regression.target.schemaPath == "level")
        #expect(regression.target.explanation == "int8-stored-as-boolean")
        #expect(regression.mappers == ["codable", "strict", "lenient"])
        // Every mapper's outcome in the encode and round-trip checks; no decode check without a document.
        #expect(regression.pinned.outcomes.map(\.check) == [.encode, .encode, .encode, .roundTrip, .roundTrip, .roundTrip])
        #expect(regression.pinned.outcomes.contains(MapperCheckOutcome(check: .roundTrip, mapper: "codable", result: "typeMismatch", path: "level", stage: .decode)))
        // Shrunk to level 0, which the lenient mapper reads back from `false` as 0.
        #expect(regression.stored.record.model == .structure([ModelField(name: "level", value: .int(0))]))
        #expect(regression.pinned.outcomes.contains(MapperCheckOutcome(check: .roundTrip, mapper: "lenient", result: "value")))
        #expect(regression.pinned.findings.contains(PinnedFinding(signature: regression.target.signature, explanation: "int8-stored-as-boolean")))

        let directory = try RegressionFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("int8-level.json")
        try regression.write(to: url)
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"case\": {\n"))
        #expect(text.contains("\"crossfireRegression\": 1"))
        let loaded = try RegressionCase.load(from: url)
        #expect(loaded.name == "int8-level")
        #expect(loaded.target == regression.target)
        #expect(loaded.pinned == regression.pinned)
        #expect(loaded.shrink == regression.shrink)
        #expect(loaded.profile == "default")
        #expect(loaded.stored.record.schema == regression.stored.record.schema)
        #expect(loaded.stored.record.model == regression.stored.record.model)
        #expect(loaded.stored.record.document == nil)
        #expect(try loaded.jsonBytes() == regression.jsonBytes())
        #expect(loaded.check(runner: try loaded.runner()).isEmpty)
        #expect(loaded.check().isEmpty)
    }

    @Test func anAlteredPinnedOutcomeIsReportedAsAChange() throws {
        let regression = try pinnedInt8()
        let altered = try edited(regression) { map in
            guard case .map(var pinned)? = map["pinned"], case .array(var outcomes)? = pinned["outcomes"] else { return }
            for (index, outcome) in outcomes.enumerated() {
                if case .map(var fields) = outcome, fields["check"] == .string("roundTrip"), fields["mapper"] == .string("codable") {
                    fields["result"] = .string("value")
                    fields["path"] = nil
                    fields["stage"] = nil
                    outcomes[index] = .map(fields)
                }
            }
            pinned["outcomes"] = .array(outcomes)
            map["pinned"] = .map(pinned)
        }
        let changes = altered.check(runner: try altered.runner())
        #expect(changes == [.outcome(check: .roundTrip, mapper: "codable",
                                     pinned: MapperCheckOutcome(check: .roundTrip, mapper: "codable", result: "value"),
                                     now: MapperCheckOutcome(check: .roundTrip, mapper: "codable", result: "typeMismatch", path: "level", stage: .decode))])
        #expect(changes.first?.description == "roundTrip codable: pinned value, now typeMismatch at level (decode)")
    }

    @Test func findingsGoneNewAndExplainedDifferentlyAreChanges() throws {
        let regression = try pinnedInt8()
        var pinned = regression.pinned
        let target = regression.target.signature
        pinned.findings = pinned.findings.filter { $0.signature != target }
            + [PinnedFinding(signature: "decodeDisagreement decode ghost [Int <- string] codable:value strict:typeMismatch", explanation: nil)]
        var altered = regression
        altered.pinned = pinned
        let changes = altered.check(runner: try altered.runner())
        #expect(changes.contains(.findingGone(signature: "decodeDisagreement decode ghost [Int <- string] codable:value strict:typeMismatch", isTarget: false)))
        #expect(changes.contains(.findingNew(signature: target, explanation: "int8-stored-as-boolean")))
        #expect(changes.count == 2)

        // The same case replayed without the allowlist: the Int8 finding is now unexpected.
        let strictRunner = try CaseRunner.builtIn(mappers: regression.mappers, profile: regression.profile, allowlist: Allowlist(entries: []))
        let unexplained = regression.check(runner: strictRunner)
        #expect(unexplained.contains(.explanation(signature: target, pinned: "int8-stored-as-boolean", now: nil)))
        #expect(unexplained.first { if case .explanation = $0 { true } else { false } }?.description
                == "finding was expected: int8-stored-as-boolean, now unexpected: \(target)")

        // Without the codable mapper the target finding is gone, and so are codable's outcomes.
        let withoutCodable = regression.check(runner: try CaseRunner.builtIn(mappers: ["strict", "lenient"], profile: "default"))
        #expect(withoutCodable.contains(.findingGone(signature: target, isTarget: true)))
        #expect(withoutCodable.contains(.outcome(check: .roundTrip, mapper: "codable",
                                                 pinned: MapperCheckOutcome(check: .roundTrip, mapper: "codable", result: "typeMismatch", path: "level", stage: .decode),
                                                 now: nil)))
    }

    @Test func aDecodeCasePinsEachMappersDecodeOutcome() throws {
        let runner = try RegressionFixtures.runner()
        let finding = try #require(try RegressionFixtures.finding(RegressionFixtures.silentDefaultSignature))
        let regression = try RegressionCase.pin(finding, name: "padded", runner: runner, profile: "default")
        #expect(Array(regression.pinned.outcomes.prefix(3)) == [
            MapperCheckOutcome(check: .decode, mapper: "codable", result: "typeMismatch", path: "count"),
            MapperCheckOutcome(check: .decode, mapper: "strict", result: "typeMismatch", path: "count"),
            MapperCheckOutcome(check: .decode, mapper: "lenient", result: "value"),
        ])
        #expect(regression.pinned.outcomes.count == 9)
        #expect(regression.shrink == nil)
        #expect(regression.check(runner: runner).isEmpty)
    }

    @Test func aCaseWhoseDocumentRESTCannotHoldReplaysFromItsChoices() throws {
        // A generated case whose document gets an out-of-range timestamp cannot keep its document.
        let runner = try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "default")
        var found: CaseExecution?
        for seed: UInt64 in 1...3000 {
            var source = ChoiceSource(seed: seed)
            let execution = runner.run(from: &source, seed: seed, caseIndex: 0)
            if let document = execution.record.document, !JournalFormat.canStore(document), !execution.findings.isEmpty {
                found = execution
                break
            }
        }
        let execution = try #require(found, "no generated document with a value REST JSON cannot hold")
        let finding = try #require(execution.findings.first)
        let regression = try RegressionCase.pin(finding, name: "unstorable", runner: runner, profile: "default")
        #expect(regression.stored.needsChoices)
        #expect(regression.stored.record.document == nil)
        let loaded = try RegressionCase(json: try regression.jsonBytes(), name: "unstorable", source: "memory")
        #expect(loaded.stored.documentError == regression.stored.documentError)
        #expect(loaded.check(runner: runner).isEmpty)
        var noChoices = loaded
        noChoices.stored.record.choices = nil
        #expect(noChoices.check(runner: runner).count == 1)
        #expect(noChoices.check(runner: runner).first?.description.hasPrefix("not run: the case's document could not be stored") == true)
    }

    /// Damage done to a regression file, and the error it must give.
    enum Damage: CaseIterable, Sendable {
        case version, noFinding, mappersNotAnArray, unknownCheck, expectedWithoutExplanation, schemaless

        func apply(to map: inout FirestoreMap) {
            switch self {
            case .version: map["crossfireRegression"] = .integer(2)
            case .noFinding: map["finding"] = nil
            case .mappersNotAnArray: map["mappers"] = .string("codable")
            case .unknownCheck: map["pinned"] = .map(["outcomes": .array([.map(["check": .string("sideways")])]), "findings": .array([])])
            case .expectedWithoutExplanation:
                map["pinned"] = .map(["outcomes": .array([]), "findings": .array([.map(["signature": .string("s"), "expected": .boolean(true), "explanation": .null])])])
            case .schemaless: map["case"] = .map(["document": .null])
            }
        }

        var message: String {
            switch self {
            case .version: return "edited: at crossfireRegression: format version 2; this Crossfire reads version 1"
            case .noFinding: return "edited: at finding: missing"
            case .mappersNotAnArray: return "edited: at mappers: expected an array"
            case .unknownCheck: return "edited: at pinned.outcomes[0].check: unknown check \"sideways\""
            case .expectedWithoutExplanation: return "edited: at pinned.findings[0].expected: must be true exactly when an explanation is given"
            case .schemaless: return "edited: at case: a case needs a schema"
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func malformedFilesAreErrorsSayingWhere(damage: Damage) throws {
        let regression = try RegressionCase.pin(try #require(try RegressionFixtures.finding(RegressionFixtures.silentDefaultSignature)),
                                                name: "padded", runner: try RegressionFixtures.runner(), profile: "default")
        #expect {
            try edited(regression) { damage.apply(to: &$0) }
        } throws: { error in
            (error as? RegressionError)?.description == damage.message
        }
    }

    @Test func fileNamesComeFromTheSignatureStablyAndSafely() {
        #expect(RegressionCase.fileName(forSignature: "roundTripLoss roundTrip level [Int8 <- boolean] codable:changed")
                == "roundTripLoss-roundTrip-level-Int8-boolean-" + fnv("roundTripLoss roundTrip level [Int8 <- boolean] codable:changed"))
        let unicode = RegressionCase.fileName(forSignature: "silentDefault decode `ér`.`a/b`{} [[String: Int]? <- map] codable:typeMismatch lenient:value")
        #expect(unicode.hasPrefix("silentDefault-decode-r-.-a-b-String-Int-map-"))
        #expect(RegressionCase.isValidName(unicode))
        #expect(RegressionCase.fileName(forSignature: "a b") != RegressionCase.fileName(forSignature: "a  b"))
        #expect(RegressionCase.isValidName("int8-stored.as_boolean"))
        #expect(!RegressionCase.isValidName(".hidden"))
        #expect(!RegressionCase.isValidName("a/b"))
        #expect(!RegressionCase.isValidName(""))
        #expect(!RegressionCase.isValidName("é"))
    }

    private func fnv(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
