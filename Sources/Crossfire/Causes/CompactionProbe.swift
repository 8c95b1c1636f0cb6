import FirestoreModel
import ModelSchema

/// The compaction probe of `CauseResolver`: at a leaf inside arrays or maps, does the
/// departing mapper read one of them with fewer elements than the document holds there,
/// while the reference keeps them all or refuses? Such a mapper drops what it cannot read
/// (`compactMap { $0 as? T }`, `compactMapValues`): every element it meets after the first
/// dropped one shows another symptom (a value shifted into the place, nothing at the end),
/// and all of them are the one cause.
struct CompactionProbe {
    /// The run's mappers and storage.
    let runner: CaseRunner
    /// The case probed (its document is what was read).
    let record: CaseRecord
    /// The departing mapper's name.
    let departing: String
    /// The name of the mapper it departs from.
    let reference: String

    /// The probe's note when the departing mapper read a container that holds the leaf at
    /// `path` — its own, or one further out (an optional array of maps whose nil elements it
    /// drops shows the loss inside a later element) — with fewer elements than the document
    /// holds there, or failed as the reference does at an element further on (the elements
    /// it dropped moved the failure's place); nil otherwise.
    func droppedElements(at path: ValuePath) -> String? {
        guard let document = record.document else { return nil }
        let specs = [reference, departing].compactMap { name in runner.mappers.first { $0.name == name } }
        guard specs.count == 2, let differ = try? ProbeDiffer(runner: runner, record: record, specs: specs) else { return nil }
        var leaf = path
        while let last = leaf.components.last {
            let container = leaf.parent
            defer { leaf = container }
            let held: Int
            switch (last, container.isRoot ? FirestoreValue.map(document) : document.value(at: container)) {
            case (.index, .array(let values)?): held = values.count
            case (.key, .map(let map)?) where !container.isRoot && record.schema.structName(at: container) == nil: held = map.count
            default: continue
            }
            if let note = dropped(from: container, holding: held, in: document, differ: differ) { return note }
        }
        return shiftedFailure(at: path, in: document, differ: differ)
    }

    /// The note when the departing mapper reads the container at `container` with fewer than
    /// the `held` elements of the document, the reference keeping them all or refusing.
    private func dropped(from container: ValuePath, holding held: Int, in document: FirestoreMap, differ: ProbeDiffer) -> String? {
        guard let mine = differ.decoded(by: departing, document, at: container), let theirs = differ.decoded(by: reference, document, at: container)
        else { return nil }
        if mine.result == .null, held > 0 { return readAsNothing(container, holding: held, in: document, theirs: theirs, differ: differ) }
        guard let kept = Self.elements(mine.leaf), kept.count < held else { return nil }
        if case .failed = theirs.result {
            return "\(departing) reads \(kept.count) of the \(held) elements at \(container), \(reference) refuses them"
        }
        // What it kept is what the reference read, less some: dropped, not changed (a
        // dictionary's entries in any order).
        guard let all = Self.elements(theirs.leaf), all.count == held else { return nil }
        let unordered: Bool
        if case .model(.dictionary)? = theirs.leaf { unordered = true } else { unordered = false }
        guard unordered ? kept.allSatisfy(all.contains) : Self.isSubsequence(kept, of: all) else { return nil }
        return "\(departing) reads \(kept.count) of the \(held) elements at \(container), \(reference) all \(held)"
    }

    /// The note when the departing mapper reads the container at `container` as nil where
    /// the reference reads its `held` elements — in the document, or once the place the
    /// reference refuses holds the simplest value of its type (a mapper that reads nil only
    /// where the SDK refuses swallows the refusal; one that reads nil for valid elements too
    /// keeps none of them).
    private func readAsNothing(_ container: ValuePath, holding held: Int, in document: FirestoreMap, theirs: ProbeDiffer.Reading,
                               differ: ProbeDiffer) -> String? {
        if let all = Self.elements(theirs.leaf), all.count == held {
            return "\(departing) reads nil for the \(held) elements at \(container), \(reference) all \(held)"
        }
        guard let failure = theirs.failure, failure.hasPath, container.isPrefix(of: failure.leafPath), failure.leafPath != container,
              let type = record.schema.fieldType(at: failure.leafPath) else { return nil }
        var simplest = ChoiceSource(replaying: [])
        let value = DocumentGenerator(schema: record.schema).value(of: type.unwrapped, level: failure.leafPath.components.count, from: &simplest)
        guard let repaired = IsolatedLeafProbe.placing(value, at: failure.leafPath, in: document),
              let all = Self.elements(differ.decoded(by: reference, repaired, at: container)?.leaf), all.count == held,
              differ.decoded(by: departing, repaired, at: container)?.result == .null else { return nil }
        return "with the simplest value at \(failure.leafPath), where \(reference) refused: \(departing) reads nil for the \(held) elements at \(container), \(reference) all \(held)"
    }

    /// The note when both mappers fail alike but the departing mapper's failure sits at an
    /// earlier element of one array than the reference's, the rest of the place the same: it
    /// dropped elements before the one both refuse.
    private func shiftedFailure(at path: ValuePath, in document: FirestoreMap, differ: ProbeDiffer) -> String? {
        guard let mine = differ.decoded(by: departing, document, at: path)?.failure,
              let theirs = differ.decoded(by: reference, document, at: path)?.failure, mine.kind == theirs.kind,
              mine.hasPath, theirs.hasPath else { return nil }
        let (early, late) = (mine.leafPath.components, theirs.leafPath.components)
        guard early.count == late.count,
              let place = early.indices.first(where: { early[$0] != late[$0] }),
              case .index(let before) = early[place], case .index(let after) = late[place], before < after,
              early[(place + 1)...] == late[(place + 1)...] else { return nil }
        return "\(departing) fails at \(mine.leafPath) as \(reference) fails at \(theirs.leafPath): \(after - before) element(s) before it dropped"
    }

    /// The elements of a decoded array, or of a dictionary keyed by strings or integers (a set,
    /// or a dictionary keyed by an enum, has fewer elements when two read as one: no drop).
    private static func elements(_ leaf: LeafValue?) -> [ModelValue]? {
        guard case .model(let value)? = leaf else { return nil }
        switch value {
        case .array(let values):
            return values
        case .dictionary(let entries):
            if entries.contains(where: { if case .enumCase = $0.key { true } else { false } }) { return nil }
            return entries.map { .array([$0.key, $0.value]) }
        default:
            return nil
        }
    }

    /// Whether `part` is `whole` with some elements left out, in order.
    private static func isSubsequence(_ part: [ModelValue], of whole: [ModelValue]) -> Bool {
        var rest = whole[...]
        for element in part {
            guard let index = rest.firstIndex(of: element) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }
}
