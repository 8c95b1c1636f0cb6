import Crossfire
import Foundation

/// A default-profile campaign against one planted blind-spot bug: it runs until the bug's class
/// has been found (and `until` holds of the bug's findings so far) and as many cases again (at
/// least `followUp`), never beyond its budget, shrinking every new unexpected class as a run
/// does (under the campaign's attempt budget, the time limit out of reach). Every finding of the
/// bug's class is kept, not only the class's examples.
struct BlindSpotRun {
    /// The most candidates the shrinker runs per class: enough for every bug's example to end
    /// at its divergence point with no field beyond it.
    static let shrinkAttempts = 500

    /// Every class found.
    let classes: [FindingClass]
    /// Cases run.
    let cases: Int
    /// The cases it took to find the bug's class (nil: not found).
    let casesToFind: Int?
    /// Every finding of the bug's class.
    let bugFindings: [Finding]

    init(mappers: [MapperSpec], storage: any DocumentStorage = WritePathStorage(), budget: Int, followUp: Int,
         isBug: (Finding) -> Bool, until: ([Finding]) -> Bool = { _ in true }) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-blind-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = CampaignOptions(seed: PlantedFaultTests.seed, cases: budget, profile: .default, mappers: mappers, outputDirectory: directory,
                                      shrinkAttempts: BlindSpotRun.shrinkAttempts, shrinkTime: .seconds(600))
        options.storage = storage
        let campaign = try Campaign(options: options)
        var state = CampaignState()
        var found: Int?
        var bugFindings: [Finding] = []
        while state.totals.cases < budget {
            if let found, state.totals.cases >= found + max(found, followUp) { break }
            try campaign.runCase(state.totals.cases, into: &state, didRun: { execution in
                bugFindings += execution.findings.filter(isBug)
            })
            if found == nil, !bugFindings.isEmpty, until(bugFindings) { found = state.totals.cases }
        }
        classes = state.classes
        cases = state.totals.cases
        casesToFind = found
        self.bugFindings = bugFindings
    }

    /// The unexpected classes.
    var unexpected: [FindingClass] { classes.filter(\.isUnexpected) }
}
