import FirestoreModel
import ModelSchema

/// Reduces a case as a tree, for cases that came from files (no choices to shrink) and
/// after choice shrinking: the passes drop the direction a finding does not need (the
/// document or the model value), drop struct fields, unused types and enum cases from the
/// schema, delete and simplify parts of the document, delete and simplify parts of the
/// model value, and simplify the document's reference. Each candidate is kept when the
/// property still holds; the passes repeat until none makes progress or the budget is spent.
///
/// The result no longer comes from its choices: a case that was changed has `choices` nil.
public struct TreeShrinker {
    /// How a tree shrink went.
    public struct Outcome {
        /// The smallest case found for which the property held.
        public var record: CaseRecord
        /// How many reductions succeeded.
        public var steps: Int
        /// How many candidates were tried.
        public var attempts: Int
        /// Why it stopped: no smaller candidate, or a budget ran out first.
        public var stop: ShrinkStop
    }

    /// The time the shrinker must stop by.
    public var deadline: ContinuousClock.Instant
    /// The most candidates it may try.
    public var maxAttempts: Int

    /// Creates a shrinker.
    public init(deadline: ContinuousClock.Instant, maxAttempts: Int = 20_000) {
        self.deadline = deadline
        self.maxAttempts = maxAttempts
    }

    /// The simplest reference a candidate tries.
    static let simplestReference = try? DocumentReference(path: "c/d")

    /// Shrinks `record`; `holds` must be true for it and is asked of each candidate.
    public func shrink(_ record: CaseRecord, while holds: (CaseRecord) -> Bool) -> Outcome {
        let clock = ContinuousClock()
        var best = record
        var steps = 0
        var attempts = 0
        var outOfBudget: Bool { clock.now >= deadline || attempts >= maxAttempts }

        func attempt(_ candidate: CaseRecord?) -> Bool {
            guard let candidate, !outOfBudget else { return false }
            attempts += 1
            guard holds(candidate) else { return false }
            best = candidate
            best.choices = nil
            steps += 1
            return true
        }

        /// Tries the edits a pass lists for the current best case, one after the other;
        /// after a success the list is made again and the pass goes on at the same position.
        func run<Edit>(_ edits: (CaseRecord) -> [Edit], _ apply: (Edit, CaseRecord) -> CaseRecord?) -> Bool {
            var progressed = false
            var position = 0
            var current = edits(best)
            while position < current.count && !outOfBudget {
                if attempt(apply(current[position], best)) {
                    progressed = true
                    current = edits(best)
                } else {
                    position += 1
                }
            }
            return progressed
        }

        var finished = false
        while !finished && !outOfBudget {
            var progressed = false
            progressed = run(TreeShrinker.directionEdits, TreeShrinker.applyDirection) || progressed
            progressed = run({ SchemaEdits.edits(of: $0.schema) }, SchemaEdits.apply) || progressed
            progressed = run({ $0.document.map(DocumentEdits.edits) ?? [] }, { edit, record in
                var candidate = record
                guard let document = record.document, let edited = DocumentEdits.apply(edit, to: document) else { return nil }
                candidate.document = edited
                return candidate
            }) || progressed
            progressed = run({ record in record.model.map { ModelValueEdits.edits(of: $0, schema: record.schema) } ?? [] }, { edit, record in
                var candidate = record
                guard let model = record.model, let edited = ModelValueEdits.apply(edit, to: model) else { return nil }
                candidate.model = edited
                return candidate
            }) || progressed
            progressed = run({ (record: CaseRecord) -> [DocumentReference] in
                guard let simplest = TreeShrinker.simplestReference, let reference = record.reference, reference != simplest else { return [] }
                return [simplest]
            }, { (reference: DocumentReference, record: CaseRecord) -> CaseRecord? in
                var candidate = record
                candidate.reference = reference
                return candidate
            }) || progressed
            finished = !progressed
        }
        let stop: ShrinkStop = finished ? .exhausted : (attempts >= maxAttempts ? .attemptBudget : .timeBudget)
        return TreeShrinker.Outcome(record: best, steps: steps, attempts: attempts, stop: stop)
    }

    /// Which direction to drop: the model value (a decode finding needs only the document) or
    /// the document (an encode or round-trip finding needs only the model value).
    private enum Direction {
        case dropModel, dropDocument
    }

    private static func directionEdits(_ record: CaseRecord) -> [Direction] {
        guard record.document != nil, record.model != nil else { return [] }
        return [.dropModel, .dropDocument]
    }

    private static func applyDirection(_ direction: Direction, _ record: CaseRecord) -> CaseRecord? {
        var candidate = record
        switch direction {
        case .dropModel: candidate.model = nil
        case .dropDocument: candidate.document = nil
        }
        return candidate
    }
}
