import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// One entry's situation: a leaf field and what the model value (encode, round trip) or the
/// document (decode) holds there, and the nestings it can occur in.
struct ExplainedSituation: Sendable {
    /// The allowlist entry that must explain it.
    let entry: String
    /// The leaf field, named `leaf`.
    let leaf: FieldSchema
    /// The structs its type needs.
    var structs: [StructSchema] = []
    /// What the model value holds at the leaf, for the encode and round-trip checks.
    var model: ModelValue?
    /// What the document holds at the leaf, for the decode check.
    var stored: FirestoreValue?
    /// The nestings it can occur in.
    var nestings: [LeafNesting] = LeafNesting.allCases
    /// Other entries the same case may show (a set merged by storage is also cut by it).
    var alongside: Set<String> = []
}

/// Every entry of the SDK-behaviour allowlist, at every nesting its situation can occur in,
/// through the real mappers (`codable`, `strict`, `lenient`): the case has no unexpected class,
/// and the entry explains findings at the nested leaf itself, not at the collection around it.
@Suite("Allowlist: every entry at every nesting")
struct AllowlistNestingTests {
    static let twins = StructSchema(name: "Twins", fields: [
        FieldSchema(name: "caf\u{E9}", type: .string), FieldSchema(name: "cafe2", codingKey: "cafe\u{301}", type: .string),
    ])

    static let situations: [ExplainedSituation] = [
        ExplainedSituation(entry: "int8-stored-as-boolean", leaf: FieldSchema(name: "leaf", type: .integer(.int8)), model: .int(5)),
        ExplainedSituation(entry: "storage-precision", leaf: FieldSchema(name: "leaf", type: .timestamp),
                           model: .timestamp(Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_789))),
        ExplainedSituation(entry: "storage-precision", leaf: FieldSchema(name: "leaf", type: .decimal),
                           model: .decimal(Decimal(sign: .plus, exponent: -3, significand: 12_093))),
        ExplainedSituation(entry: "storage-precision", leaf: FieldSchema(name: "leaf", type: .date), model: .date(Date(timeIntervalSince1970: 1_700_000_000.123_456_7))),
        // The write path refuses a server-timestamp sentinel inside an array (and so inside a set
        // or an enum-keyed dictionary): only a map can hold one.
        ExplainedSituation(entry: "server-timestamp-filled", leaf: FieldSchema(name: "leaf", type: .optional(.timestamp), wrapper: .serverTimestamp),
                           model: .null, nestings: [.topLevel, .structInStringKeyedValue]),
        ExplainedSituation(entry: "document-id-from-reference", leaf: FieldSchema(name: "leaf", type: .optional(.string), wrapper: .documentID),
                           model: .null, nestings: LeafNesting.structFieldNestings),
        ExplainedSituation(entry: "lenient-decimal-exact", leaf: FieldSchema(name: "leaf", type: .decimal), stored: .integer(3_720_772_420_181_841_077)),
        ExplainedSituation(entry: "sdk-index-twice", leaf: FieldSchema(name: "leaf", type: .decimal), stored: .null,
                           nestings: [.arrayElement, .setElement], alongside: ["lenient-silent-default"]),
        ExplainedSituation(entry: "sdk-index-twice", leaf: FieldSchema(name: "leaf", type: .array(.date)), stored: .array([.null]),
                           nestings: LeafNesting.structFieldNestings, alongside: ["lenient-silent-default"]),
        ExplainedSituation(entry: "canonically-equivalent-keys", leaf: FieldSchema(name: "leaf", type: .structure("Twins")), structs: [twins],
                           model: HandBuiltCase.structure(["caf\u{E9}": .string("a"), "cafe2": .string("b")])),
        ExplainedSituation(entry: "lenient-silent-default", leaf: FieldSchema(name: "leaf", type: .integer(.int)), stored: .string("seven")),
        ExplainedSituation(entry: "set-elements-merged", leaf: FieldSchema(name: "leaf", type: .set(.timestamp)),
                           model: .set([.timestamp(Timestamp(seconds: 60, nanoseconds: 1)), .timestamp(Timestamp(seconds: 60, nanoseconds: 9))]),
                           nestings: LeafNesting.structFieldNestings, alongside: ["storage-precision"]),
    ]

    static let cases = AtNesting.all(situations, name: { "\($0.entry), \($0.leaf.type)" }, nestings: \.nestings)

    @Test(arguments: cases)
    func theEntryExplainsTheNestedLeaf(_ nested: AtNesting<ExplainedSituation>) throws {
        let situation = nested.situation
        let execution = try HandBuiltCase.run(nested.nesting.schema(situation.leaf, structs: situation.structs),
                                              document: situation.stored.map(nested.nesting.document), model: situation.model.map(nested.nesting.model))
        #expect(execution.setupFailure == nil)
        let unexpected = execution.findings.filter { !$0.isExpected }
        #expect(unexpected.isEmpty, "\(unexpected.map { "\($0.key.canonical) at \($0.discrepancy.path)" })")
        let explained = execution.findings.filter { $0.explanation?.id == situation.entry }
        #expect(!explained.isEmpty, "\(execution.findings.map { "\($0.key.canonical) at \($0.discrepancy.path)" })")
        for finding in explained {
            #expect(finding.discrepancy.path.count >= nested.nesting.depth, "\(finding.key.canonical) at \(finding.discrepancy.path)")
        }
        let others = Set(execution.findings.compactMap(\.explanation?.id)).subtracting([situation.entry])
        #expect(others.isSubset(of: situation.alongside), "\(others)")
    }
}
