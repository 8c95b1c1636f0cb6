import Crossfire
import FirestoreModel

/// One finding class as a report shows it: the bug, how often it showed, where it fell in the
/// coverage grid, and one example — the shrunk one, else the smallest seen, else the first.
public struct ReportClass: Sendable {
    /// The class's number in its journal (1, 2, …).
    public var id: Int
    /// The journal line of its `class` record.
    public var line: Int
    /// The class.
    public var key: FindingClassKey
    /// The allowlist entry that explains it (nil: unexpected).
    public var explanation: ReportExplanation?
    /// How many cases showed it (nil when the journal counted none).
    public var occurrences: Int?
    /// The exact Swift types its leaves had, with how often.
    public var leafTypes: [String: Int]
    /// The grid cells its findings fell in, with how often.
    public var cells: [GridCell: Int]
    /// The example shown.
    public var example: ReportExample
    /// Which example it is.
    public var exampleSource: ExampleSource
    /// The command that replays it (a crash class's ends in `--isolate`: only a child process
    /// can die of it and be seen to).
    public var reproduce: String?
    /// How it compares with a baseline report (nil: no baseline was given).
    public var baseline: BaselineMark?

    /// Whether an allowlist entry explains it.
    public var expected: Bool { explanation != nil }

    /// The grid cells it falls in, in grid order: those its findings fell in, or — when the run
    /// wrote no summary to count them — its example's.
    public var gridCells: [GridCell] {
        cells.isEmpty ? example.cells.sorted() : cells.keys.sorted()
    }

    /// Creates a class entry.
    public init(id: Int, line: Int, key: FindingClassKey, explanation: ReportExplanation?, occurrences: Int?, leafTypes: [String: Int],
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
public enum BaselineMark: String, Sendable, Hashable {
    /// The baseline has no class of its key.
    case new
    /// The baseline has a class of its key.
    case unchanged
}

/// Which example of a class a report shows.
public enum ExampleSource: Sendable, Hashable {
    /// The first example, shrunk.
    case shrunk(ShrinkSummary)
    /// The smallest case that showed the class, as generated (expected classes are not shrunk
    /// during a run).
    case smallest
    /// The first case that showed it, for this reason.
    case first(reason: String)

    /// The reason an unexpected class has no shrunk example: the run ended first, or it is a
    /// crash that is not shrunk (a hang, or a crash outside any mapper call).
    public static let unshrunkCrashReason = "a hang, or a crash outside any mapper call, is not shrunk (nor a crash the run ended before shrinking)"
    /// The reason any other unexpected class has none.
    public static let unfinishedReason = "the run ended before this class was shrunk"
    /// The reason an expected class shows its first example.
    public static let expectedReason = "expected classes are counted, not shrunk, and the run ended before its summary chose the smallest example"
}

/// Why a class is expected: its allowlist entry.
public struct ReportExplanation: Sendable, Hashable {
    /// The entry's id (`int8-stored-as-boolean`).
    public var id: String
    /// Why the divergence is expected.
    public var reason: String

    /// Creates an explanation.
    public init(id: String, reason: String) {
        self.id = id
        self.reason = reason
    }
}

/// One finding as an example of its class: the leaf, what the input held there, what each
/// mapper did there, and the case.
public struct ReportExample: Sendable {
    /// The coding path of the leaf (`tags[2].color`).
    public var path: String
    /// The same path as keys and indexes.
    public var components: ValuePath
    /// The same place as a Firestore field path.
    public var firestorePath: String?
    /// The schema path (`tags[].color`).
    public var schemaPath: String
    /// The exact Swift type at the leaf (`Int8?`).
    public var leafType: String?
    /// The leaf's wrapper.
    public var wrapper: String?
    /// The kind of container it sits in.
    public var container: String
    /// What the input held there, as the journal's leaf value (`{"stored": …}`, `{"absent": true}`).
    public var held: FirestoreValue
    /// What the model value held there (encode, round trip), as a leaf value.
    public var input: FirestoreValue?
    /// Each mapper's outcome at the leaf.
    public var outcomes: [ReportOutcome]
    /// The grid cells the finding fell in.
    public var cells: [GridCell]
    /// The case, in JSON form as the journal keeps it.
    public var testCase: ReportCase
    /// The case, read (its schema, document and model value typed).
    public var stored: StoredCase

    /// Creates an example.
    public init(path: String, components: ValuePath, firestorePath: String?, schemaPath: String, leafType: String?, wrapper: String?,
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
public struct ReportOutcome: Sendable, Hashable {
    /// The mapper's name.
    public var mapper: String
    /// Its result, as a `LeafResult` token (`typeMismatch`, `value`, `default-keyNotFound`, …).
    public var result: String
    /// The result in words.
    public var words: String
    /// Its failure, when it failed.
    public var failure: ReportFailure?
    /// What it produced at the leaf, as a journal leaf value.
    public var leaf: FirestoreValue?

    /// Creates an outcome.
    public init(mapper: String, result: String, words: String, failure: ReportFailure?, leaf: FirestoreValue?) {
        self.mapper = mapper
        self.result = result
        self.words = words
        self.failure = failure
        self.leaf = leaf
    }
}

/// A mapper's failure: kind, where, and its message.
public struct ReportFailure: Sendable, Hashable {
    /// The failure kind.
    public var kind: String
    /// Its coding path (meaningless when `hasPath` is false).
    public var path: String
    /// Whether the error named where it happened.
    public var hasPath: Bool
    /// The Swift type expected, when known.
    public var expected: String?
    /// What was found, when known.
    public var found: String?
    /// The mapper's own message.
    public var message: String

    /// Creates a failure.
    public init(kind: String, path: String, hasPath: Bool, expected: String?, found: String?, message: String) {
        self.kind = kind
        self.path = path
        self.hasPath = hasPath
        self.expected = expected
        self.found = found
        self.message = message
    }
}

/// An example's case as the journal keeps it, in JSON form.
public struct ReportCase: Sendable {
    /// The schema's JSON form.
    public var schema: FirestoreValue
    /// The document in REST JSON (`{"fields": …}`), nil when the case has none or it could
    /// not be stored.
    public var document: FirestoreValue?
    /// Why the document could not be stored as REST JSON.
    public var documentError: String?
    /// The document's rendering, when it could not be stored as REST JSON.
    public var documentText: String?
    /// The model value, in `ModelValueCoding`'s form.
    public var model: FirestoreValue?
    /// The document's path (what `@DocumentID` reads).
    public var reference: String?
    /// The faults injected into the document, for people (`wrongType(integer→boolean) at tags[2]: …`).
    public var faults: [String]
    /// The campaign seed, as decimal text.
    public var seed: String?
    /// The case's number within its campaign.
    public var caseIndex: Int?
    /// The choice sequence that generates the case (`ChoiceSequence` text).
    public var choices: String?

    /// Creates a case.
    public init(schema: FirestoreValue, document: FirestoreValue?, documentError: String?, documentText: String?,
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
