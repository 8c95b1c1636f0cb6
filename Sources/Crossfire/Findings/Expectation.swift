import FirestoreModel
import ModelSchema

/// What an allowlist entry that stands for an SDK rule expects: in a rule situation a strict
/// mapper reached, a class the entry explains.
package struct Expectation: Hashable, Sendable {
    /// The allowlist entry's id.
    package var entry: String
    /// The situation its rule must fire in.
    package var situation: RuleSituation

    /// Creates an expectation.
    package init(entry: String, situation: RuleSituation) {
        self.entry = entry
        self.situation = situation
    }
}

/// A rule situation a check put a strict mapper in, and the mapper reached: where its rule must
/// have fired (`Differ`: a written situation whose round trip came back, or failed at it or
/// after it; a null element both decoders failed at).
package struct ReachedSituation: Hashable, Sendable {
    /// The situation.
    package var situation: RuleSituation
    /// The mapper that reached it (of a decode situation, the one compared with the reference).
    package var mapper: String
    /// Where it is.
    package var path: ValuePath
    /// The facts there.
    package var facts: LeafFacts
    /// What the model value held there (written situations).
    package var input: LeafValue?
    /// The mappers' outcomes there, as a finding at the place has them.
    package var outcomes: [MapperOutcome]

    /// Creates a reached situation.
    package init(situation: RuleSituation, mapper: String, path: ValuePath, facts: LeafFacts, input: LeafValue?, outcomes: [MapperOutcome]) {
        self.situation = situation
        self.mapper = mapper
        self.path = path
        self.facts = facts
        self.input = input
        self.outcomes = outcomes
    }
}
