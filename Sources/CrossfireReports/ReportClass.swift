import Crossfire
import FirestoreModel

/// One finding class as a report shows it: the cause, how often it showed and as which
/// symptoms, where it fell in the coverage grid, and one example — the shrunk one, else the
/// smallest seen, else the first.
package struct ReportClass: Sendable {
    /// The class's number in its journal (1, 2, …).
    package var id: Int
    /// The journal line of its `class` record.
    package var line: Int
    /// The class: who departs and which rule.
    package var cause: CauseKey
    /// What probing its first example showed, in words.
    package var probes: [String]
    /// The symptom of its first example.
    package var key: FindingClassKey
    /// The allowlist entry that explains it (nil: unexpected).
    package var explanation: ReportExplanation?
    /// How many cases showed it (nil when the journal counted none).
    package var occurrences: Int?
    /// What its findings added up to: leaf types, symptoms (its facets), grid cells; empty
    /// when the run wrote no summary.
    package var tally: ClassTally
    /// The example shown.
    package var example: JournalExample
    /// Which example it is.
    package var exampleSource: ExampleSource
    /// The command that replays it (a crash class's ends in `--isolate`: only a child process
    /// can die of it and be seen to).
    package var reproduce: String?
    /// How it compares with a baseline report (nil: no baseline was given).
    package var baseline: BaselineMark?

    /// Whether an allowlist entry explains it.
    package var expected: Bool { explanation != nil }

    /// The class in one line, from its cause (`CauseWords`).
    package var title: String { CauseWords(cause).title }

    /// What to change, from its cause.
    package var fix: String { CauseWords(cause).fix }

    /// The grid cells it falls in, in grid order: those its findings fell in, or — when the run
    /// wrote no summary to count them — its example's.
    package var gridCells: [GridCell] {
        tally.cells.isEmpty ? example.cells.sorted() : tally.cells.keys.sorted()
    }

    /// Creates a class entry.
    package init(id: Int, line: Int, cause: CauseKey, probes: [String] = [], key: FindingClassKey, explanation: ReportExplanation?,
                occurrences: Int?, tally: ClassTally, example: JournalExample, exampleSource: ExampleSource, reproduce: String?) {
        self.id = id
        self.line = line
        self.cause = cause
        self.probes = probes
        self.key = key
        self.explanation = explanation
        self.occurrences = occurrences
        self.tally = tally
        self.example = example
        self.exampleSource = exampleSource
        self.reproduce = reproduce
        baseline = nil
    }
}

/// How a class compares with a baseline report.
package enum BaselineMark: String, Sendable, Hashable {
    /// The baseline has no class of its cause.
    case new
    /// The baseline has a class of its cause.
    case unchanged
}

/// Which example of a class a report shows.
package enum ExampleSource: Sendable, Hashable {
    /// The first example, shrunk.
    case shrunk(ShrinkSummary)
    /// The smallest case that showed the class, as generated (expected classes are not shrunk
    /// during a run).
    case smallest
    /// The first case that showed it, for this reason.
    case first(reason: String)

    /// The reason an unexpected class has no shrunk example: the run ended first, or it is a
    /// crash that is not shrunk (a hang, or a crash outside any mapper call).
    package static let unshrunkCrashReason = "a hang, or a crash outside any mapper call, is not shrunk (nor a crash the run ended before shrinking)"
    /// The reason any other unexpected class has none.
    package static let unfinishedReason = "the run ended before this class was shrunk"
    /// The reason an expected class shows its first example.
    package static let expectedReason = "expected classes are counted, not shrunk, and the run ended before its summary chose the smallest example"
}

/// Why a class is expected: its allowlist entry.
package struct ReportExplanation: Sendable, Hashable {
    /// The entry's id (`int8-stored-as-boolean`).
    package var id: String
    /// Why the divergence is expected.
    package var reason: String

    /// Creates an explanation.
    package init(id: String, reason: String) {
        self.id = id
        self.reason = reason
    }
}
