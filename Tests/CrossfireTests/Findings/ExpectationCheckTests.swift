import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Vanished expectations: a strict mapper that reached a rule situation and showed no class of
/// the allowlist entry that stands for the rule is an unexpected `expectationMissing` finding
/// there — and the real mappers, with the SDK's storage, never are one.
struct ExpectationCheckTests {
    /// A model with an `Int8?`, a `Date` below a microsecond, a nil `@ServerTimestamp` and a
    /// `@DocumentID` whose model value the reference does not give.
    private static let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
        FieldSchema(name: "title", type: .string),
        FieldSchema(name: "level", type: .optional(.integer(.int8))),
        FieldSchema(name: "when", type: .date),
        FieldSchema(name: "stamped", type: .optional(.timestamp), wrapper: .serverTimestamp),
        FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
    ])])

    private static func model(level: Int64? = 2, when: Date = Date(timeIntervalSince1970: 1_700_000_000.123_456_7)) -> ModelValue {
        .structure([ModelField(name: "title", value: .string("t")), ModelField(name: "level", value: level.map(ModelValue.int) ?? .null),
                    ModelField(name: "when", value: .date(when)), ModelField(name: "stamped", value: .null),
                    ModelField(name: "id", value: .string("not-the-reference"))])
    }

    private static func run(_ model: ModelValue, storage: any DocumentStorage = WritePathStorage(), allowlist: Allowlist = .sdkBehaviour,
                            mappers: [String] = ["codable", "strict"]) throws -> [Finding] {
        let runner = CaseRunner(mappers: try MapperSpec.named(mappers), generator: CaseGenerator(profile: .default), allowlist: allowlist,
                                storage: storage)
        let record = CaseRecord(schema: schema, reference: try DocumentReference(path: "books/b1"), document: nil, model: model, faults: [],
                                seed: nil, caseIndex: nil, choices: nil)
        return runner.run(record).findings
    }

    @Test func theRealMappersShowEveryRuleTheyReach() throws {
        let findings = try Self.run(Self.model(level: nil))
        #expect(!findings.contains { $0.discrepancy.kind == .expectationMissing }, "\(findings.map(\.key.canonical))")
        let shown = Set(findings.compactMap { $0.explanation?.id })
        #expect(shown.isSuperset(of: ["storage-precision", "server-timestamp-filled", "document-id-from-reference"]), "\(shown)")
        // The Int8 stored as a boolean ends the round trip there: the rest is not reached, and
        // not expected.
        let stopped = try Self.run(Self.model())
        #expect(!stopped.contains { $0.discrepancy.kind == .expectationMissing }, "\(stopped.map(\.key.canonical))")
        let stoppedShown = Set(stopped.compactMap { $0.explanation?.id })
        #expect(stoppedShown.contains("int8-stored-as-boolean"))
    }

    @Test func aQuirkRemovedFromStorageIsAMissingExpectationPerStrictMapper() throws {
        let storage = WritePathStorage(options: WritePathOptions(int8Storage: .integer, floatWidening: .binary))
        let findings = try Self.run(Self.model(), storage: storage, mappers: ["codable", "strict", "lenient"])
        let missing = findings.filter { $0.discrepancy.kind == .expectationMissing }
        #expect(missing.map { $0.discrepancy.outcomes.map(\.mapper) } == [["codable"], ["strict"]], "a lenient mapper has no SDK rules to keep")
        for finding in missing {
            #expect(finding.key.isUnexpected)
            #expect(finding.discrepancy.path == ValuePath(keys: "level"))
            #expect(finding.key.missing == "int8-stored-as-boolean")
            #expect(finding.key.canonical.hasSuffix("/missing=int8-stored-as-boolean"))
            #expect(try FindingClassKey(canonical: finding.key.canonical) == finding.key)
            #expect(finding.discrepancy.expectation == Expectation(entry: "int8-stored-as-boolean", situation: .int8AsBoolean))
        }
    }

    @Test func aSituationNotReachedExpectsNothing() throws {
        // A Date without a part below a microsecond has no precision to lose.
        let whole = try Self.run(Self.model(when: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(!whole.contains { $0.discrepancy.kind == .expectationMissing })
        #expect(!whole.contains { $0.explanation?.id == "storage-precision" })
        // An allowlist whose entries state no situations expects nothing, whatever storage does.
        let storage = WritePathStorage(options: WritePathOptions(int8Storage: .integer, floatWidening: .binary))
        let plain = Allowlist(entries: Allowlist.sdkBehaviour.entries.map { entry in
            var stripped = entry
            stripped.expectedIn = []
            return stripped
        })
        #expect(!(try Self.run(Self.model(), storage: storage, allowlist: plain)).contains { $0.discrepancy.kind == .expectationMissing })
    }

    @Test func everyEntryThatStandsForARuleStatesItsSituations() {
        let expected = ExpectationCheck(allowlist: .sdkBehaviour).expectations
        #expect(Set(expected.keys) == [.int8AsBoolean, .dateBelowMicrosecond, .timestampBelowMicrosecond, .decimalThroughDouble,
                                       .nilServerTimestamp, .documentIDFromReference, .nullElementIndexTwice])
        #expect(expected[.int8AsBoolean]?.entry == "int8-stored-as-boolean")
        #expect(expected[.nullElementIndexTwice]?.entry == "sdk-index-twice")
    }
}
