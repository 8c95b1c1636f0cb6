import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

/// Padded cases the shrinker tests bring down, each with one fault: a lenient default among
/// unrelated fields, an out-of-range integer in a chain of nested structs or in a dictionary.
enum ShrinkFixtures {
    /// The built-in mappers with the SDK allowlist.
    static func runner() throws -> CaseRunner {
        try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "default")
    }

    /// A shipment with padding around the fields the findings are about: `count` (an `Int`
    /// holding a string), `owner.address.zip` (an `Int8` three structs down) and `limits` (a
    /// `[String: Int8]` with one entry out of range).
    static let schema = ModelSchema(
        root: "Shipment",
        structs: [
            StructSchema(name: "Shipment", fields: [
                FieldSchema(name: "label", type: .string),
                FieldSchema(name: "count", type: .integer(.int)),
                FieldSchema(name: "tags", type: .array(.string)),
                FieldSchema(name: "status", type: .enumeration("Status")),
                FieldSchema(name: "owner", type: .optional(.structure("Person"))),
                FieldSchema(name: "limits", codingKey: "limit_table", type: .dictionary(key: .string, value: .integer(.int8))),
            ]),
            StructSchema(name: "Person", fields: [
                FieldSchema(name: "name", codingKey: "full_name", type: .string),
                FieldSchema(name: "address", type: .structure("Address")),
            ]),
            StructSchema(name: "Address", fields: [
                FieldSchema(name: "street", type: .string),
                FieldSchema(name: "zip", type: .integer(.int8)),
            ]),
        ],
        enums: [EnumSchema(name: "Status", rawType: .string, cases: [EnumCase(name: "open"), EnumCase(name: "closed")])]
    )

    /// A valid document of `schema`.
    static let validDocument: FirestoreMap = [
        "label": .string("Dune"), "count": .integer(7),
        "tags": .array([.string("sf"), .string("classic"), .string("desert")]), "status": .string("closed"),
        "owner": .map(["full_name": .string("Ann Smith"),
                       "address": .map(["street": .string("Main Street"), "zip": .integer(12)])]),
        "limit_table": .map(["alpha": .integer(1), "beta": .integer(2), "gamma": .integer(3)]),
    ]

    /// The places a test puts its one fault: a string under `count`, 9999 under the `Int8` at
    /// `owner.address.zip`, -300 under the `Int8` entry `beta` of `limits`.
    enum Fault: CaseIterable {
        case stringCount, bigZip, negativeLimit
    }

    /// `validDocument` with one fault.
    static func document(with fault: Fault) -> FirestoreMap {
        var document = validDocument
        switch fault {
        case .stringCount:
            document["count"] = .string("seven")
        case .bigZip:
            document["owner"] = .map(["full_name": .string("Ann Smith"),
                                      "address": .map(["street": .string("Main Street"), "zip": .integer(9999)])])
        case .negativeLimit:
            document["limit_table"] = .map(["alpha": .integer(1), "beta": .integer(-300), "gamma": .integer(2)])
        }
        return document
    }

    /// A model value of `schema` (the encode direction holds no finding the tests use).
    static let model: ModelValue = .structure([
        ModelField(name: "label", value: .string("Dune")), ModelField(name: "count", value: .int(7)),
        ModelField(name: "tags", value: .array([.string("sf")])), ModelField(name: "status", value: .enumCase("open")),
        ModelField(name: "owner", value: .null), ModelField(name: "limits", value: .dictionary([])),
    ])

    /// The padded case with one fault.
    static func record(_ fault: Fault) throws -> CaseRecord {
        CaseRecord(schema: schema, reference: try DocumentReference(path: "shipments/s-17"), document: document(with: fault), model: model)
    }

    /// The class of the first finding of the padded case with `fault` whose leaf is at `path`
    /// and that `matches`.
    /// The first silent-default finding the `scalars` profile generates (seeds 1 to 200), with
    /// the runner that generated it: a case made from choices, for the choice phase.
    static func generatedSilentDefault() throws -> (finding: Finding?, runner: CaseRunner) {
        let runner = try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "scalars")
        for seed: UInt64 in 1...200 {
            var source = ChoiceSource(seed: seed)
            if let finding = runner.run(from: &source, seed: seed, caseIndex: 0).findings.first(where: { $0.discrepancy.kind == .silentDefault }) {
                return (finding, runner)
            }
        }
        return (nil, runner)
    }

    static func key(_ fault: Fault, at path: String, runner: CaseRunner, where matches: (Finding) -> Bool = { _ in true }) throws -> FindingClassKey? {
        runner.run(try record(fault)).findings.first { $0.discrepancy.path.description == path && matches($0) }?.key
    }
}
