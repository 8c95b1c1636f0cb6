@testable import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// The differ names the leaf: where two values differ, every check's finding is at the deepest
/// place they differ — into structs, arrays, `[String: V]` and `[Int: V]`, enum-keyed
/// dictionaries (by stored key) and sets (the element in one and not the other, or the field in
/// which two paired structs differ) — with the two leaf values and the leaf's facts.
@Suite("Leaf differences in every container kind")
struct LeafDifferenceTests {
    let schema = LeafScenarios.schema

    private func differ(_ participants: [(String, ScriptedMapper)]) throws -> Differ {
        Differ(schema: schema, participants: participants.map { Participant(name: $0.0, mapper: $0.1, style: .strict) },
               reference: try DocumentReference(path: HandBuiltCase.referencePath), serverTime: CaseRunner.serverTime)
    }

    /// The base value's stored document.
    private func baseDocument() throws -> FirestoreMap {
        let codable = try ScriptedMapper(schema: schema)
        return try differ([("codable", codable)]).store(LeafScenarios.base, with: Participant(name: "codable", mapper: codable, style: .strict)).get()
    }

    @Test("ModelDiff names each leaf with its two values", arguments: LeafScenarios.all)
    func modelDiff(scenario: LeafScenario) {
        let leaves = ModelDiff(schema: schema).leaves(LeafScenarios.base, scenario.changed)
        #expect(leaves.map(\.path) == scenario.leaves.map(\.path))
        #expect(leaves.map(\.left) == scenario.leaves.map(\.left))
        #expect(leaves.map(\.right) == scenario.leaves.map(\.right))
        #expect(ModelDiff(schema: schema).leaves(scenario.changed, scenario.changed).isEmpty)
    }

    @Test("the decode check: each leaf with both mappers' values and the document's facts there", arguments: LeafScenarios.all)
    func decodeCheck(scenario: LeafScenario) throws {
        let check = try differ([("a", try ScriptedMapper(schema: schema, decoded: LeafScenarios.base)),
                                ("b", try ScriptedMapper(schema: schema, decoded: scenario.changed))]).checkDecode(try baseDocument())
        #expect(check.discrepancies.map(\.path) == scenario.leaves.map(\.path))
        for (found, expected) in zip(check.discrepancies, scenario.leaves) {
            #expect(found.kind == .decodeDisagreement)
            #expect(found.outcomes.map(\.leaf) == [expected.left, expected.right])
            #expect(found.outcomes.map(\.result) == [Differ.result(of: expected.left), Differ.result(of: expected.right)])
            #expect(found.facts.container == expected.container)
            #expect(found.facts.type == expected.type)
            #expect(found.facts.family == TypeFamily(expected.type, schema: schema))
            #expect(found.facts.held == expected.held, "\(found.path)")
        }
    }

    @Test("the round trip: each leaf the model value did not come back as, with what came back", arguments: LeafScenarios.all)
    func roundTripCheck(scenario: LeafScenario) throws {
        let check = try differ([("a", try ScriptedMapper(schema: schema, decoded: scenario.changed))]).checkRoundTrip(LeafScenarios.base)
        #expect(check.discrepancies.map(\.path) == scenario.leaves.map(\.path))
        for (found, expected) in zip(check.discrepancies, scenario.leaves) {
            #expect(found.kind == .roundTripLoss)
            #expect(found.input == expected.left)
            #expect(found.outcomes.map(\.leaf) == [expected.right])
            #expect(found.facts.container == expected.container)
            #expect(found.facts.type == expected.type)
            #expect(found.facts.held == expected.held, "\(found.path)")
        }
        #expect(check.outcomes.first?.path == scenario.leaves.first?.path.description)
    }

    @Test("the encode check: each leaf of the two stored documents, sets matched as multisets", arguments: LeafScenarios.all)
    func encodeCheck(scenario: LeafScenario) throws {
        let check = try differ([("a", try ScriptedMapper(schema: schema)),
                                ("b", try ScriptedMapper(schema: schema, encoded: scenario.changed))]).checkEncode(LeafScenarios.base)
        // A set is stored in hash order: its elements' indexes are the stored array's, not the model's.
        #expect(check.discrepancies.map { schema.schemaPath(of: $0.path) } == scenario.leaves.map { schema.schemaPath(of: $0.path) })
        for (found, expected) in zip(check.discrepancies, scenario.leaves) {
            #expect(found.kind == .encodeDisagreement)
            #expect(found.outcomes.map(\.leaf) == [expected.held, expected.storedRight])
            #expect(found.facts.container == expected.container)
            #expect(found.facts.type == expected.type)
            #expect(found.input == expected.left)
        }
    }

    @Test("a leaf inside a set carries the two sets it was compared in")
    func setLeavesCarryTheirSets() throws {
        for scenario in LeafScenarios.all {
            for leaf in ModelDiff(schema: schema).leaves(LeafScenarios.base, scenario.changed) {
                let inSet = ["tags", "parts"].contains(leaf.path.components.first.flatMap { if case .key(let key) = $0 { key } else { nil } })
                #expect((leaf.enclosingSet?.path == leaf.path.parent || leaf.enclosingSet?.path == leaf.path.parent.parent) == inSet,
                        "\(leaf.path)")
            }
        }
    }

    @Test("set elements pair with the most alike element: a time cut to the microsecond with the time it was")
    func setElementsPairByLikeness() {
        let schema = HandBuiltCase.schema([FieldSchema(name: "times", type: .set(.timestamp))])
        let times = [Timestamp(seconds: 100, nanoseconds: 1_000_001), Timestamp(seconds: 5, nanoseconds: 7), Timestamp(seconds: 3_000, nanoseconds: 999)]
        let cut = times.reversed().map { $0.truncatedToMicroseconds() }
        let leaves = ModelDiff(schema: schema).leaves(HandBuiltCase.structure(["times": .set(times.map(ModelValue.timestamp))]),
                                                      HandBuiltCase.structure(["times": .set(cut.map(ModelValue.timestamp))]))
        #expect(leaves.count == 3)
        for leaf in leaves {
            guard case .model(.timestamp(let before)) = leaf.left, case .model(.timestamp(let after)) = leaf.right else {
                Issue.record("\(leaf.path): \(leaf.left) / \(leaf.right)")
                continue
            }
            #expect(before.truncatedToMicroseconds() == after)
        }
    }

    @Test("times pair by the seconds between them: a nanosecond after 1970 with 1970, not with the year 9999")
    func timesNearTheEpochPairByDistance() {
        let schema = HandBuiltCase.schema([FieldSchema(name: "times", type: .set(.timestamp))])
        let latest = Timestamp(seconds: 253_402_300_799, nanoseconds: 999_999_999)
        let written = [latest, Timestamp(seconds: 0, nanoseconds: 1), latest.truncatedToMicroseconds()]
        // Storage cuts each to the microsecond, and the last two become one element.
        let readBack = [Timestamp(seconds: 0, nanoseconds: 0), latest.truncatedToMicroseconds()]
        let leaves = ModelDiff(schema: schema).leaves(HandBuiltCase.structure(["times": .set(written.map(ModelValue.timestamp))]),
                                                      HandBuiltCase.structure(["times": .set(readBack.map(ModelValue.timestamp))]))
        #expect(leaves.map(\.left) == [.model(.timestamp(written[1])), .model(.timestamp(latest))])
        #expect(leaves.map(\.right) == [.model(.timestamp(readBack[0])), .absent])
    }

    @Test("times in one microsecond pair before nearer times: 0.999999999 s with 0.999999 s, not with 1 s a nanosecond away")
    func timesPairWithWhatStorageMadeOfThem() {
        let schema = HandBuiltCase.schema([FieldSchema(name: "times", type: .set(.timestamp))])
        let written = [Timestamp(seconds: 0, nanoseconds: 999_999_999), Timestamp(seconds: 1, nanoseconds: 2)]
        let readBack = [Timestamp(seconds: 1, nanoseconds: 0), Timestamp(seconds: 0, nanoseconds: 999_999_000)]
        let leaves = ModelDiff(schema: schema).leaves(HandBuiltCase.structure(["times": .set(written.map(ModelValue.timestamp))]),
                                                      HandBuiltCase.structure(["times": .set(readBack.map(ModelValue.timestamp))]))
        #expect(leaves.map(\.left) == written.map { .model(.timestamp($0)) })
        #expect(leaves.map(\.right) == [.model(.timestamp(readBack[1])), .model(.timestamp(readBack[0]))])
    }

    @Test("two values of different shapes, or a scalar, are compared whole: the leaf is the place itself")
    func wholeValuesOnlyWhereNoLeafCanBeNamed() {
        let structure = HandBuiltCase.structure(["level": .int(1)])
        let leaves = ModelDiff(schema: schema).leaves(LeafScenarios.base, replacing("inner", with: .null, in: LeafScenarios.base))
        #expect(leaves == [LeafDifference(path: ValuePath(keys: "inner"), left: .model(structure), right: .model(.null))])
        let stored = StoredDiff(schema: schema).leaves(["inner": .map(["level": .integer(1)])], ["inner": .string("level 1")])
        #expect(stored == [LeafDifference(path: ValuePath(keys: "inner"), left: .stored(.map(["level": .integer(1)])), right: .stored(.string("level 1")))])
    }

    @Test("StoredDiff reads enum-keyed dictionaries' flat arrays entry by entry, whatever their order")
    func storedEnumKeyedEntriesByKey() {
        let left: FirestoreMap = ["byRole": .array([.string("ADMIN"), .integer(1), .string("guest"), .integer(2)])]
        let reordered: FirestoreMap = ["byRole": .array([.string("guest"), .integer(2), .string("ADMIN"), .integer(1)])]
        #expect(StoredDiff(schema: schema).leaves(left, reordered).isEmpty)
        let changed: FirestoreMap = ["byRole": .array([.string("guest"), .integer(5)])]
        #expect(StoredDiff(schema: schema).leaves(left, changed) == [
            LeafDifference(path: ValuePath([.key("byRole"), .key("ADMIN")]), left: .stored(.integer(1)), right: .absent),
            LeafDifference(path: ValuePath([.key("byRole"), .key("guest")]), left: .stored(.integer(2)), right: .stored(.integer(5))),
        ])
    }

    /// Found by `crossfire run --profile deep --seed 6`: a key of an enum without raw values
    /// stored as a map with a key beside the case's, which the decoders read as that case.
    @Test("an entry of a raw-less enum-keyed dictionary is named by its case, whatever else its key map holds")
    func rawlessEnumKeysWithOtherKeys() throws {
        let schema = HandBuiltCase.schema([FieldSchema(name: "byRole", type: .dictionary(key: .enumeration("Role"), value: .dictionary(key: .string, value: .double)))],
                                          enums: [EnumSchema(name: "Role", rawType: .none, cases: [EnumCase(name: "link")])])
        let document: FirestoreMap = ["byRole": .array([.map(["link": .map([:]), "other": .map([:])]), .map(["a": .integer(-397_241_656_381_340_058)])])]
        #expect(schema.storedValue(at: ValuePath([.key("byRole"), .key("link"), .key("a")]), in: document) == .integer(-397_241_656_381_340_058))
        // Codable reads the integer through Double; the lenient mapper puts its default there and says so.
        let execution = try HandBuiltCase.run(schema, document: document)
        #expect(execution.findings.map(\.discrepancy.kind) == [.silentDefault])
        #expect(execution.findings.allSatisfy { $0.isExpected })
    }

    private func replacing(_ field: String, with value: ModelValue, in model: ModelValue) -> ModelValue {
        guard case .structure(let fields) = model else { return model }
        return .structure(fields.map { $0.name == field ? ModelField(name: field, value: value) : $0 })
    }
}
