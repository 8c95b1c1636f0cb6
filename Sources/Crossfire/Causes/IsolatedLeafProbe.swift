import FirestoreModel
import ModelSchema

/// The isolation probe of `CauseResolver`: what the departing mapper reads at a leaf when the
/// rest of the document is one it reads. That is the reference's own stored document of the
/// case's model with the leaf's held value put back in; where the reference cannot store the
/// model (a NaN it refuses, a case without a model), the case's own document with each place
/// the departing mapper then fails at given the simplest value of its type, one after another.
/// A mapper that got past the leaf and failed somewhere after it (or was never compared there)
/// shows what it made of the leaf itself.
struct IsolatedLeafProbe {
    /// The run's mappers and storage.
    let runner: CaseRunner
    /// The case probed.
    let record: CaseRecord
    /// The departing mapper's name.
    let departing: String
    /// The name of the mapper it departs from.
    let reference: String

    /// How many failure places the probe repairs before it gives up.
    private static let repairs = 6

    /// The departing mapper's reading at `path` in the isolated document (and that document), when
    /// the reference still refuses the leaf there with `refusal` (the leaf alone keeps the
    /// disagreement), with the probe's note; nil when no isolated document keeps the leaf's
    /// value, or the departing mapper still tells nothing there.
    func reading(at path: ValuePath, refusal: FailureKind) -> (result: LeafResult, document: FirestoreMap, note: String)? {
        guard let document = record.document,
              let differ = try? ProbeDiffer(runner: runner, record: record, specs: [reference, departing].compactMap { name in runner.mappers.first { $0.name == name } })
        else { return nil }
        var candidates: [(FirestoreMap, String)] = []
        if let model = record.model, case .success(let stored)? = differ.differ.storedDocuments(model).first,
           let isolated = Self.placing(document.value(at: path), at: path, in: stored) {
            candidates.append((isolated, "in \(reference)'s own stored document with the leaf's value put back at \(path)"))
        }
        if let repaired = repaired(document, at: path, differ: differ) {
            candidates.append((repaired.document, "with the simplest value at \(repaired.places.map(\.description).joined(separator: ", ")), where \(departing) failed after \(path)"))
        }
        for (isolated, place) in candidates {
            guard let theirs = differ.decoded(by: reference, isolated, at: path), case .failed(refusal, .here) = theirs.result,
                  let mine = differ.decoded(by: departing, isolated, at: path), mine.result != .passed, mine.result != .notReached else { continue }
            return (mine.result, isolated, "\(place): \(departing) gives \(mine.result), \(reference) \(theirs.result)")
        }
        return nil
    }

    /// `document` with each place the departing mapper fails at after `path` given the
    /// simplest value of its type, until it no longer gets past the leaf; nil when a place has no
    /// type in the schema or repairs run out.
    private func repaired(_ document: FirestoreMap, at path: ValuePath, differ: ProbeDiffer) -> (document: FirestoreMap, places: [ValuePath])? {
        var repaired = document
        var places: [ValuePath] = []
        for _ in 0..<Self.repairs {
            guard let mine = differ.decoded(by: departing, repaired, at: path) else { return nil }
            guard mine.result == .passed else { return places.isEmpty ? nil : (repaired, places) }
            guard let failure = mine.failure, failure.hasPath, failure.leafPath != path, !places.contains(failure.leafPath),
                  let type = record.schema.fieldType(at: failure.leafPath) else { return nil }
            var simplest = ChoiceSource(replaying: [])
            let value = DocumentGenerator(schema: record.schema).value(of: type.unwrapped, level: failure.leafPath.components.count, from: &simplest)
            guard let edited = Self.placing(value, at: failure.leafPath, in: repaired) else { return nil }
            repaired = edited
            places.append(failure.leafPath)
        }
        return nil
    }

    /// `document` with `value` at `path` (nil: removed), the last key added when its map is there.
    static func placing(_ value: FirestoreValue?, at path: ValuePath, in document: FirestoreMap) -> FirestoreMap? {
        if case .map(let edited)? = FirestoreValue.map(document).editing(path.components[...], replacement: value) { return edited }
        guard let value, case .key(let key)? = path.components.last else { return nil }
        let parent = path.parent
        guard case .map(var map)? = parent.isRoot ? .map(document) : document.value(at: parent) else { return nil }
        map[key] = value
        if parent.isRoot { return map }
        guard case .map(let edited)? = FirestoreValue.map(document).editing(parent.components[...], replacement: .map(map)) else { return nil }
        return edited
    }
}
