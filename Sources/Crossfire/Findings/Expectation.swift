import FirestoreModel
import ModelSchema

/// What an allowlist entry that stands for an SDK rule expects: in a rule situation a strict
/// mapper reached, a class the entry explains.
public struct Expectation: Hashable, Sendable {
    /// The allowlist entry's id.
    public var entry: String
    /// The situation its rule must fire in.
    public var situation: RuleSituation

    /// Creates an expectation.
    public init(entry: String, situation: RuleSituation) {
        self.entry = entry
        self.situation = situation
    }
}

/// A rule situation a check put a strict mapper in, and the mapper reached: where its rule must
/// have fired (`Differ`: a written situation whose round trip came back, or failed at it or
/// after it; a null element both decoders failed at).
public struct ReachedSituation: Hashable, Sendable {
    /// The situation.
    public var situation: RuleSituation
    /// The mapper that reached it (of a decode situation, the one compared with the reference).
    public var mapper: String
    /// Where it is.
    public var path: ValuePath
    /// The facts there.
    public var facts: LeafFacts
    /// What the model value held there (written situations).
    public var input: LeafValue?
    /// The mappers' outcomes there, as a finding at the place has them.
    public var outcomes: [MapperOutcome]

    /// Creates a reached situation.
    public init(situation: RuleSituation, mapper: String, path: ValuePath, facts: LeafFacts, input: LeafValue?, outcomes: [MapperOutcome]) {
        self.situation = situation
        self.mapper = mapper
        self.path = path
        self.facts = facts
        self.input = input
        self.outcomes = outcomes
    }
}
