import Crossfire
import CrossfireTestSupport
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
        let finding = try #require(try RegressionFixtures.finding(RegressionFixtures.int8CodableKey))
        let result = try FindingShrinker(runner: runner, timeLimit: .seconds(60)).shrink(StoredCase(record: try RegressionFixtures.record()), key: finding.key)
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
        #expect(regression.target.key == RegressionFixtures.int8CodableKey)
        #expect(regression.target.key.explanation == "int8-stored-as-boolean")
        // Shrunk to one Int8 field (renamed as the shrinker makes names short) holding 0, which the
        // lenient mapper reads back from `false` as 0.
        let field = try #require(regression.stored.record.schema.rootStruct?.fields.first)
        #expect(regression.stored.record.schema.rootStruct?.fields.map(\.type) == [.integer(.int8)])
        #expect(regression.stored.record.model == .structure([ModelField(name: field.name, value: .int(0))]))
        #expect(regression.target.path == field.codingKey)
        #expect(regression.target.schemaPath == field.codingKey)
        #expect(regression.mappers == ["codable", "strict", "lenient"])
        // Every mapper's outcome in the encode and round-trip checks; no decode check without a document.
        #expect(regression.pinned.outcomes.map(\.check) == [.encode, .encode, .encode, .roundTrip, .roundTrip, .roundTrip])
        #expect(regression.pinned.outcomes.contains(MapperCheckOutcome(check: .roundTrip, mapper: "codable", result: "typeMismatch",
                                                                       path: regression.target.path, stage: .decode)))
        #expect(regression.pinned.outcomes.contains(MapperCheckOutcome(check: .roundTrip, mapper: "lenient", result: "value")))
        #expect(regression.pinned.classes.contains(regression.target.key))

        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("int8-level.json")
        try regression.write(to: url)
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"case\": {\n"))
        #expect(text.contains("\"crossfireRegression\": 2"))
        #expect(text.contains("\"class\": \"\(regression.target.key.canonical)\""))
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
        let leaf = regression.target.path
        #expect(changes == [.outcome(check: .roundTrip, mapper: "codable",
                                     pinned: MapperCheckOutcome(check: .roundTrip, mapper: "codable", result: "value"),
                                     now: MapperCheckOutcome(check: .roundTrip, mapper: "codable", result: "typeMismatch", path: leaf, stage: .decode))])
        #expect(changes.first?.description == "roundTrip codable: pinned value, now typeMismatch at \(leaf) (decode)")
    }

    @Test func classesGoneNewAndExplainedDifferentlyAreChanges() throws {
        let regression = try pinnedInt8()
        let target = regression.target.key
        let ghost = try FindingClassKey(canonical: "decode/decodeDisagreement/structField/integer/string/codable=value,strict=typeMismatch")
        var altered = regression
        altered.pinned = PinnedOutcome(outcomes: regression.pinned.outcomes, classes: regression.pinned.classes.filter { $0 != target } + [ghost])
        let changes = altered.check(runner: try altered.runner())
        #expect(changes.contains(.classGone(key: ghost, isTarget: false)))
        #expect(changes.contains(.classNew(key: target)))
        #expect(changes.count == 2)

        // The same case replayed without the allowlist: the Int8 class is now unexpected.
        let strictRunner = try CaseRunner.builtIn(mappers: regression.mappers, profile: regression.profile, allowlist: Allowlist(entries: []))
        let unexplained = regression.check(runner: strictRunner)
        #expect(unexplained.contains(.explanation(key: target, now: nil)))
        #expect(unexplained.first { if case .explanation = $0 { true } else { false } }?.description
                == "class was expected: int8-stored-as-boolean, now unexpected: \(target.withoutExplanation)")

        // Without the codable mapper the target class is gone, and so are codable's outcomes.
        let withoutCodable = regression.check(runner: try CaseRunner.builtIn(mappers: ["strict", "lenient"], profile: "default"))
        #expect(withoutCodable.contains(.classGone(key: target, isTarget: true)))
        #expect(withoutCodable.contains(.outcome(check: .roundTrip, mapper: "codable",
                                                 pinned: MapperCheckOutcome(check: .roundTrip, mapper: "codable", result: "typeMismatch",
                                                                            path: regression.target.path, stage: .decode),
                                                 now: nil)))
    }

    @Test func aDecodeCasePinsEachMappersDecodeOutcome() throws {
        let runner = try RegressionFixtures.runner()
        let finding = try #require(try RegressionFixtures.finding(RegressionFixtures.silentDefaultKey))
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
        case version, noFinding, mappersNotAnArray, unknownCheck, notAClassKey, schemaless

        func apply(to map: inout FirestoreMap) {
            switch self {
            case .version: map["crossfireRegression"] = .integer(1)
            case .noFinding: map["finding"] = nil
            case .mappersNotAnArray: map["mappers"] = .string("codable")
            case .unknownCheck: map["pinned"] = .map(["outcomes": .array([.map(["check": .string("sideways")])]), "classes": .array([])])
            case .notAClassKey: map["pinned"] = .map(["outcomes": .array([]), "classes": .array([.string("decode/silentDefault")])])
            case .schemaless: map["case"] = .map(["document": .null])
            }
        }

        var message: String {
            switch self {
            case .version: return "edited: at crossfireRegression: format version 1; this Crossfire reads versions 2 and 3"
            case .noFinding: return "edited: at (top level): missing key \"finding\""
            case .mappersNotAnArray: return "edited: at mappers: expected an array, found the string \"codable\""
            case .unknownCheck: return "edited: at pinned.outcomes[0].check: unknown check \"sideways\""
            case .notAClassKey:
                return "edited: at pinned.classes[0]: not a finding class key (a class key has 6 or 7 parts separated by \"/\", this one 2): decode/silentDefault"
            case .schemaless: return "edited: at case: missing key \"schema\""
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func malformedFilesAreErrorsSayingWhere(damage: Damage) throws {
        let regression = try RegressionCase.pin(try #require(try RegressionFixtures.finding(RegressionFixtures.silentDefaultKey)),
                                                name: "padded", runner: try RegressionFixtures.runner(), profile: "default")
        #expect {
            try edited(regression) { damage.apply(to: &$0) }
        } throws: { error in
            (error as? RegressionError)?.description == damage.message
        }
    }

    @Test func fileNamesComeFromTheClassStablyAndSafely() throws {
        let int8 = RegressionFixtures.int8CodableKey
        #expect(RegressionCase.fileName(for: int8) == "roundTrip-roundTripLoss-structField-integer-boolean-" + String(int8.digest.prefix(8)))
        let wrapped = try FindingClassKey(canonical: "roundTrip/roundTripLoss/structField+DocumentID/any/unread/codable=value/expected=document-id-from-reference")
        let name = RegressionCase.fileName(for: wrapped)
        #expect(name.hasPrefix("roundTrip-roundTripLoss-structField-DocumentID-any-unread-"))
        #expect(RegressionCase.isValidName(name))
        // Two classes that differ only in their results or explanation still get two names.
        #expect(RegressionCase.fileName(for: int8) != RegressionCase.fileName(for: int8.withoutExplanation))
        #expect(RegressionCase.isValidName("int8-stored.as_boolean"))
        #expect(!RegressionCase.isValidName(".hidden"))
        #expect(!RegressionCase.isValidName("a/b"))
        #expect(!RegressionCase.isValidName(""))
        #expect(!RegressionCase.isValidName("é"))
    }
}
