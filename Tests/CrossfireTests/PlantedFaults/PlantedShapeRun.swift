import Crossfire
import Foundation

/// A default-profile campaign against one real-shaped bug: at least `minimumCases` cases, and
/// once the bug has been found, `followUp` more (so that the other classes it makes show),
/// never beyond `budget`. Every new unexpected class is shrunk as a run shrinks it, under
/// `shrinkAttempts` and no effective time limit, so that the result does not depend on the
/// machine's load. It counts the unexpected classes the run reports that involve a departing
/// mapper — through `FindingClass` and its findings, whatever a class key is made of.
struct PlantedShapeRun {
    /// The seed every campaign runs with.
    static let seed: UInt64 = 0x00C0_FFEE
    /// The fewest cases a campaign runs.
    static let minimumCases = 2_000
    /// The cases run after the bug was first found.
    static let followUp = 1_000
    /// The most cases a campaign runs.
    static let budget = 5_000
    /// The most candidates the shrinker runs per class.
    static let shrinkAttempts = 100

    /// Every class the run reported.
    let classes: [FindingClass]
    /// Cases run.
    let cases: Int
    /// The cases it took to find the bug (nil: not found).
    let casesToFind: Int?
    /// The unexpected classes that count: those involving a departing mapper.
    let unexpected: [FindingClass]

    /// Runs the campaign of `site`'s mappers over its storage, for at most `budget` cases;
    /// `isBug` tells the bug's findings, `departing` the mappers whose classes count (nil: every
    /// unexpected class counts).
    init(site: PlantedShapeSite, departing: Set<String>?, isBug: (Finding) -> Bool, budget: Int = PlantedShapeRun.budget) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-shape-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = CampaignOptions(seed: PlantedShapeRun.seed, cases: budget, profile: .default, mappers: site.mappers,
                                      outputDirectory: directory, shrinkAttempts: PlantedShapeRun.shrinkAttempts, shrinkTime: .seconds(600))
        options.storage = site.storage
        let campaign = try Campaign(options: options)
        var state = CampaignState()
        var found: Int?
        while state.totals.cases < budget {
            if let found, state.totals.cases >= max(PlantedShapeRun.minimumCases, found + PlantedShapeRun.followUp) { break }
            var hit = false
            try campaign.runCase(state.totals.cases, into: &state, didRun: { execution in
                hit = execution.findings.contains(where: isBug)
            })
            if found == nil, hit { found = state.totals.cases }
        }
        classes = state.classes
        cases = state.totals.cases
        casesToFind = found
        unexpected = state.classes.filter { found in
            found.isUnexpected && (departing.map { names in
                [found.first, found.smallest].contains { $0.discrepancy.outcomes.contains { names.contains($0.mapper) } }
            } ?? true)
        }
    }
}

/// One bug's measurement: whether it was found and the unexpected classes it made.
struct PlantedShapeMeasure: Sendable {
    let id: String
    let rules: Int
    let found: Bool
    let casesToFind: Int?
    let cases: Int
    /// Each unexpected class as the run names it, with its occurrences.
    let classes: [String]

    init(id: String, rules: Int, run: PlantedShapeRun) {
        self.id = id
        self.rules = rules
        found = run.casesToFind != nil
        casesToFind = run.casesToFind
        cases = run.cases
        classes = run.unexpected.map { "\($0.cause.canonical) ×\($0.occurrences) (first as: \($0.key))" }
    }

    /// The table row: bug, found (at which case), cases, declared rules, unexpected classes.
    var row: String {
        "| `\(id)` | \(found ? "yes (\(casesToFind ?? 0))" : "no") | \(cases) | \(rules) | \(classes.count) |"
    }

    /// The raw lines for the lead: the bug, its class count, each class.
    var raw: String {
        (["\(id)\t\(classes.count)"] + classes.map { "\t\t\($0)" }).joined(separator: "\n")
    }
}
