import FirestoreModel
import ModelSchema

/// The rule situations a check put a strict mapper in and the mapper reached: where the SDK
/// rules the allowlist's entries stand for must have fired (`ExpectationCheck`). Only what is
/// certain counts: a value inside a set (which storage may merge) or an enum-keyed dictionary
/// (whose failures name an index of its flat array, its differences a key), or in a schema with
/// canonically equivalent keys (which share one entry), is left out.
extension Differ {
    /// The written situations of `model` one mapper's round trip reached: all of them when it
    /// read its stored document back; when it failed at a place, the `Int8`s it had read by
    /// then or failed at (a value storage changes shows only when the round trip comes back).
    func reachedWrittenSituations(_ model: ModelValue, mapper: String, stored: FirestoreMap,
                                  decoded: Result<ModelValue, MappingFailure>) -> [ReachedSituation] {
        guard !schema.hasCanonicalTwins else { return [] }
        var reached: [ReachedSituation] = []
        for (situation, path) in writtenSituations(in: model) {
            let here = facts(at: path, in: stored)
            switch decoded {
            case .success:
                break
            case .failure(let failure):
                let place = failure.leafPath
                guard situation == .int8AsBoolean, failure.hasPath,
                      place == path || path.isPrefix(of: place) || schema.decodesBefore(path, place) else { continue }
            }
            reached.append(ReachedSituation(situation: situation, mapper: mapper, path: path, facts: here, input: modelLeaf(model, at: path),
                                            outcomes: [outcome(mapper, decoded, at: path, near: here.held)]))
        }
        return reached
    }

    /// The written rule situations of a model value, with their paths (as the differ names
    /// them), outside sets and enum-keyed dictionaries.
    private func writtenSituations(in model: ModelValue) -> [(RuleSituation, ValuePath)] {
        var found: [(RuleSituation, ValuePath)] = []
        func walk(_ value: ModelValue, _ type: FieldType, _ path: ValuePath, field: FieldSchema?) {
            if let situation = RuleSituation.writtenSituation(of: value, type: type, field: field, reference: reference) { found.append((situation, path)) }
            switch (value, type.unwrapped) {
            case let (.structure(fields), .structure(name)):
                guard let structSchema = schema.structSchema(named: name), fields.count == structSchema.fields.count else { return }
                for (field, declared) in zip(fields, structSchema.fields) {
                    guard let key = declared.codingKey else { continue }
                    walk(field.value, declared.type, path.appending(key: key), field: declared)
                }
            case let (.array(elements), .array(element)):
                for (index, item) in elements.enumerated() { walk(item, element, path.appending(index: index), field: nil) }
            case let (.dictionary(entries), .dictionary(keyType, valueType)) where keyType == .string || keyType == .int:
                for entry in entries { walk(entry.value, valueType, path.appending(key: schema.storedKeyText(entry.key, keyType: keyType)), field: nil) }
            default:
                break
            }
        }
        walk(model, .structure(schema.root), .root, field: nil)
        return found
    }

    /// The null element the reference and `participant` both failed at, when it is one the
    /// SDK's decoder reads itself and `participant` names it once, as the hand mapper does
    /// (the reference with its index twice, or — where the SDK's rule vanished — once): the
    /// situation of `sdk-index-twice`. A participant that names it twice has the SDK's rule.
    func reachedNullElement(_ document: FirestoreMap, reference: (name: String, result: Result<ModelValue, MappingFailure>),
                            participant: (name: String, result: Result<ModelValue, MappingFailure>)) -> ReachedSituation? {
        guard case .failure(let first) = reference.result, case .failure(let second) = participant.result,
              first.hasPath, second.hasPath, first.kind == .valueNotFound, second.kind == .valueNotFound else { return nil }
        let element = second.leafPath
        guard Self.oneIndex(first.leafPath) == element, Self.oneIndex(element) == element, schema.storedValue(at: element, in: document) == .null,
              RuleSituation.nullSituation(at: element, schema: schema) == .nullElementIndexTwice else { return nil }
        let here = facts(at: element, in: document)
        return ReachedSituation(situation: .nullElementIndexTwice, mapper: participant.name, path: element, facts: here, input: nil,
                                outcomes: [outcome(reference.name, reference.result, at: element, near: here.held),
                                           outcome(participant.name, participant.result, at: element, near: here.held)])
    }

    /// A path whose last index is there twice, with it once; any other path as it is.
    private static func oneIndex(_ path: ValuePath) -> ValuePath {
        let components = path.components
        guard components.count >= 2, case .index = components[components.count - 1], components[components.count - 1] == components[components.count - 2]
        else { return path }
        return ValuePath(Array(components.dropLast()))
    }
}
