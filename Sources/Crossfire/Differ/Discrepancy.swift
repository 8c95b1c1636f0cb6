import FirestoreModel
import ModelSchema

/// Which of the three checks of a case found something.
package enum CheckKind: String, Sendable, Hashable, CaseIterable {
    /// A document through every mapper's decoder.
    case decode
    /// A model value through every mapper's encoder and the write path.
    case encode
    /// Model → encode → write path → stored → read path → decode, per mapper.
    case roundTrip
    /// The case's stored documents written to the Firestore emulator, compared with Crossfire's
    /// storage model (`StorageCheck`), and each decoder's read of what the emulator gave back
    /// compared with its round trip in memory (only with `crossfire run --storage emulator`).
    case storage
}

/// The kind of a finding.
package enum FindingKind: String, Sendable, Hashable, CaseIterable, Comparable {
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
    /// A strict mapper reached a rule situation and the class its allowlist entry expects there
    /// did not show: the SDK's documented behaviour vanished (`ExpectationCheck`).
    case expectationMissing
    /// Firestore (the emulator) refused, stored or gave back a document otherwise than
    /// Crossfire's storage model says (`StorageCheck`), or a decoder read what it gave back
    /// otherwise than the round trip in memory (`Differ.checkRoundTripThroughStorage`).
    case storageDisagreement

    package static func < (lhs: FindingKind, rhs: FindingKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What one mapper did at the leaf of a discrepancy.
package struct MapperOutcome: Hashable, Sendable {
    /// The mapper's name.
    package var mapper: String
    /// What it did there, as the finding's class tells it.
    package var result: LeafResult
    /// The failure, when the mapper failed (anywhere: `result` says where relative to the leaf).
    package var failure: MappingFailure?
    /// What it produced at the leaf — the value it decoded, or the value it stored — when it
    /// produced something (`.absent` when nothing is there); nil when it failed.
    package var leaf: LeafValue?

    /// Creates an outcome.
    package init(mapper: String, result: LeafResult, failure: MappingFailure? = nil, leaf: LeafValue? = nil) {
        self.mapper = mapper
        self.result = result
        self.failure = failure
        self.leaf = leaf
    }
}

/// One thing a check found at one leaf: its kind, where, the facts there, and what each mapper
/// did there.
package struct Discrepancy: Hashable, Sendable {
    /// The finding kind.
    package var kind: FindingKind
    /// The check that found it.
    package var check: CheckKind
    /// The coding path of the leaf: the deepest place where the mappers differ, or where a
    /// mapper failed (`tags[2].color`).
    package var path: ValuePath
    /// The leaf's type, wrapper and container, and what the input held there.
    package var facts: LeafFacts
    /// For the encode and round-trip checks: what the model value held at the leaf (the
    /// document's value, for decode, is `facts.held`).
    package var input: LeafValue?
    /// Each mapper's outcome at the leaf, the reference (or the mapper whose round trip it
    /// is) first.
    package var outcomes: [MapperOutcome]
    /// For a leaf inside a set element: the two sets it was compared within.
    package var enclosingSet: LeafDifference.EnclosingSet?
    /// For an `expectationMissing` discrepancy: the expectation that was not met.
    package var expectation: Expectation?

    /// Creates a discrepancy.
    package init(kind: FindingKind, check: CheckKind, path: ValuePath, facts: LeafFacts, input: LeafValue? = nil,
                outcomes: [MapperOutcome], enclosingSet: LeafDifference.EnclosingSet? = nil, expectation: Expectation? = nil) {
        self.kind = kind
        self.check = check
        self.path = path
        self.facts = facts
        self.input = input
        self.outcomes = outcomes
        self.enclosingSet = enclosingSet
        self.expectation = expectation
    }
}
