import FirestoreModel

/// What one mapper did at the leaf of a journal example (an `outcomes` element, see
/// `JournalFormat`; `JournalFormat+Example.swift` writes and reads it).
package struct JournalOutcome: Sendable, Hashable {
    /// The mapper's name.
    package var mapper: String
    /// Its result, as a `LeafResult` token (`typeMismatch`, `value`, `default-keyNotFound`, …).
    package var result: String
    /// The result in words.
    package var words: String
    /// Its failure, when it failed.
    package var failure: Failure?
    /// What it produced at the leaf.
    package var leaf: JournalLeaf?

    /// Creates an outcome.
    package init(mapper: String, result: String, words: String, failure: Failure?, leaf: JournalLeaf?) {
        self.mapper = mapper
        self.result = result
        self.words = words
        self.failure = failure
        self.leaf = leaf
    }

    /// A mapper's failure as the journal keeps it: kind, where, and its message.
    package struct Failure: Sendable, Hashable {
        /// The failure kind (a `FailureKind` raw value).
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
}
