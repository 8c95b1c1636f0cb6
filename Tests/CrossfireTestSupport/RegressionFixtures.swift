import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

/// Cases, journals and paths the journal, shrinking and regression tests share (the engine's
/// tests and the CLI's).
package enum RegressionFixtures {
    /// `<repo>/Corpus/regressions`.
    package static let regressions = TestRepository.url("Corpus/regressions")

    /// An order with padding around the two fields the findings are about: `count` (an `Int`)
    /// and `level` (an `Int8`). Fields are declared out of alphabetical order on purpose.
    package static let schema = ModelSchema(
        root: "Order",
        structs: [
            StructSchema(name: "Order", fields: [
                FieldSchema(name: "title", type: .string),
                FieldSchema(name: "count", type: .integer(.int)),
                FieldSchema(name: "level", type: .integer(.int8)),
                FieldSchema(name: "tags", type: .array(.string)),
                FieldSchema(name: "note", type: .optional(.string)),
                FieldSchema(name: "status", type: .enumeration("Status")),
                FieldSchema(name: "owner", type: .structure("Person")),
            ]),
            StructSchema(name: "Person", fields: [
                FieldSchema(name: "name", codingKey: "full_name", type: .string),
                FieldSchema(name: "age", type: .integer(.uint8)),
            ]),
        ],
        enums: [EnumSchema(name: "Status", rawType: .string, cases: [EnumCase(name: "open"), EnumCase(name: "closed")])]
    )

    /// A document of `schema` whose `count` holds a string: the lenient mapper substitutes 0.
    package static let document: FirestoreMap = [
        "title": .string("Dune"), "count": .string("seven"), "level": .integer(3),
        "tags": .array([.string("sf"), .string("classic"), .string("desert")]), "note": .string("first edition"),
        "status": .string("closed"), "owner": .map(["full_name": .string("Ann Smith"), "age": .integer(41)]),
    ]

    /// A model value of `schema`: its `level` comes back from storage as a boolean.
    package static let model: ModelValue = .structure([
        ModelField(name: "title", value: .string("Dune")), ModelField(name: "count", value: .int(7)),
        ModelField(name: "level", value: .int(5)), ModelField(name: "tags", value: .array([.string("sf"), .string("classic")])),
        ModelField(name: "note", value: .string("first edition")), ModelField(name: "status", value: .enumCase("closed")),
        ModelField(name: "owner", value: .structure([ModelField(name: "name", value: .string("Ann")), ModelField(name: "age", value: .uint(41))])),
    ])

    /// The fault the padded case's document carries: a string where `count`'s integer was.
    package static let fault = Fault(kind: .wrongType(replaced: .integer, with: .string), path: ValuePath(keys: "count"),
                             detail: "integer 7 replaced by string \"seven\"")

    /// The padded case.
    package static func record() throws -> CaseRecord {
        CaseRecord(schema: schema, reference: try DocumentReference(path: "orders/o-17"), document: document, model: model,
                   faults: [fault], seed: 99, caseIndex: 4)
    }

    /// The built-in mappers with the SDK allowlist.
    package static func runner() throws -> CaseRunner {
        try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "default")
    }

    /// The class of the lenient default at `count`: an integer held as a string, which Codable
    /// and the strict mapper refuse, and the lenient mapper replaces by 0.
    package static let silentDefaultKey = FindingClassKey(
        check: .decode, kind: .silentDefault, container: .structField, wrapper: nil, type: .family(.integer), held: .kind(.string),
        outcomes: [.init(mapper: "codable", result: .failed(.typeMismatch, .here)), .init(mapper: "lenient", result: .defaulted(.typeMismatch))],
        explanation: "lenient-silent-default")

    /// The class of the Codable mapper's round trip of `level`: an `Int8` stored as a boolean,
    /// which it cannot read back.
    package static let int8CodableKey = FindingClassKey(
        check: .roundTrip, kind: .roundTripLoss, container: .structField, wrapper: nil, type: .family(.integer), held: .kind(.boolean),
        outcomes: [.init(mapper: "codable", result: .failed(.typeMismatch, .here))], explanation: "int8-stored-as-boolean")

    /// The finding of the padded case of the given class.
    package static func finding(_ key: FindingClassKey) throws -> Finding? {
        try runner().run(record()).findings.first { $0.key == key }
    }

    /// Writes a journal as a campaign would: a run line, then a `class` line for each class
    /// (its first finding in `findings` as its example), numbered from 1.
    package static func writeJournal(_ findings: [Finding], to url: URL, profile: String = "default") throws {
        let writer = try JournalWriter(path: url.path)
        try writer.append(JSONText.value(.map([
            "journal": .integer(JournalFormat.version), "record": .string("run"), "seed": .string("99"),
            "profile": .string(profile), "mappers": .array([.string("codable"), .string("strict"), .string("lenient")]),
            "cases": .integer(5), "timeLimitSeconds": .null, "firstCase": .integer(0),
        ])))
        let resolver = CauseResolver(runner: try runner())
        for (offset, finding) in firstOfEachClass(findings).enumerated() {
            let cause = resolver.resolve(finding, in: CaseExecution(record: finding.testCase, findings: findings, checks: [], setupFailure: nil))
            try writer.append(JournalFormat.classRecord(id: offset + 1, finding: finding, cause: cause,
                                                        reproduce: "crossfire replay \(url.path) --class \(offset + 1)"))
        }
    }

    /// The first finding of each class, in order.
    package static func firstOfEachClass(_ findings: [Finding]) -> [Finding] {
        var seen: Set<FindingClassKey> = []
        return findings.filter { seen.insert($0.key).inserted }
    }
}
