import FirestoreModel
import ModelSchema

/// Which of the three checks of a case found something.
public enum CheckKind: String, Sendable, Hashable, CaseIterable {
    /// A document through every mapper's decoder.
    case decode
    /// A model value through every mapper's encoder and the write path.
    case encode
    /// Model → encode → write path → stored → read path → decode, per mapper.
    case roundTrip
}

/// The kind of a finding.
public enum FindingKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Two mappers decoded one document differently.
    case decodeDisagreement
    /// Two mappers stored one model value differently.
    case encodeDisagreement
    /// A mapper did not get back what it stored.
    case roundTripLoss
    /// A lenient mapper put a default in place of what the document held.
    case silentDefault
    /// A mapper trapped or threw outside the error taxonomy.
    case crash

    public static func < (lhs: FindingKind, rhs: FindingKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What one mapper produced in one check, as a report shows it.
public struct MapperOutcome: Hashable, Sendable {
    /// The mapper's name.
    public var mapper: String
    /// The failure, when the mapper failed.
    public var failure: MappingFailure?
    /// The produced value rendered for people, when the mapper succeeded.
    public var rendering: String?

    /// Creates an outcome record.
    public init(mapper: String, failure: MappingFailure? = nil, rendering: String? = nil) {
        self.mapper = mapper
        self.failure = failure
        self.rendering = rendering
    }

    /// `typeMismatch`, `keyNotFound`, … or `value`.
    public var label: String { failure?.kind.rawValue ?? "value" }
}

/// One thing a check found: its kind, where, and what each mapper did.
public struct Discrepancy: Hashable, Sendable {
    /// The finding kind.
    public var kind: FindingKind
    /// The check that found it.
    public var check: CheckKind
    /// The coding path of the first difference (or of the failure).
    public var path: ValuePath
    /// The Swift type the schema has at that path (e.g. `Int8`), when the path is in the schema.
    public var schemaType: String?
    /// The Firestore type found at that path in the document or stored data (e.g. `boolean`).
    public var foundKind: String?
    /// Each mapper's outcome.
    public var outcomes: [MapperOutcome]
    /// For round trips and silent defaults: the value before and after, rendered.
    public var before: ModelValue?
    /// See `before`.
    public var after: ModelValue?

    /// Creates a discrepancy.
    public init(kind: FindingKind, check: CheckKind, path: ValuePath, schemaType: String?, foundKind: String?,
                outcomes: [MapperOutcome], before: ModelValue? = nil, after: ModelValue? = nil) {
        self.kind = kind
        self.check = check
        self.path = path
        self.schemaType = schemaType
        self.foundKind = foundKind
        self.outcomes = outcomes
        self.before = before
        self.after = after
    }
}
