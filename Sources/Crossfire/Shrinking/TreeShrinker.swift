import FirestoreModel
import ModelSchema

/// Reduces a case as a tree, after the choice phase or for a case that came from a file: the
/// passes drop the direction a class does not need (the document or the model value); drop
/// struct fields, put nested structs' fields in their places, drop unused types and enum
/// cases (`SchemaEdits`); delete and simplify parts of the document (`DocumentEdits`) and of
/// the model value (`ModelValueEdits`); lower integers toward the rule's boundary
/// (`NumberLowering`); give fields and dictionary entries short names; and simplify the
/// document's reference. Each candidate is kept when the property still holds; the passes
/// repeat until a whole round makes no progress or the budget is spent. Every candidate goes
/// through the session, so a case tried before is not run again.
///
/// The result no longer comes from its choices: a case that was changed has `choices` nil.
struct TreeShrinker {
    /// How a tree shrink went (its counts are in the session's statistics).
    struct Outcome {
        /// The smallest case found for which the property held.
        var record: CaseRecord
        /// Whether the passes ran out of smaller candidates (rather than out of budget).
        var finished: Bool
    }

    /// The shrink's session, whose budget, cache and statistics the passes share.
    let session: ShrinkSession

    /// The simplest reference a candidate tries.
    static let simplestReference = try? DocumentReference(path: "c/d")

    /// Shrinks `record`; `holds` must be true for it and is asked of each candidate.
    func shrink(_ record: CaseRecord, while holds: (CaseRecord) -> Bool) -> Outcome {
        var best = record
        session.markTried(record)

        func attempt(_ candidate: CaseRecord?, _ pass: ShrinkPass) -> Bool {
            guard let candidate, session.attempt(candidate, of: pass, holds) else { return false }
            best = candidate
            best.choices = nil
            return true
        }

        /// Tries the edits a pass lists for the current best case, one after the other;
        /// after a success the list is made again and the pass goes on at the same position.
        func run<Edit>(_ pass: ShrinkPass, _ edits: (CaseRecord) -> [Edit], _ apply: (Edit, CaseRecord) -> CaseRecord?) -> Bool {
            var progressed = false
            var position = 0
            var current = edits(best)
            while position < current.count && !session.isSpent {
                if attempt(apply(current[position], best), pass) {
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
            while !session.isSpent {
                let places = NumberLowering.places(of: best)
                guard places.indices.contains(index) else { break }
                let place = places[index]
                var low: UInt64 = 0
                var high = place.magnitude
                while low + 1 < high && !session.isSpent {
                    let middle = low + (high - low) / 2
                    if attempt(place.lowered(to: middle, in: best), .numberLowering) {
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
        while !finished && !session.isSpent {
            var progressed = run(.direction, TreeShrinker.directionEdits, TreeShrinker.applyDirection)
            progressed = run(.schemaEdits, { SchemaEdits.reductions(of: $0.schema) }, SchemaEdits.apply) || progressed
            progressed = run(.documentEdits, { record in record.document.map { DocumentEdits.edits(of: $0, schema: record.schema) } ?? [] }, { edit, record in
                var candidate = record
                guard let document = record.document, let edited = DocumentEdits.apply(edit, to: document) else { return nil }
                candidate.document = edited
                return candidate
            }) || progressed
            progressed = run(.modelValueEdits, { record in record.model.map { ModelValueEdits.edits(of: $0, schema: record.schema) } ?? [] }, { edit, record in
                var candidate = record
                guard let model = record.model, let edited = ModelValueEdits.apply(edit, to: model) else { return nil }
                candidate.model = edited
                return candidate
            }) || progressed
            progressed = lowerNumbers() || progressed
            progressed = run(.fieldRenaming, { SchemaEdits.renames(of: $0.schema) }, SchemaEdits.apply) || progressed
            progressed = run(.reference, TreeShrinker.referenceEdits, TreeShrinker.applyReference) || progressed
            finished = !progressed
        }
        return Outcome(record: best, finished: finished)
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
