import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The harness against planted bugs: for each bug class of firestore-codable-spec.md §13 and
/// §16 planted into a copy of the Codable mapper, a seeded campaign must find it within
/// 10,000 cases, report it with the right kind at the planted rule's place, and shrink it to
/// at most three fields beyond the finding's path.
@Suite struct PlantedFaultTests {
    /// The campaign seed every planted-fault campaign runs with.
    static let seed: UInt64 = 0x00C0_FFEE
    /// The most cases a planted bug may take to be found.
    static let caseBudget = 10_000
    /// The most struct fields a shrunk case may have beyond the finding's path.
    static let fieldsBeyondLimit = 3

    @Test(arguments: PlantedFault.all)
    func plantedFaultIsFoundAtItsPlaceAndShrunk(_ fault: PlantedFault) throws {
        let run = try PlantedFaultRun(fault: fault, seed: PlantedFaultTests.seed, cases: PlantedFaultTests.caseBudget)
        let found = try #require(run.found, "\(fault.id) not found in \(run.summary.cases) cases")
        #expect(run.casesToFind <= PlantedFaultTests.caseBudget)
        #expect(found.discrepancy.kind == fault.kind)
        #expect(fault.matches(found), "the first finding is not at the planted rule's place: \(found.signature)")

        let shrunk = try #require(run.shrunk)
        #expect(shrunk.signature == found.signature, "shrinking must keep the signature")
        #expect(fault.matches(shrunk), "the shrunk finding is not at the planted rule's place: \(shrunk.signature)")
        let beyond = ShrunkCaseSize.fieldsBeyond(shrunk.discrepancy.path, in: shrunk.testCase.schema)
        #expect(beyond <= PlantedFaultTests.fieldsBeyondLimit,
                "\(fault.id) shrunk to \(beyond) fields beyond \(shrunk.discrepancy.path): \(shrunk.testCase.schema)")
        print("planted \(fault.id): found in \(run.casesToFind) cases, shrunk to \(beyond) fields beyond "
              + "\(shrunk.discrepancy.path) (\(shrunk.shrink?.choicesBefore ?? 0) → \(shrunk.shrink?.choicesAfter ?? 0) choices): "
              + shrunk.signature)
    }

    /// The planted mappers without a bug agree with the Codable mapper: every finding of a
    /// planted campaign comes from the bug, not from the wrapping.
    @Test(arguments: [GenerationProfile.scalars, .wrappers, .nestedWrappers, .dictionaries])
    func plantedMapperWithoutBugAgreesWithCodable(_ profile: GenerationProfile) throws {
        let control = PlantedFault(id: "no-bug", spec: "-", bug: NoPlantedBug(), profile: profile, kind: .decodeDisagreement) { _ in true }
        let run = try PlantedFaultRun(fault: control, seed: PlantedFaultTests.seed, cases: 400, stopAtFinding: false, judgeOnlyTheFault: false)
        #expect(run.summary.cases == 400)
        let signatures = Set(run.summary.findings.filter { !$0.isExpected }.map(\.signature))
        let disagreements = signatures.filter { !$0.hasPrefix(FindingKind.roundTripLoss.rawValue) }
        #expect(disagreements.isEmpty, "\(disagreements.sorted())")
        // A round trip runs each mapper on its own: the planted one must lose exactly what the
        // Codable mapper loses.
        for loss in signatures.subtracting(disagreements) where loss.contains(" \(PlantedFaultFactory.mapperName):") {
            let twin = loss.replacingOccurrences(of: " \(PlantedFaultFactory.mapperName):", with: " codable:")
            #expect(signatures.contains(twin), "\(loss) has no Codable twin")
        }
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

extension PlantedFault {
    /// The SDK's known divergences, and every finding that is not of this bug's kind or does
    /// not involve the planted mapper: those are not what a planted-fault campaign judges.
    var allowlist: Allowlist {
        var allowlist = Allowlist.sdkBehaviour
        allowlist.entries.append(AllowlistEntry(
            id: "not-the-planted-kind",
            reason: "A planted-fault campaign judges only findings of the bug's kind that involve the planted mapper."
        ) { [kind] discrepancy, _ in
            discrepancy.kind != kind || !discrepancy.outcomes.contains { $0.mapper == PlantedFaultFactory.mapperName }
        })
        return allowlist
    }

    /// Whether a finding is this bug's: of its kind, not explained by the allowlist, involving
    /// the planted mapper, at the planted rule's place.
    func matches(_ finding: Finding) -> Bool {
        finding.discrepancy.kind == kind && !finding.isExpected
            && finding.discrepancy.outcomes.contains { $0.mapper == PlantedFaultFactory.mapperName }
            && isAtFault(PlantedFinding(discrepancy: finding.discrepancy, testCase: finding.testCase))
    }
}

/// A campaign of the Codable mapper against a planted one, stopped at the planted bug's
/// first finding.
struct PlantedFaultRun {
    /// The campaign's summary.
    let summary: CampaignSummary
    /// The planted bug's first finding, as found.
    let found: Finding?
    /// That finding as the campaign shrunk it.
    let shrunk: Finding?
    /// How many cases it took to find it (all the campaign ran when it was not found).
    var casesToFind: Int { summary.cases }

    /// Runs a campaign. With `judgeOnlyTheFault`, every finding but the fault's kind from the
    /// planted mapper is taken as known (not shrunk): the campaign judges the planted bug only.
    /// Without it nothing is shrunk: the campaign only looks.
    init(fault: PlantedFault, seed: UInt64, cases: Int, stopAtFinding: Bool = true, judgeOnlyTheFault: Bool = true) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("crossfire-planted-\(fault.id)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let options = CampaignOptions(
            seed: seed, cases: cases, profile: fault.profile,
            mappers: [
                MapperSpec(factory: CodableMapperFactory(), style: .strict),
                MapperSpec(factory: PlantedFaultFactory(bug: fault.bug), style: .strict),
            ],
            outputDirectory: directory,
            allowlist: judgeOnlyTheFault ? fault.allowlist : .sdkBehaviour,
            shrinkAttempts: judgeOnlyTheFault ? 1_500 : 0,
            expectedShrinkAttempts: 0,
            // The attempt budget bounds shrinking, not the clock: the result must not depend
            // on how loaded the machine is.
            shrinkTime: .seconds(300)
        )
        let campaign = try Campaign(options: options)
        var found: (finding: Finding, id: Int)?
        let summary = try campaign.run(
            shouldStop: { stopAtFinding && found != nil },
            onFinding: { finding, id in
                if found == nil, fault.matches(finding) { found = (finding, id) }
            }
        )
        self.summary = summary
        self.found = found?.finding
        shrunk = found.flatMap { found in summary.findings.indices.contains(found.id - 1) ? summary.findings[found.id - 1] : nil }
    }
}

/// The planted plumbing with no bug: data walked and rebuilt unchanged in both directions.
struct NoPlantedBug: PlantedReadBug, PlantedWriteBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? { value }
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? { value }
}
