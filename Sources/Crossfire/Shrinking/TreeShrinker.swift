import FirestoreModel
import ModelSchema

/// Reduces a case as a tree, after the choice phase or for a case that came from a file: the
/// passes drop the direction a class does not need (the document or the model value); drop
/// struct fields, put nested structs' fields in their places, drop unused types and enum
/// cases (`SchemaEdits`); delete and simplify parts of the document (`DocumentEdits`) and of
/// the model value (`ModelValueEdits`); lower integers toward the rule's boundary
/// (`NumberLowering`); give fields and dictionary entries short names; and simplify the
/// document's reference. Each candidate is kept when the property still holds; the passes
/// repeat until a whole round makes no progress or the budget is spent. A candidate already
/// tried is not run again.
///
/// The result no longer comes from its choices: a case that was changed has `choices` nil.
struct TreeShrinker {
    /// How a tree shrink went.
    struct Outcome {
        /// The smallest case found for which the property held.
        var record: CaseRecord
        /// How many reductions succeeded.
        var steps: Int
        /// How many candidates were run.
        var attempts: Int
        /// Whether the passes ran out of smaller candidates (rather than out of budget).
        var finished: Bool
    }

    /// The shrink's budget, which the passes spend from.
    let budget: ShrinkBudget

    /// The simplest reference a candidate tries.
    static let simplestReference = try? DocumentReference(path: "c/d")

    /// Shrinks `record`; `holds` must be true for it and is asked of each candidate.
    func shrink(_ record: CaseRecord, while holds: (CaseRecord) -> Bool) -> Outcome {
        let start = budget.attempts
        var best = record
        var steps = 0
        var tried: Set<TriedCase> = [TriedCase(record)]

        func attempt(_ candidate: CaseRecord?) -> Bool {
            guard let candidate, budget.spent == nil, tried.insert(TriedCase(candidate)).inserted, budget.take() else { return false }
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
            while position < current.count && budget.spent == nil {
                if attempt(apply(current[position], best)) {
                    progressed = true
                    current = edits(best)
                } else {
                    position += 1
                }
            }
            return progressed
        }

        /// Lowers each integer by binary search between zero (its simplest form, tried by the
        /// simplifying passes) and its value.
        func lowerNumbers() -> Bool {
            var progressed = false
            var index = 0
            while budget.spent == nil {
                let places = NumberLowering.places(of: best)
                guard places.indices.contains(index) else { break }
                let place = places[index]
                var low: UInt64 = 0
                var high = place.magnitude
                while low + 1 < high && budget.spent == nil {
                    let middle = low + (high - low) / 2
                    if attempt(place.lowered(to: middle, in: best)) {
                        high = middle
                        progressed = true
                    } else {
                        low = middle
                    }
                }
                index += 1
            }
            return progressed
        }

        var finished = false
        while !finished && budget.spent == nil {
            var progressed = run(TreeShrinker.directionEdits, TreeShrinker.applyDirection)
            progressed = run({ SchemaEdits.reductions(of: $0.schema) }, SchemaEdits.apply) || progressed
            progressed = run({ record in record.document.map { DocumentEdits.edits(of: $0, schema: record.schema) } ?? [] }, { edit, record in
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
            progressed = lowerNumbers() || progressed
            progressed = run({ SchemaEdits.renames(of: $0.schema) }, SchemaEdits.apply) || progressed
            progressed = run(TreeShrinker.referenceEdits, TreeShrinker.applyReference) || progressed
            finished = !progressed
        }
        return Outcome(record: best, steps: steps, attempts: budget.attempts - start, finished: finished)
    }

    /// Which direction to drop: the model value (a decode class needs only the document) or
    /// the document (an encode or round-trip class needs only the model value).
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

    private static func referenceEdits(_ record: CaseRecord) -> [DocumentReference] {
        guard let simplest = simplestReference, let reference = record.reference, reference != simplest else { return [] }
        return [simplest]
    }

    private static func applyReference(_ reference: DocumentReference, _ record: CaseRecord) -> CaseRecord? {
        var candidate = record
        candidate.reference = reference
        return candidate
    }
}

/// What makes two candidates of a tree shrink the same case: its schema, reference, document
/// and model value.
private struct TriedCase: Hashable {
    let schema: ModelSchema
    let reference: DocumentReference?
    let document: FirestoreMap?
    let model: ModelValue?

    init(_ record: CaseRecord) {
        schema = record.schema
        reference = record.reference
        document = record.document
        model = record.model
    }
}
