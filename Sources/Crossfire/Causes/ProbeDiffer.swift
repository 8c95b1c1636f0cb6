import FirestoreModel
import ModelSchema

/// A differ over some of a run's mappers, prepared afresh for one case's schema: what a probe
/// runs a changed input through.
struct ProbeDiffer {
    /// The differ, its participants in the order given (strict ones first).
    let differ: Differ

    /// Prepares `specs` for `record`'s schema.
    /// - Throws: the error of a mapper that cannot be prepared for it.
    init(runner: CaseRunner, record: CaseRecord, specs: [MapperSpec]) throws {
        let participants = try specs.map { Participant(name: $0.name, mapper: try $0.factory.makeMapper(for: record.schema), style: $0.style) }
        differ = Differ(schema: record.schema, participants: participants, reference: record.reference, serverTime: CaseRunner.serverTime,
                        storage: runner.storage)
    }

    /// What a mapper read at a leaf, as a probe compares it: its result there and its value;
    /// the failure, when it failed, is kept for reading, never compared (its message and path
    /// name the probe's input).
    struct Reading: Equatable {
        /// Its result at the leaf.
        var result: LeafResult
        /// Its value there, when it produced one.
        var leaf: LeafValue?
        /// Its failure, when it failed.
        var failure: MappingFailure?

        static func == (lhs: Reading, rhs: Reading) -> Bool { lhs.result == rhs.result && lhs.leaf == rhs.leaf }

        /// Whether the reading says anything of the leaf: the mapper neither failed before
        /// reaching it nor got past it without a value there.
        var tells: Bool { result != .notReached && result != .passed }
    }

    /// What the mapper named `name` decodes from `document` at `leaf`: its value there, the
    /// default it put there, or its failure as it stands to the leaf.
    func decoded(by name: String, _ document: FirestoreMap, at leaf: ValuePath) -> Reading? {
        guard let participant = differ.participants.first(where: { $0.name == name }) else { return nil }
        let decoded = participant.mapper.decode(differ.readPath.data(document), reference: differ.reference)
        let outcome = differ.outcome(name, decoded.outcome, at: leaf)
        // A lenient mapper's default there is what it did there, not the value it put in.
        if let silent = decoded.silentDefaults.first(where: { $0.path == leaf }) {
            return Reading(result: .defaulted(silent.kind), leaf: outcome.leaf, failure: nil)
        }
        return Reading(result: outcome.result, leaf: outcome.leaf, failure: outcome.failure)
    }
}
