import FirestoreModel
import ModelSchema

/// One class of findings as a run gathers it: one cause (see `CauseKey`). The run keeps its
/// first example, its smallest example, its shrunk example when it was shrunk, how many cases
/// showed it, and what its findings add up to (`ClassTally`: the symptoms it showed as — its
/// facets: checks, containers, codings, results —, the exact Swift types its leaves had, and
/// the grid cells it fell in).
package struct FindingClass: Sendable {
    /// The class's number in its journal (1, 2, …, in the order first seen).
    package var id: Int
    /// The class: who departs, and which rule.
    package var cause: CauseKey
    /// What probing its first example showed (`CauseResolver`), in words.
    package var probes: [String]
    /// The symptom of its first example: what replaying and shrinking an example look for.
    package var key: FindingClassKey
    /// The allowlist entry that explains it (nil for an unexpected class).
    package var explanation: AllowlistEntry?
    /// The finding that first showed it, in its case as generated.
    package var first: Finding
    /// The smallest case that showed it with the symptom of its first (`key`), as generated (by `CaseSize.weight`).
    package var smallest: Finding
    /// The first example shrunk, when it was.
    package var shrunk: Finding?
    /// How many cases showed it.
    package var occurrences: Int
    /// What its findings add up to: their leaf types, symptoms and grid cells.
    package var tally: ClassTally
    private var smallestWeight: Int

    /// A class first seen in `finding`, whose cause is `resolved`, which fell in `cells`;
    /// `caseWeight` is its case's `CaseSize.weight`.
    package init(id: Int, finding: Finding, resolved: ResolvedCause, cells: [GridCell], caseWeight: Int) {
        self.id = id
        cause = resolved.cause
        probes = resolved.probes
        key = finding.key
        explanation = finding.explanation
        first = finding
        smallest = finding
        shrunk = nil
        occurrences = 1
        tally = ClassTally()
        smallestWeight = caseWeight
        note(finding, cells: cells, caseWeight: caseWeight)
    }

    /// Whether no allowlist entry explains it.
    package var isUnexpected: Bool { explanation == nil }

    /// The example to show: the shrunk one, else the smallest one seen.
    package var example: Finding { shrunk ?? smallest }

    /// Notes one more finding of the class, whose case has `CaseSize.weight` `caseWeight` (the
    /// case's occurrence is counted separately).
    package mutating func note(_ finding: Finding, cells: [GridCell], caseWeight: Int) {
        tally.note(finding, cells: cells)
        // The smallest example shows the class's own symptom, which its replay looks for.
        if caseWeight < smallestWeight, finding.key == key {
            smallest = finding
            smallestWeight = caseWeight
        }
    }
}
