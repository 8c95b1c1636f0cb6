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
    package var knownClasses: [FindingClassKey: Int]
    private var positions: [FindingClassKey: Int] = [:]

    /// A state; by default that of a fresh campaign (ids from 1, an empty journal).
    package init(nextClassID: Int = 1, knownClasses: [FindingClassKey: Int] = [:]) {
        self.nextClassID = nextClassID
        self.knownClasses = knownClasses
    }

    /// The class with this key, when this state found it.
    package func findingClass(_ key: FindingClassKey) -> FindingClass? {
        positions[key].map { classes[$0] }
    }

    /// The classes no allowlist entry explains.
    package var unexpectedClasses: [FindingClass] { classes.filter(\.isUnexpected) }

    /// Adds a class first seen now.
    mutating func add(_ findingClass: FindingClass) {
        positions[findingClass.key] = classes.count
        classes.append(findingClass)
    }

    /// Changes the class with this key.
    mutating func update(_ key: FindingClassKey, _ change: (inout FindingClass) -> Void) {
        guard let position = positions[key] else { return }
        change(&classes[position])
    }
}
