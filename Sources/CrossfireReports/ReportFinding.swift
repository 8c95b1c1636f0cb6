import Crossfire
import FirestoreModel

/// One finding as a report shows it: what was found, where, what each mapper did, and the
/// case that shows it (minimized when it was shrunk).
public struct ReportFinding: Sendable {
    /// The finding's number in its journal (1, 2, …).
    public var id: Int
    /// The journal line of the record it was read from.
    public var line: Int
    /// The finding kind (`decodeDisagreement`, `crash`, …).
    public var kind: FindingKind
    /// The check that found it.
    public var check: CheckKind
    /// The stable grouping key.
    public var signature: String
    /// Whether an allowlist entry explains it.
    public var expected: Bool
    /// The allowlist entry that explains it.
    public var explanation: ReportExplanation?
    /// The coding path of the first difference or failure (`tags[2].color`).
    public var path: String
    /// The same place as a Firestore field path (`tags.2.color` style, as the journal gives it).
    public var firestorePath: String?
    /// The schema path (`tags[].color`).
    public var schemaPath: String
    /// The Swift type the schema has there (`Int8`).
    public var schemaType: String?
    /// The Firestore type found there (`double`).
    public var foundKind: String?
    /// Each mapper's outcome, the reference first.
    public var outcomes: [ReportOutcome]
    /// For round trips and silent defaults: the model value before, in `ModelValueCoding`'s form.
    public var before: FirestoreValue?
    /// See `before`.
    public var after: FirestoreValue?
    /// The case: minimized when `shrink` says it was shrunk.
    public var testCase: ReportCase
    /// Whether the case was shrunk, and how far.
    public var shrink: ShrinkState
    /// How often the signature was seen (nil without a summary).
    public var occurrences: Int?
    /// The command that replays it.
    public var reproduce: String?

    /// Creates a finding's report entry.
    public init(id: Int, line: Int, kind: FindingKind, check: CheckKind, signature: String, expected: Bool,
                explanation: ReportExplanation?, path: String, firestorePath: String?, schemaPath: String,
                schemaType: String?, foundKind: String?, outcomes: [ReportOutcome], before: FirestoreValue?,
                after: FirestoreValue?, testCase: ReportCase, shrink: ShrinkState, occurrences: Int?, reproduce: String?) {
        self.id = id
        self.line = line
        self.kind = kind
        self.check = check
        self.signature = signature
        self.expected = expected
        self.explanation = explanation
        self.path = path
        self.firestorePath = firestorePath
        self.schemaPath = schemaPath
        self.schemaType = schemaType
        self.foundKind = foundKind
        self.outcomes = outcomes
        self.before = before
        self.after = after
        self.testCase = testCase
        self.shrink = shrink
        self.occurrences = occurrences
        self.reproduce = reproduce
    }
}

/// Why a finding is expected: its allowlist entry.
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

/// What one mapper did in the check that found the finding.
public struct ReportOutcome: Sendable, Hashable {
    /// The mapper's name.
    public var mapper: String
    /// `value`, or the failure kind (`typeMismatch`, …).
    public var result: String
    /// The failure's coding path.
    public var path: String?
    /// The Swift type expected.
    public var expected: String?
    /// What was found.
    public var found: String?
    /// The mapper's own message.
    public var message: String?
    /// The value produced, rendered for people.
    public var value: String?

    /// Creates an outcome.
    public init(mapper: String, result: String, path: String? = nil, expected: String? = nil, found: String? = nil,
                message: String? = nil, value: String? = nil) {
        self.mapper = mapper
        self.result = result
        self.path = path
        self.expected = expected
        self.found = found
        self.message = message
        self.value = value
    }
}

/// Whether a finding's case was shrunk.
public enum ShrinkState: Sendable, Hashable {
    /// The case is the minimized one (from the `shrunk` record).
    case shrunk(ShrinkSummary)
    /// The case is the original one, for this reason.
    case notShrunk(reason: String)

    /// The reason a `crash` finding has no shrunk case (an isolated run shrinks a crash by a
    /// signal in a mapper call, each candidate in a worker of its own).
    public static let crashReason = "a hang, or a crash outside any mapper call, is not shrunk (nor a crash the run ended before shrinking)"
    /// The reason any other finding has none.
    public static let unfinishedReason = "the run ended before this finding was shrunk"

    /// Whether the case was shrunk.
    public var isShrunk: Bool {
        if case .shrunk = self { return true }
        return false
    }
}

/// A finding's case as the journal keeps it, in JSON form.
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
    /// The faults injected into the document.
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
