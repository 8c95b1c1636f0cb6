import FirestoreModel
import ModelSchema

/// The key probes of `CauseResolver`: does the departing mapper read (or write) a struct field on
/// the leaf's path under its coding key at all, and if not, under which key?
struct KeyProbe {
    /// The run's mappers and storage.
    let runner: CaseRunner
    /// The case probed.
    let record: CaseRecord
    /// The departing mapper's name.
    let departing: String
    /// The name of the mapper it departs from.
    let reference: String

    /// A struct field on a path: where it sits, and its schema.
    private struct FieldStep {
        /// The path of the struct holding it.
        var parent: ValuePath
        /// The field.
        var field: FieldSchema
        /// Its coding key.
        var codingKey: String
    }

    /// The struct fields a probe looks at for a leaf at `path`: each field the path passes
    /// through, outermost first, and — at the struct the leaf's key is in — the fields whose
    /// property name is that key (a mapper that reads or writes them under their property name
    /// meets the leaf's key there).
    private func fieldSteps(on path: ValuePath) -> [FieldStep] {
        var steps: [FieldStep] = []
        var prefix = ValuePath.root
        for component in path.components {
            defer { prefix = prefix.appending(component) }
            guard case .key(let key) = component else { continue }
            guard let structName = record.schema.structName(at: prefix) else { break }
            let fields = record.schema.structSchema(named: structName)?.fields ?? []
            for field in fields where field.name == key && !(field.codingKey.map { $0.utf8.elementsEqual(key.utf8) } ?? true) {
                if let codingKey = field.codingKey { steps.append(FieldStep(parent: prefix, field: field, codingKey: codingKey)) }
            }
            guard let field = fields.first(where: { $0.codingKey.map { $0.utf8.elementsEqual(key.utf8) } ?? false }), let codingKey = field.codingKey else { break }
            steps.append(FieldStep(parent: prefix, field: field, codingKey: codingKey))
        }
        return steps
    }

    private var specs: [MapperSpec] {
        [reference, departing].compactMap { name in runner.mappers.first { $0.name == name } }
    }

    /// Whether the departing mapper reads a field on `path` (or one named as the leaf's key)
    /// under another key than its coding key: without the coding key it reads the same while
    /// the reference does not, and what sits under the property name changes what it reads.
    func readKey(at path: ValuePath) -> (CauseKey.KeyRole, [String])? {
        guard let document = record.document, let differ = try? ProbeDiffer(runner: runner, record: record, specs: specs) else { return nil }
        for step in fieldSteps(on: path) {
            let place = step.parent.appending(key: step.codingKey)
            let at = step.parent.isRoot ? "the root" : step.parent.description
            guard case .map(let parent)? = step.parent.isRoot ? .map(document) : document.value(at: step.parent),
                  let mine = differ.decoded(by: departing, document, at: place) else { continue }
            // A mapper that reads nothing of the struct holding the field (an array of structs
            // it reads as another kind) skips no key of it.
            if !step.parent.isRoot, let holder = differ.decoded(by: departing, document, at: step.parent)?.result, holder == .null || holder == .absent {
                return nil
            }
            if let failure = mine.failure, let named = propertyNamed(failure, in: "decode") { return named }
            var notes: [String] = []
            if let value = parent[step.codingKey] {
                // Does it read the coding key at all? (A null is changed to a value: a mapper that
                // reads null as a missing key reads the key all the same.) Only a reading at the
                // place says: a mapper that failed before or after it tells nothing there.
                guard mine.result != .passed, mine.result != .notReached else { continue }
                // A default in place of a type mismatch says the mapper read the key and
                // rejected what it found there: a conversion, not a key.
                if case .defaulted(let kind) = mine.result, kind != .keyNotFound, kind != .valueNotFound { continue }
                var without = parent
                without[step.codingKey] = value == .null ? Self.marker : nil
                // The reference must read the key (unless it tells nothing there: it failed
                // before the leaf, as on a document the SDK cannot read back).
                guard let edited = Self.replacing(step.parent, in: document, with: without),
                      differ.decoded(by: departing, edited, at: place) == mine,
                      let theirs = differ.decoded(by: reference, document, at: place),
                      !theirs.tells || differ.decoded(by: reference, edited, at: place) != theirs else { continue }
                // A value it reads as nothing either way says nothing of the key: the reference's
                // own value for the field, under the coding key, must change what it reads.
                let readable = canonicalValue(at: place, of: step.field)
                if let readable, readable != value {
                    var canonical = parent
                    canonical[step.codingKey] = readable
                    if let edited = Self.replacing(step.parent, in: document, with: canonical), differ.decoded(by: departing, edited, at: place) != mine { continue }
                }
                // Nor one it reads as nothing for its kind (an array of structs read as a map):
                // a value of another kind under the key that changes what it reads says it reads the key.
                let otherKinds = Self.otherKinds(of: readable ?? value).filter { $0 != value }
                if otherKinds.contains(where: { kind in
                    var swapped = parent
                    swapped[step.codingKey] = kind
                    return Self.replacing(step.parent, in: document, with: swapped).map { differ.decoded(by: departing, $0, at: place) != mine } ?? false
                }) { continue }
                notes.append("\(value == .null ? "with a value in place of the null" : "without the key") \"\(step.codingKey)\" at \(at): \(departing) reads the same"
                             + (theirs.tells ? ", \(reference) does not" : " (\(reference) fails before it)"))
                guard step.field.name != step.codingKey else { return (.none, notes) }
                // Does it read the property name instead? With the value held, or with the
                // reference's own value for the field (one the mapper can read).
                // A null moved there could read as what was there before: a value of its own then.
                for candidate in [value == .null ? Self.marker : value] + (readable.map { [$0] } ?? []) {
                    var moved = parent
                    moved[step.codingKey] = nil
                    moved[step.field.name] = candidate
                    if let edited = Self.replacing(step.parent, in: document, with: moved), differ.decoded(by: departing, edited, at: place) != mine {
                        notes.append("with \(candidate == value ? "the value" : "a value") under the property name \"\(step.field.name)\": what \(departing) reads there changes")
                        return (.propertyName, notes)
                    }
                }
                notes.append("with the value under the property name \"\(step.field.name)\": \(departing) still reads the same")
                return (.none, notes)
            }
            // The document has no coding key there: does what sits under the property name decide?
            guard step.field.name != step.codingKey else { continue }
            var changed = parent
            let held = parent[step.field.name] != nil
            changed[step.field.name] = held ? nil : Self.marker
            guard let edited = Self.replacing(step.parent, in: document, with: changed),
                  differ.decoded(by: departing, edited, at: place) != mine,
                  let theirs = differ.decoded(by: reference, document, at: place),
                  differ.decoded(by: reference, edited, at: place) == theirs else { continue }
            notes.append("the document has no key \"\(step.codingKey)\" at \(at); \(held ? "without" : "with a value under") \"\(step.field.name)\", "
                         + "the property name, what \(departing) reads changes and \(reference) reads the same")
            return (.propertyName, notes)
        }
        return nil
    }

    /// Whether the departing mapper writes a field on `path` (or one named as the leaf's key)
    /// under another key than its coding key: its stored document lacks the key and holds the
    /// reference's value under the property name (or another field's key), or its failure
    /// names the property name.
    func writtenKey(at path: ValuePath) -> (CauseKey.KeyRole, [String])? {
        guard let model = record.model, let differ = try? ProbeDiffer(runner: runner, record: record, specs: specs) else { return nil }
        let stored = differ.differ.storedDocuments(model)
        let names = differ.differ.participants.map(\.name)
        guard let mineIndex = names.firstIndex(of: departing), let theirsIndex = names.firstIndex(of: reference) else { return nil }
        let mine: FirestoreMap
        switch stored[mineIndex] {
        case .success(let map):
            mine = map
        case .failure(let failure):
            return propertyNamed(failure, in: "encode")
        }
        if let unknown = keyOutsideTheSchema(path, written: mine) { return unknown }
        guard case .success(let theirs) = stored[theirsIndex] else { return nil }
        for step in fieldSteps(on: path) {
            guard case .map(let written)? = step.parent.isRoot ? .map(mine) : mine.value(at: step.parent),
                  case .map(let expected)? = step.parent.isRoot ? .map(theirs) : theirs.value(at: step.parent),
                  let value = expected[step.codingKey], written[step.codingKey] == nil || written[step.codingKey] != value else { continue }
            let note = "\(reference) stores \"\(step.codingKey)\" at \(step.parent.isRoot ? "the root" : step.parent.description), \(departing) does not"
            if step.field.name != step.codingKey, written[step.field.name] == value {
                // The property name, or a key made from the coding key that happens to spell it
                // (`Link` lowercased): renamed, does the property take the value with it?
                if let renamed = followsPropertyName(step, value: value) {
                    return (.propertyName, [note, "\(departing) stores the same value under the property name \"\(step.field.name)\"", renamed])
                }
            }
            if written[step.codingKey] == nil, let other = written.keys.first(where: { expected[$0] == nil && written[$0] == value }) {
                let holder = record.schema.structName(at: step.parent).flatMap { record.schema.structSchema(named: $0) }
                let isField = holder?.fields.contains { $0.codingKey.map { $0.utf8.elementsEqual(other.utf8) } ?? false } ?? false
                return (isField ? .otherField : .otherKey,
                        [note, "\(departing) stores the same value under \"\(other)\"" + (isField ? ", another field's key" : ", no key of the struct")])
            }
        }
        return nil
    }

    /// When the departing mapper stored a key at `path` that no field of its struct has: the
    /// field whose coding key it comes from — the one whose coding key, changed in the schema,
    /// takes the key away from what the mapper stores. Nil when no field's does.
    private func keyOutsideTheSchema(_ path: ValuePath, written: FirestoreMap) -> (CauseKey.KeyRole, [String])? {
        guard case .key(let key)? = path.components.last, let model = record.model,
              let structName = record.schema.structName(at: path.parent),
              let position = record.schema.structs.firstIndex(where: { $0.name == structName }),
              case .map(let parent)? = path.parent.isRoot ? .map(written) : written.value(at: path.parent), parent[key] != nil else { return nil }
        let fields = record.schema.structs[position].fields
        guard !fields.contains(where: { ($0.codingKey ?? $0.name).utf8.elementsEqual(key.utf8) }),
              let spec = runner.mappers.first(where: { $0.name == departing }) else { return nil }
        for (index, field) in fields.enumerated() where field.codingKey != nil {
            var changed = record
            changed.schema.structs[position].fields[index].codingKey = "probeChangedKey"
            guard let differ = try? ProbeDiffer(runner: runner, record: changed, specs: [spec]),
                  case .success(let stored)? = differ.differ.storedDocuments(model).first,
                  case .map(let after)? = path.parent.isRoot ? .map(stored) : stored.value(at: path.parent), after[key] == nil else { continue }
            return (.otherKey, ["\(departing) stores \"\(key)\", no key of \(structName), at \(path.parent.isRoot ? "the root" : path.parent.description)",
                                "with the coding key of \(field.name) changed, \(departing) no longer stores \"\(key)\": it is that field's key, changed"])
        }
        return nil
    }

    /// The probe's note when the departing mapper, made for a schema in which the field at
    /// `step` has another property name (its coding key kept), stores `value` under that new
    /// name; nil when it does not (its key follows the coding key, not the name).
    private func followsPropertyName(_ step: FieldStep, value: FirestoreValue) -> String? {
        guard let structName = record.schema.structName(at: step.parent),
              let position = record.schema.structs.firstIndex(where: { $0.name == structName }),
              let field = record.schema.structs[position].fields.firstIndex(where: { $0.name == step.field.name }) else { return nil }
        let taken = Set(record.schema.structs[position].fields.flatMap { [$0.name] + ($0.codingKey.map { [$0] } ?? []) })
        guard let name = ["probeRenamed", "probeRenamedAgain"].first(where: { !taken.contains($0) }) else { return nil }
        let old = step.field.name
        let rewrite = StructValueRewrite(schema: record.schema, structName: structName, document: { .map($0) },
                                         model: { fields in .structure(fields.map { $0.name == old ? ModelField(name: name, value: $0.value) : $0 }) })
        guard record.model != nil, var renamed = rewrite.apply(to: record) else { return nil }
        renamed.schema.structs[position].fields[field].name = name
        guard let spec = runner.mappers.first(where: { $0.name == departing }),
              let differ = try? ProbeDiffer(runner: runner, record: renamed, specs: [spec]), let renamedModel = renamed.model,
              case .success(let stored)? = differ.differ.storedDocuments(renamedModel).first,
              case .map(let written)? = step.parent.isRoot ? .map(stored) : stored.value(at: step.parent), written[name] == value
        else { return nil }
        return "with the property renamed \"\(name)\" (its coding key kept), \(departing) stores the value under \"\(name)\""
    }

    /// A value of the field's type that a mapper reading the key reads: the reference's own
    /// stored value at `place` for the case's model, else the simplest valid value of the type.
    private func canonicalValue(at place: ValuePath, of field: FieldSchema) -> FirestoreValue? {
        if let model = record.model, let spec = runner.mappers.first(where: { $0.name == reference }),
           let differ = try? ProbeDiffer(runner: runner, record: record, specs: [spec]),
           case .success(let stored)? = differ.differ.storedDocuments(model).first, let value = stored.value(at: place), value != .null {
            return value
        }
        // The model holds nothing there (a nil optional): the simplest valid value of its type.
        var simplest = ChoiceSource(replaying: [])
        let value = DocumentGenerator(schema: record.schema).value(of: field.type.unwrapped, level: place.components.count, from: &simplest)
        return value == .null ? nil : value
    }

    /// When a failure names a field's property name where it has another coding key: the
    /// mapper met the field under its property name.
    private func propertyNamed(_ failure: MappingFailure, in step: String) -> (CauseKey.KeyRole, [String])? {
        guard failure.hasPath, case .key(let named)? = failure.leafPath.components.last,
              let field = fieldSteps(on: failure.leafPath).first(where: { $0.field.name == named && $0.codingKey != named }) else { return nil }
        return (.propertyName, ["\(departing)'s \(step) fails at \(failure.leafPath), the property name of the field coded \"\(field.codingKey)\""])
    }

    /// Values of other kinds than `value` a mapper may read where `value` belongs: the same
    /// elements as a map (keyed by position) or as an array, the value inside an array, and
    /// one value of each scalar kind.
    private static func otherKinds(of value: FirestoreValue) -> [FirestoreValue] {
        var kinds: [FirestoreValue] = [.map(["0": marker]), .array([marker]), .integer(1), .boolean(true), marker]
        switch value {
        case .array(let elements):
            kinds.insert(.map(FirestoreMap(elements.enumerated().map { (String($0.offset), $0.element) })), at: 0)
        case .map(let entries):
            kinds.insert(.array(entries.values), at: 0)
        default:
            kinds.insert(.array([value]), at: 0)
        }
        return kinds
    }

    /// The value a probe puts under a key that held nothing or null: any value a mapper that
    /// reads the key cannot read as nothing.
    static let marker = FirestoreValue.string("crossfire-probe")

    /// `document` with the map at `path` replaced by `map`.
    private static func replacing(_ path: ValuePath, in document: FirestoreMap, with map: FirestoreMap) -> FirestoreMap? {
        if path.isRoot { return map }
        guard case .map(let edited)? = FirestoreValue.map(document).editing(path.components[...], replacement: .map(map)) else { return nil }
        return edited
    }
}
