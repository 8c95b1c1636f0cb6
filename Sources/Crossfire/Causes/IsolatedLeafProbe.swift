import FirestoreModel
import ModelSchema

/// The isolation probe of `CauseResolver`: what the departing mapper reads at a leaf when the
/// rest of the document is one it reads — the reference's own stored document of the case's
/// model, with the leaf's held value put back in. A mapper that got past the leaf and failed
/// somewhere after it (or was never compared there) shows what it made of the leaf itself.
struct IsolatedLeafProbe {
    /// The run's mappers and storage.
    let runner: CaseRunner
    /// The case probed.
    let record: CaseRecord
    /// The departing mapper's name.
    let departing: String
    /// The name of the mapper it departs from.
    let reference: String

    /// The departing mapper's reading at `path` in the isolated document, when the reference
    /// still refuses the leaf there with `refusal` (the leaf alone keeps the disagreement), with
    /// the probe's note; nil when the case has no model, the reference cannot store it, the
    /// leaf's place is not in its stored document, or the departing mapper still tells nothing there.
    func reading(at path: ValuePath, refusal: FailureKind) -> (result: LeafResult, note: String)? {
        guard let model = record.model, let document = record.document,
              let spec = runner.mappers.first(where: { $0.name == reference }),
              let differ = try? ProbeDiffer(runner: runner, record: record, specs: [spec] + runner.mappers.filter { $0.name == departing }),
              case .success(let stored)? = differ.differ.storedDocuments(model).first,
              let isolated = Self.placing(document.value(at: path), at: path, in: stored),
              let theirs = differ.decoded(by: reference, isolated, at: path), case .failed(refusal, .here) = theirs.result,
              let mine = differ.decoded(by: departing, isolated, at: path), mine.result != .passed, mine.result != .notReached
        else { return nil }
        return (mine.result, "in \(reference)'s own stored document with the leaf's value put back at \(path): \(departing) gives \(mine.result), \(reference) \(theirs.result)")
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
