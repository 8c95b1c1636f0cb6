import FirestoreModel
import ModelSchema

/// One finding of a campaign: what a check found at one leaf of one case, the class it
/// belongs to (`FindingClassKey`: the bug, not the place), and the whole case that shows it.
package struct Finding: Sendable {
    /// What was found.
    package var discrepancy: Discrepancy
    /// The class: what a maintainer would call this bug.
    package var key: FindingClassKey
    /// The allowlist entry that explains it, when it is a known divergence.
    package var explanation: AllowlistEntry?
    /// The case that produced it.
    package var testCase: CaseRecord
    /// How far shrinking got, when the finding was shrunk.
    package var shrink: ShrinkSummary?

    /// Creates a finding, looking it up in `allowlist` and computing its class.
    package init(discrepancy: Discrepancy, testCase: CaseRecord, allowlist: Allowlist, shrink: ShrinkSummary? = nil) {
        // A vanished expectation is never expected.
        let explanation = discrepancy.kind == .expectationMissing ? nil : allowlist.entry(explaining: discrepancy, schema: testCase.schema)
        self.discrepancy = discrepancy
        self.explanation = explanation
        self.key = FindingClassKey(discrepancy: discrepancy, explanation: explanation?.id)
        self.testCase = testCase
        self.shrink = shrink
    }

    /// Whether the finding is a known, explained divergence rather than a failure.
    package var isExpected: Bool { explanation != nil }

    /// Whether `other` is this finding's class in another (smaller) case.
    package func isSameClass(_ other: Finding) -> Bool { key == other.key }
}

/// Everything needed to run a case again: its schema, its inputs, and where it came from.
package struct CaseRecord: Sendable {
    /// The model type.
    package var schema: ModelSchema
    /// The reference of the document (what `@DocumentID` reads).
    package var reference: DocumentReference?
    /// The document the decode check read (nil for encode-only cases).
    package var document: FirestoreMap?
    /// The model value the encode and round-trip checks wrote (nil for decode-only cases).
    package var model: ModelValue?
    /// The faults injected into the document.
    package var faults: [Fault]
    /// The campaign seed and case number, when the case was generated from a seed.
    package var seed: UInt64?
    /// The case's number within its campaign.
    package var caseIndex: Int?
    /// The choice sequence that generates the case.
    package var choices: [UInt64]?

    /// Creates a case record.
    package init(schema: ModelSchema, reference: DocumentReference?, document: FirestoreMap?, model: ModelValue?,
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
package enum ShrinkStop: String, Hashable, Sendable, CaseIterable {
    /// No smaller candidate kept the class: the case is as small as the passes make it.
    case exhausted
    /// It tried as many candidates as its budget allows.
    case attemptBudget
    /// Its time ran out.
    case timeBudget

    /// In words: `no smaller candidate`, `attempt budget spent`, `time budget spent`.
    package var description: String {
        switch self {
        case .exhausted: return "no smaller candidate"
        case .attemptBudget: return "attempt budget spent"
        case .timeBudget: return "time budget spent"
        }
    }
}

/// How far the shrinker got with a finding.
package struct ShrinkSummary: Hashable, Sendable {
    /// Choices before and after (the case is no longer made from choices after tree passes:
    /// then `choicesAfter` is those of the last case that was).
    package var choicesBefore: Int
    /// See `choicesBefore`.
    package var choicesAfter: Int
    /// Successful reductions.
    package var steps: Int
    /// Candidates tried.
    package var attempts: Int
    /// Why it stopped.
    package var stop: ShrinkStop

    /// Creates a summary.
    package init(choicesBefore: Int, choicesAfter: Int, steps: Int, attempts: Int, stop: ShrinkStop) {
        self.choicesBefore = choicesBefore
        self.choicesAfter = choicesAfter
        self.steps = steps
        self.attempts = attempts
        self.stop = stop
    }

    /// Whether it stopped on a budget rather than because nothing smaller was found.
    package var stoppedByBudget: Bool { stop != .exhausted }
}
