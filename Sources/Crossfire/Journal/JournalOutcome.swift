import FirestoreModel

/// What one mapper did at the leaf of a journal example (an `outcomes` element, see
/// `JournalFormat`; `JournalFormat+Example.swift` writes and reads it).
public struct JournalOutcome: Sendable, Hashable {
    /// The mapper's name.
    public var mapper: String
    /// Its result, as a `LeafResult` token (`typeMismatch`, `value`, `default-keyNotFound`, …).
    public var result: String
    /// The result in words.
    public var words: String
    /// Its failure, when it failed.
    public var failure: Failure?
    /// What it produced at the leaf.
    public var leaf: JournalLeaf?

    /// Creates an outcome.
    public init(mapper: String, result: String, words: String, failure: Failure?, leaf: JournalLeaf?) {
        self.mapper = mapper
        self.result = result
        self.words = words
        self.failure = failure
        self.leaf = leaf
    }

    /// A mapper's failure as the journal keeps it: kind, where, and its message.
    public struct Failure: Sendable, Hashable {
        /// The failure kind (a `FailureKind` raw value).
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
}
