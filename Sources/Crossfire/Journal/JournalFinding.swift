import FirestoreModel

/// The first line of a journal: how the run was made.
public struct JournalHeader: Sendable, Hashable {
    /// The campaign seed (nil when the line does not give one).
    public var seed: UInt64?
    /// The generation profile's name.
    public var profile: String
    /// The mappers' names, the reference first.
    public var mappers: [String]

    /// Creates a header.
    public init(seed: UInt64?, profile: String, mappers: [String]) {
        self.seed = seed
        self.profile = profile
        self.mappers = mappers
    }
}

/// One finding of a journal, as its latest record (`shrunk` over `finding`) gives it.
public struct JournalFinding: Sendable {
    /// Which record it is.
    public enum Record: String, Sendable, Hashable {
        /// Written the moment the finding was found.
        case finding
        /// The same finding after shrinking.
        case shrunk
    }

    /// The finding's number in its journal (1, 2, …).
    public var id: Int
    /// The record it was read from.
    public var record: Record
    /// The line of that record (1-based).
    public var line: Int
    /// The stable grouping key (see `Finding.signature(of:schema:)`).
    public var signature: String
    /// The finding kind.
    public var kind: FindingKind
    /// The check that found it.
    public var check: CheckKind
    /// Whether an allowlist entry explained it.
    public var expected: Bool
    /// The explaining allowlist entry's id.
    public var explanation: String?
    /// The coding path of the first difference or failure (`tags[2].color`).
    public var path: String
    /// The schema path (`tags[].color`).
    public var schemaPath: String
    /// The case that produced it.
    public var stored: StoredCase
    /// How far shrinking got, for a `shrunk` record.
    public var shrink: ShrinkSummary?
    /// The command that replays it.
    public var reproduce: String?
    /// The whole record, for readers that need more (reports).
    public var fields: FirestoreMap
}
