import FirestoreModel
import ModelSchema

/// The compaction probe of `CauseResolver`: at a leaf inside an array or a map, does the
/// departing mapper read the container with fewer elements than the document holds there,
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

    /// The probe's note when the departing mapper read the container of the leaf at `path`
    /// with fewer elements than the document holds; nil otherwise.
    func droppedElements(at path: ValuePath) -> String? {
        guard let last = path.components.last, let document = record.document else { return nil }
        let container = path.parent
        let held: Int
        switch (last, container.isRoot ? FirestoreValue.map(document) : document.value(at: container)) {
        case (.index, .array(let values)?): held = values.count
        case (.key, .map(let map)?) where !container.isRoot && record.schema.structName(at: container) == nil: held = map.count
        default: return nil
        }
        let specs = [reference, departing].compactMap { name in runner.mappers.first { $0.name == name } }
        guard let differ = try? ProbeDiffer(runner: runner, record: record, specs: specs),
              let mine = differ.decoded(by: departing, document, at: container), let kept = Self.elements(mine.leaf), kept.count < held,
              let theirs = differ.decoded(by: reference, document, at: container) else { return nil }
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
