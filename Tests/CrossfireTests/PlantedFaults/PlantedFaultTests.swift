import Crossfire
import CrossfireTestSupport
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The harness against planted bugs: for each bug class of the SDK's quirks and common
/// complaints (`Docs/sdk-codable-rules.md` §13, §16) planted into a copy of the Codable mapper,
/// a seeded campaign must find it within 10,000 cases as one unexpected class (at most two more
/// for other rules the bug breaks), of the right kind at the planted rule's place, and shrink
/// it to a repro a person reads: the leaf at depth 2 at most, with at most three fields beyond
/// its path.
@Suite(.tags(.slow), .skippedWhenQuick) struct PlantedFaultTests {
    /// The campaign seed every planted-fault campaign runs with.
    static let seed: UInt64 = 0x00C0_FFEE
    /// The most cases a planted bug may take to be found.
    static let caseBudget = 10_000
    /// The most unexpected classes involving the planted mapper: the bug's, and two more for
    /// other rules it breaks.
    static let classLimit = 3
    /// The deepest the shrunk leaf may be (path components).
    static let depthLimit = 2
    /// The most struct fields a shrunk case may have beyond the finding's path.
    static let fieldsBeyondLimit = 3
    /// The bugs that `FindingClassKey` (not the shrinker's to change) splits into more than
    /// `classLimit` classes, with what splits them: a known issue each, which fails the test
    /// the day the key stops splitting the bug, so that the entry is removed.
    static let knownClassSplits: [String: String] = [:]

    @Test(arguments: PlantedFault.all)
    func plantedFaultIsOneClassShrunkToAReadableRepro(_ fault: PlantedFault) throws {
        let run = try PlantedFaultRun(fault: fault, seed: PlantedFaultTests.seed, budget: PlantedFaultTests.caseBudget)
        let planted = run.plantedClasses
        let listing = planted.map { "  \($0.cause.canonical) ×\($0.occurrences) (first as \($0.key.canonical))" }.joined(separator: "\n")
        let bugClass = try #require(planted.first(where: fault.isBugClass),
                                    "\(fault.id) not found in \(run.cases) cases; unexpected classes involving the planted mapper:\n\(listing)")
        let countsAsOneBug = {
            #expect(planted.count <= PlantedFaultTests.classLimit,
                    "\(fault.id): \(planted.count) unexpected classes involving the planted mapper:\n\(listing)")
        }
        if let split = PlantedFaultTests.knownClassSplits[fault.id] {
            withKnownIssue(Comment(rawValue: "the class key splits this bug into more classes: \(split)"), countsAsOneBug)
        } else {
            countsAsOneBug()
        }

        let shrunk = try #require(bugClass.shrunk, "\(fault.id): the bug's class was not shrunk")
        let summary = try #require(shrunk.shrink)
        #expect(shrunk.key == bugClass.key, "shrinking must keep the class")
        #expect(fault.matches(shrunk), "the shrunk finding is not at the planted rule's place: \(shrunk.discrepancy.path)")
        let depth = shrunk.discrepancy.path.count
        let beyond = ShrunkCaseSize.fieldsBeyond(shrunk.discrepancy.path, in: shrunk.testCase.schema)
        let schemaText = String(decoding: shrunk.testCase.schema.jsonData(), as: UTF8.self)
        #expect(depth <= PlantedFaultTests.depthLimit, "\(fault.id) shrunk to depth \(depth) at \(shrunk.discrepancy.path): \(schemaText)")
        #expect(beyond <= PlantedFaultTests.fieldsBeyondLimit,
                "\(fault.id) shrunk to \(beyond) fields beyond \(shrunk.discrepancy.path): \(schemaText)")
        print("planted \(fault.id): found in \(run.casesToFind ?? 0) of \(run.cases) cases; \(planted.count) unexpected classes; "
              + "shrunk to depth \(depth), \(beyond) fields beyond \(shrunk.discrepancy.path) in \(summary.attempts) attempts "
              + "(\(summary.stop.description)): \(bugClass.key.canonical)\n\(listing)")
    }

    /// The planted mappers without a bug agree with the Codable mapper: every finding of a
    /// planted campaign comes from the bug, not from the wrapping.
    @Test(arguments: [GenerationProfile.scalars, .wrappers, .nestedWrappers, .dictionaries])
    func plantedMapperWithoutBugAgreesWithCodable(_ profile: GenerationProfile) throws {
        let control = PlantedFault(id: "no-bug", spec: "-", bug: NoPlantedBug(), profile: profile, kind: .decodeDisagreement) { _ in true }
        let run = try PlantedFaultRun(fault: control, seed: PlantedFaultTests.seed, budget: 400, shrink: false)
        #expect(run.cases == 400)
        let disagreements = run.plantedClasses.filter { $0.key.kind != .roundTripLoss }.map(\.key.canonical)
        #expect(disagreements.isEmpty, "\(disagreements.sorted())")
        // A round trip runs each mapper on its own: the planted one must lose exactly what the
        // Codable mapper loses.
        let keys = Set(run.classes.map(\.key))
        for loss in run.classes.map(\.key) where loss.kind == .roundTripLoss && loss.outcomes.contains(where: { $0.mapper == PlantedFaultFactory.mapperName }) {
            var twin = loss
            twin.outcomes = loss.outcomes.map { FindingClassKey.Outcome(mapper: $0.mapper == PlantedFaultFactory.mapperName ? "codable" : $0.mapper, result: $0.result) }
            #expect(keys.contains(twin), "\(loss.canonical) has no Codable twin")
        }
    }

    /// The planted reflective mapper without a bug differs from the Codable mapper only as the
    /// reflective family's documentation says: every class is expected.
    @Test(arguments: [GenerationProfile.scalars, .wrappers, .dictionaries])
    func plantedReflectiveMapperWithoutBugShowsOnlyDocumentedDivergences(_ profile: GenerationProfile) throws {
        let control = PlantedFault(id: "no-bug", spec: "-", bug: NoPlantedBug(), profile: profile, kind: .decodeDisagreement,
                                   family: .reflective) { _ in true }
        let run = try PlantedFaultRun(fault: control, seed: PlantedFaultTests.seed, budget: 400, shrink: false)
        #expect(run.cases == 400)
        #expect(run.plantedClasses.map(\.key.canonical).sorted() == [])
        #expect(run.classes.contains { $0.key.outcomes.contains { $0.mapper == PlantedFaultFactory.mapperName } }, "the family differs, as documented")
    }

    @Test func fieldsBeyondCountsEveryFieldOffThePath() throws {
        let schema = ModelSchema(root: "Model", structs: [
            StructSchema(name: "Model", fields: [
                FieldSchema(name: "a", type: .integer(.int)),
                FieldSchema(name: "tags", codingKey: "t", type: .array(.structure("Tag"))),
                FieldSchema(name: "skipped", keyed: false, type: .string),
            ]),
            StructSchema(name: "Tag", fields: [
                FieldSchema(name: "color", type: .hexColor),
                FieldSchema(name: "title", type: .string),
            ]),
        ])
        let path = ValuePath([.key("t"), .index(2), .key("color")])
        let steps = ShrunkCaseSize.fieldsOnPath(path, in: schema)
        #expect(steps.map(\.structName) == ["Model", "Tag"])
        #expect(steps.map(\.field) == ["tags", "color"])
        #expect(ShrunkCaseSize.fieldsBeyond(path, in: schema) == 3)
        #expect(ShrunkCaseSize.fieldsBeyond(ValuePath(keys: "tags"), in: schema) == 4, "a property name counts when no coding key matches")
        #expect(ShrunkCaseSize.fieldsBeyond(.root, in: schema) == 5)
    }
}

/// The planted plumbing with no bug: data walked and rebuilt unchanged in both directions.
struct NoPlantedBug: PlantedReadBug, PlantedWriteBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? { value }
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? { value }
}
