import FirestoreModel
import ModelSchema

/// One finding of a campaign: what a check found at one leaf of one case, the class it
/// belongs to (`FindingClassKey`: the bug, not the place), and the whole case that shows it.
public struct Finding: Sendable {
    /// What was found.
    public var discrepancy: Discrepancy
    /// The class: what a maintainer would call this bug.
    public var key: FindingClassKey
    /// The allowlist entry that explains it, when it is a known divergence.
    public var explanation: AllowlistEntry?
    /// The case that produced it.
    public var testCase: CaseRecord
    /// How far shrinking got, when the finding was shrunk.
    public var shrink: ShrinkSummary?

    /// Creates a finding, looking it up in `allowlist` and computing its class.
    public init(discrepancy: Discrepancy, testCase: CaseRecord, allowlist: Allowlist, shrink: ShrinkSummary? = nil) {
        // A vanished expectation is never expected.
        let explanation = discrepancy.kind == .expectationMissing ? nil : allowlist.entry(explaining: discrepancy, schema: testCase.schema)
        self.discrepancy = discrepancy
        self.explanation = explanation
        self.key = FindingClassKey(discrepancy: discrepancy, explanation: explanation?.id)
        self.testCase = testCase
        self.shrink = shrink
    }

    /// Whether the finding is a known, explained divergence rather than a failure.
    public var isExpected: Bool { explanation != nil }

    /// Whether `other` is this finding's class in another (smaller) case.
    public func isSameClass(_ other: Finding) -> Bool { key == other.key }
}

/// Everything needed to run a case again: its schema, its inputs, and where it came from.
public struct CaseRecord: Sendable {
    /// The model type.
    public var schema: ModelSchema
    /// The reference of the document (what `@DocumentID` reads).
    public var reference: DocumentReference?
    /// The document the decode check read (nil for encode-only cases).
    public var document: FirestoreMap?
    /// The model value the encode and round-trip checks wrote (nil for decode-only cases).
    public var model: ModelValue?
    /// The faults injected into the document.
    public var faults: [Fault]
    /// The campaign seed and case number, when the case was generated from a seed.
    public var seed: UInt64?
    /// The case's number within its campaign.
    public var caseIndex: Int?
    /// The choice sequence that generates the case.
    public var choices: [UInt64]?

    /// Creates a case record.
    public init(schema: ModelSchema, reference: DocumentReference?, document: FirestoreMap?, model: ModelValue?,
                faults: [Fault] = [], seed: UInt64? = nil, caseIndex: Int? = nil, choices: [UInt64]? = nil) {
        self.schema = schema
        self.reference = reference
        self.document = document
        self.model = model
        self.faults = faults
        self.seed = seed
        self.caseIndex = caseIndex
        self.choices = choices
    }
}

/// Why a shrinker stopped.
public enum ShrinkStop: String, Hashable, Sendable, CaseIterable {
    /// No smaller candidate kept the class: the case is as small as the passes make it.
    case exhausted
    /// It tried as many candidates as its budget allows.
    case attemptBudget
    /// Its time ran out.
    case timeBudget

    /// In words: `no smaller candidate`, `attempt budget spent`, `time budget spent`.
    public var description: String {
        switch self {
        case .exhausted: return "no smaller candidate"
        case .attemptBudget: return "attempt budget spent"
        case .timeBudget: return "time budget spent"
        }
    }
}

/// How far the shrinker got with a finding.
public struct ShrinkSummary: Hashable, Sendable {
    /// Choices before and after (the case is no longer made from choices after tree passes:
    /// then `choicesAfter` is those of the last case that was).
    public var choicesBefore: Int
    /// See `choicesBefore`.
    public var choicesAfter: Int
    /// Successful reductions.
    public var steps: Int
    /// Candidates tried.
    public var attempts: Int
    /// Why it stopped.
    public var stop: ShrinkStop

    /// Creates a summary.
    public init(choicesBefore: Int, choicesAfter: Int, steps: Int, attempts: Int, stop: ShrinkStop) {
        self.choicesBefore = choicesBefore
        self.choicesAfter = choicesAfter
        self.steps = steps
        self.attempts = attempts
        self.stop = stop
    }

    /// Whether it stopped on a budget rather than because nothing smaller was found.
    public var stoppedByBudget: Bool { stop != .exhausted }
}
