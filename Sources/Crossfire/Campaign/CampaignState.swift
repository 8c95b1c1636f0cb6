/// What a campaign has gathered so far, which `Campaign.absorb(_:into:didRun:onNewClass:onShrunk:willTryCandidate:)`
/// adds to case by case: the classes found and the totals (`CampaignTotals`).
///
/// A campaign run in one process keeps one state from start to end. A worker of an isolated
/// run (`crossfire run --isolate`) starts with a state that carries on its parent's numbering
/// and knows the classes already in the journal, so that it journals no class twice.
package struct CampaignState: Sendable {
    /// The classes this state found, in the order found.
    package private(set) var classes: [FindingClass] = []
    /// What the cases add up to: how many, their census, grid cells and setup failures.
    package var totals = CampaignTotals()
    /// The id the next new class gets in the journal.
    package var nextClassID: Int
    /// The classes journalled by someone else (an isolated run's parent), by id: a finding
    /// of one of them is counted under that id, not journalled again.
    package var knownClasses: [CauseKey: Int]
    /// The cause of each symptom seen so far: a symptom is probed once, the first time it shows.
    package var causes: [FindingClassKey: ResolvedCause] = [:]
    private var positions: [CauseKey: Int] = [:]

    /// A state; by default that of a fresh campaign (ids from 1, an empty journal).
    package init(nextClassID: Int = 1, knownClasses: [CauseKey: Int] = [:]) {
        self.nextClassID = nextClassID
        self.knownClasses = knownClasses
    }

    /// The class of this cause, when this state found it.
    package func findingClass(_ cause: CauseKey) -> FindingClass? {
        positions[cause].map { classes[$0] }
    }

    /// The cause of `finding` (of `execution`): the one its symptom was first probed to, else
    /// probed now with `resolver`.
    mutating func cause(of finding: Finding, in execution: CaseExecution, resolver: CauseResolver) -> ResolvedCause {
        if let known = causes[finding.key] { return known }
        let resolved = resolver.resolve(finding, in: execution)
        causes[finding.key] = resolved
        return resolved
    }

    /// The classes no allowlist entry explains.
    package var unexpectedClasses: [FindingClass] { classes.filter(\.isUnexpected) }

    /// Adds a class first seen now.
    mutating func add(_ findingClass: FindingClass) {
        positions[findingClass.cause] = classes.count
        classes.append(findingClass)
    }

    /// Changes the class of this cause.
    mutating func update(_ cause: CauseKey, _ change: (inout FindingClass) -> Void) {
        guard let position = positions[cause] else { return }
        change(&classes[position])
    }
}
