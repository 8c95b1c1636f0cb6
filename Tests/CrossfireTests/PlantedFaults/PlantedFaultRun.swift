import Crossfire
import Foundation

/// A campaign of the Codable mapper against a planted one, case by case: it runs until the
/// planted bug's class has been found and as many cases again have run (at least
/// `PlantedFaultRun.minimumFollowUp`), so that the classes of other rules the bug breaks show
/// too, and never beyond its case budget. Every new unexpected class is shrunk as a run
/// shrinks it (`Campaign.shrink`), under an attempt budget and no effective time limit, so that
/// the result does not depend on how loaded the machine is.
struct PlantedFaultRun {
    /// The fewest cases run after the bug's class was found.
    static let minimumFollowUp = 1_000
    /// The most candidates the shrinker may run per class (the campaign default).
    static let shrinkAttempts = CampaignOptions(seed: 0, outputDirectory: "").shrinkAttempts

    /// Every class found, in the order found.
    let classes: [FindingClass]
    /// Cases run.
    let cases: Int
    /// The cases it took to find the bug's class (nil: not found).
    let casesToFind: Int?

    /// Runs the campaign of `fault` from `seed`, for at most `budget` cases; with `shrink`
    /// false nothing is shrunk.
    init(fault: PlantedFault, seed: UInt64, budget: Int, shrink: Bool = true) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("crossfire-planted-\(fault.id)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The planted rules are those of the calls synthesized code makes: a bug planted in the
        // data flow would show again at each hand-written coding's calls, each its own class
        // (the coding is part of a class, as the container is). The blind-spot tests plant
        // bugs in those calls.
        var profile = fault.profile
        profile.handCodingProbability = 0
        let options = CampaignOptions(
            seed: seed, cases: budget, profile: profile,
            mappers: [MapperSpec(factory: CodableMapperFactory(), style: .strict), fault.family.plantedSpec(fault.bug)],
            outputDirectory: directory, allowlist: fault.family.allowlist,
            shrinkAttempts: shrink ? PlantedFaultRun.shrinkAttempts : 0,
            shrinkTime: .seconds(600)
        )
        let campaign = try Campaign(options: options)
        var state = CampaignState()
        var casesToFind: Int?
        while state.totals.cases < budget {
            if let found = casesToFind, state.totals.cases >= found + max(found, PlantedFaultRun.minimumFollowUp) { break }
            try campaign.runCase(state.totals.cases, into: &state)
            if casesToFind == nil, state.classes.contains(where: { fault.isBugClass($0) }) { casesToFind = state.totals.cases }
        }
        classes = state.classes
        cases = state.totals.cases
        self.casesToFind = casesToFind
    }

    /// The unexpected classes whose findings involve the planted mapper.
    var plantedClasses: [FindingClass] {
        classes.filter { $0.isUnexpected && $0.key.outcomes.contains { $0.mapper == PlantedFaultFactory.mapperName } }
    }
}

extension PlantedFault {
    /// Whether a class is this bug's: unexpected, and one of its examples (first, smallest,
    /// shrunk) at the planted rule's place.
    func isBugClass(_ found: FindingClass) -> Bool {
        found.isUnexpected && [found.first, found.smallest, found.shrunk].contains { $0.map(matches) ?? false }
    }

    /// Whether a finding is this bug's: of its kind, not explained by the allowlist, involving
    /// the planted mapper, at the planted rule's place.
    func matches(_ finding: Finding) -> Bool {
        finding.discrepancy.kind == kind && !finding.isExpected
            && finding.discrepancy.outcomes.contains { $0.mapper == PlantedFaultFactory.mapperName }
            && isAtFault(PlantedFinding(discrepancy: finding.discrepancy, testCase: finding.testCase))
    }
}
