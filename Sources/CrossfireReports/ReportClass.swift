import Crossfire
import FirestoreModel

/// One finding class as a report shows it: the bug, how often it showed, where it fell in the
/// coverage grid, and one example — the shrunk one, else the smallest seen, else the first.
package struct ReportClass: Sendable {
    /// The class's number in its journal (1, 2, …).
    package var id: Int
    /// The journal line of its `class` record.
    package var line: Int
    /// The class.
    package var key: FindingClassKey
    /// The allowlist entry that explains it (nil: unexpected).
    package var explanation: ReportExplanation?
    /// How many cases showed it (nil when the journal counted none).
    package var occurrences: Int?
    /// The exact Swift types its leaves had, with how often.
    package var leafTypes: [String: Int]
    /// The grid cells its findings fell in, with how often.
    package var cells: [GridCell: Int]
    /// The example shown.
    package var example: ReportExample
    /// Which example it is.
    package var exampleSource: ExampleSource
    /// The command that replays it (a crash class's ends in `--isolate`: only a child process
    /// can die of it and be seen to).
    package var reproduce: String?
    /// How it compares with a baseline report (nil: no baseline was given).
    package var baseline: BaselineMark?

    /// Whether an allowlist entry explains it.
    package var expected: Bool { explanation != nil }

    /// The grid cells it falls in, in grid order: those its findings fell in, or — when the run
    /// wrote no summary to count them — its example's.
    package var gridCells: [GridCell] {
        cells.isEmpty ? example.cells.sorted() : cells.keys.sorted()
    }

    /// Creates a class entry.
    package init(id: Int, line: Int, key: FindingClassKey, explanation: ReportExplanation?, occurrences: Int?, leafTypes: [String: Int],
                cells: [GridCell: Int], example: ReportExample, exampleSource: ExampleSource, reproduce: String?) {
        self.id = id
        self.line = line
        self.key = key
        self.explanation = explanation
        self.occurrences = occurrences
        self.leafTypes = leafTypes
        self.cells = cells
        self.example = example
        self.exampleSource = exampleSource
        self.reproduce = reproduce
        baseline = nil
    }
}

/// How a class compares with a baseline report.
package enum BaselineMark: String, Sendable, Hashable {
    /// The baseline has no class of its key.
    case new
    /// The baseline has a class of its key.
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

/// One finding as an example of its class: the leaf, what the input held there, what each
/// mapper did there, and the case.
package struct ReportExample: Sendable {
    /// The coding path of the leaf (`tags[2].color`).
    package var path: String
    /// The same path as keys and indexes.
    package var components: ValuePath
    /// The same place as a Firestore field path.
    package var firestorePath: String?
    /// The schema path (`tags[].color`).
    package var schemaPath: String
    /// The exact Swift type at the leaf (`Int8?`).
    package var leafType: String?
    /// The leaf's wrapper.
    package var wrapper: String?
    /// The kind of container it sits in.
    package var container: String
    /// What the input held there, as the journal's leaf value (`{"stored": …}`, `{"absent": true}`).
    package var held: FirestoreValue
    /// What the model value held there (encode, round trip), as a leaf value.
    package var input: FirestoreValue?
    /// Each mapper's outcome at the leaf.
    package var outcomes: [ReportOutcome]
    /// The grid cells the finding fell in.
    package var cells: [GridCell]
    /// The case, in JSON form as the journal keeps it.
    package var testCase: ReportCase
    /// The case, read (its schema, document and model value typed).
    package var stored: StoredCase

    /// Creates an example.
    package init(path: String, components: ValuePath, firestorePath: String?, schemaPath: String, leafType: String?, wrapper: String?,
                container: String, held: FirestoreValue, input: FirestoreValue?, outcomes: [ReportOutcome], cells: [GridCell],
                testCase: ReportCase, stored: StoredCase) {
        self.path = path
        self.components = components
        self.firestorePath = firestorePath
        self.schemaPath = schemaPath
        self.leafType = leafType
        self.wrapper = wrapper
        self.container = container
        self.held = held
        self.input = input
        self.outcomes = outcomes
        self.cells = cells
        self.testCase = testCase
        self.stored = stored
    }
}

/// What one mapper did at the leaf of an example.
package struct ReportOutcome: Sendable, Hashable {
    /// The mapper's name.
    package var mapper: String
    /// Its result, as a `LeafResult` token (`typeMismatch`, `value`, `default-keyNotFound`, …).
    package var result: String
    /// The result in words.
    package var words: String
    /// Its failure, when it failed.
    package var failure: ReportFailure?
    /// What it produced at the leaf, as a journal leaf value.
    package var leaf: FirestoreValue?

    /// Creates an outcome.
    package init(mapper: String, result: String, words: String, failure: ReportFailure?, leaf: FirestoreValue?) {
        self.mapper = mapper
        self.result = result
        self.words = words
        self.failure = failure
        self.leaf = leaf
    }
}

/// A mapper's failure: kind, where, and its message.
package struct ReportFailure: Sendable, Hashable {
    /// The failure kind.
    package var kind: String
    /// Its coding path (meaningless when `hasPath` is false).
    package var path: String
    /// Whether the error named where it happened.
    package var hasPath: Bool
    /// The Swift type expected, when known.
    package var expected: String?
    /// What was found, when known.
    package var found: String?
    /// The mapper's own message.
    package var message: String

    /// Creates a failure.
    package init(kind: String, path: String, hasPath: Bool, expected: String?, found: String?, message: String) {
        self.kind = kind
        self.path = path
        self.hasPath = hasPath
        self.expected = expected
        self.found = found
        self.message = message
    }
}

/// An example's case as the journal keeps it, in JSON form.
package struct ReportCase: Sendable {
    /// The schema's JSON form.
    package var schema: FirestoreValue
    /// The document in REST JSON (`{"fields": …}`), nil when the case has none or it could
    /// not be stored.
    package var document: FirestoreValue?
    /// Why the document could not be stored as REST JSON.
    package var documentError: String?
    /// The document's rendering, when it could not be stored as REST JSON.
    package var documentText: String?
    /// The model value, in `ModelValueCoding`'s form.
    package var model: FirestoreValue?
    /// The document's path (what `@DocumentID` reads).
    package var reference: String?
    /// The faults injected into the document, for people (`wrongType(integer→boolean) at tags[2]: …`).
    package var faults: [String]
    /// The campaign seed, as decimal text.
    package var seed: String?
    /// The case's number within its campaign.
    package var caseIndex: Int?
    /// The choice sequence that generates the case (`ChoiceSequence` text).
    package var choices: String?

    /// Creates a case.
    package init(schema: FirestoreValue, document: FirestoreValue?, documentError: String?, documentText: String?,
                model: FirestoreValue?, reference: String?, faults: [String], seed: String?, caseIndex: Int?, choices: String?) {
        self.schema = schema
        self.document = document
        self.documentError = documentError
        self.documentText = documentText
        self.model = model
        self.reference = reference
        self.faults = faults
        self.seed = seed
        self.caseIndex = caseIndex
        self.choices = choices
    }
}
