import FirestoreModel
import ModelSchema

/// One finding of a campaign: what a check found, grouped by a stable signature, with the
/// whole case that reproduces it.
public struct Finding: Sendable {
    /// What was found.
    public var discrepancy: Discrepancy
    /// The stable grouping key: kind, check, schema path, type pair and outcome kinds.
    public var signature: String
    /// The allowlist entry that explains it, when it is a known divergence.
    public var explanation: AllowlistEntry?
    /// The case that produced it.
    public var testCase: CaseRecord
    /// How far shrinking got, when the finding was shrunk.
    public var shrink: ShrinkSummary?

    /// Creates a finding, computing its signature and looking it up in `allowlist`.
    public init(discrepancy: Discrepancy, testCase: CaseRecord, allowlist: Allowlist, shrink: ShrinkSummary? = nil) {
        self.discrepancy = discrepancy
        self.signature = Finding.signature(of: discrepancy, schema: testCase.schema)
        self.explanation = allowlist.entry(explaining: discrepancy, schema: testCase.schema)
        self.testCase = testCase
        self.shrink = shrink
    }

    /// Whether the finding is a known, explained divergence rather than a failure.
    public var isExpected: Bool { explanation != nil }

    /// `decodeDisagreement decode tags[].color [Int8 <- double] codable:dataCorrupted strict:value`.
    public static func signature(of discrepancy: Discrepancy, schema: ModelSchema) -> String {
        let outcomes = discrepancy.outcomes.map { "\($0.mapper):\($0.label)" }.joined(separator: " ")
        return "\(discrepancy.kind.rawValue) \(discrepancy.check.rawValue) \(schema.schemaPath(of: discrepancy.path))"
            + " [\(discrepancy.schemaType ?? "-") <- \(discrepancy.foundKind ?? "-")] \(outcomes)"
    }
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
    /// The faults injected into the document, described.
    public var faults: [String]
    /// The campaign seed and case number, when the case was generated from a seed.
    public var seed: UInt64?
    /// The case's number within its campaign.
    public var caseIndex: Int?
    /// The choice sequence that generates the case.
    public var choices: [UInt64]?

    /// Creates a case record.
    public init(schema: ModelSchema, reference: DocumentReference?, document: FirestoreMap?, model: ModelValue?,
                faults: [String] = [], seed: UInt64? = nil, caseIndex: Int? = nil, choices: [UInt64]? = nil) {
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

/// How far the shrinker got with a finding.
public struct ShrinkSummary: Hashable, Sendable {
    /// Choices before and after.
    public var choicesBefore: Int
    /// See `choicesBefore`.
    public var choicesAfter: Int
    /// Successful reductions.
    public var steps: Int
    /// Whether it stopped because its time ran out (rather than finding nothing smaller).
    public var timedOut: Bool

    /// Creates a summary.
    public init(choicesBefore: Int, choicesAfter: Int, steps: Int, timedOut: Bool) {
        self.choicesBefore = choicesBefore
        self.choicesAfter = choicesAfter
        self.steps = steps
        self.timedOut = timedOut
    }
}
