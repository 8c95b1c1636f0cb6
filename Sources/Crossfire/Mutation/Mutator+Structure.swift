import FirestoreModel
import ModelSchema

/// Faults in the shape of a document: missing keys, nulls, unknown keys, nested arrays.
extension Mutator {
    func injectMissingKey(into mutated: inout MutatedDocument, places: FaultPlaces, from source: inout ChoiceSource) -> Bool {
        guard let path = source.choose(weighted: places.removableKeys.map { (Mutator.familyWeight($0.type) * ($0.coding == nil ? 1 : 3), $0.path) })
        else { return false }
        apply(Fault(kind: .missingKey, path: path, detail: "the key removed"), value: nil, to: &mutated)
        return true
    }

    func injectNull(into mutated: inout MutatedDocument, places: FaultPlaces, from source: inout ChoiceSource) -> Bool {
        guard let site = source.choose(weighted: places.nullable.map { (Mutator.siteWeight($0), $0) }) else { return false }
        let detail = "\(Mutator.brief(site.value)) replaced by null (type \(site.type))"
        apply(Fault(kind: .nullValue, path: site.path, detail: detail), value: .null, to: &mutated)
        return true
    }

    /// Styles of unknown keys: a property name the struct does not code under that name, a
    /// canonical twin of a coded key, a coded key capitalized, random, an edge key.
    static let unknownKeyStyleWeights = [3, 3, 1, 2, 1]

    func injectUnknownKey(into mutated: inout MutatedDocument, places: FaultPlaces, from source: inout ChoiceSource) -> Bool {
        guard let structure = source.choose(from: places.structures) else { return false }
        let fields = structure.schema.fields
        let codedKeys = fields.compactMap(\.codingKey)
        let misnamed = fields.filter { field in !codedKeys.contains { $0.utf8.elementsEqual(field.name.utf8) } }
        let twinned = fields.filter { $0.codingKey.flatMap(TextEdges.canonicalTwin) != nil }
        let available = [!misnamed.isEmpty, !twinned.isEmpty, !codedKeys.isEmpty, true, true]
        let style = source.weightedIndex(count: available.count) { available[$0] ? Mutator.unknownKeyStyleWeights[$0] : 0 }
        var key: String
        var lookalike: FieldSchema?
        switch style {
        case 0:
            lookalike = source.choose(from: misnamed)
            key = lookalike?.name ?? "extra"
        case 1:
            lookalike = source.choose(from: twinned)
            key = lookalike?.codingKey.flatMap(TextEdges.canonicalTwin) ?? "extra"
        case 2:
            let original = source.choose(from: codedKeys) ?? "extra"
            key = original.prefix(1).uppercased() + original.dropFirst()
        case 3:
            key = source.fieldName(profile: profile, edgeProbability: 0)
        default:
            key = source.choose(from: TextEdges.keys) ?? "extra"
        }
        key = TextEdges.validFieldName(key)
        while codedKeys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) || structure.map.contains(key: key) {
            key += "_extra"
        }
        let path = structure.path.appending(key: key)
        guard Mutator.isFree(path, mutated) else { return false }
        let value: FirestoreValue
        if let lookalike {
            value = values.value(of: lookalike.type.unwrapped, level: structure.path.count + 1, from: &source)
        } else {
            value = values.junk(from: &source)
        }
        let detail = "a key the struct \(structure.schema.name) does not code, holding \(Mutator.brief(value))"
        apply(Fault(kind: .unknownKey, path: path, detail: detail), value: value, to: &mutated)
        return true
    }

    func injectNestedArray(into mutated: inout MutatedDocument, places: FaultPlaces, from source: inout ChoiceSource) -> Bool {
        guard let site = source.choose(weighted: places.arrays.map { (Mutator.siteWeight($0), $0) }),
              case .array(let elements) = site.value else { return false }
        if !elements.isEmpty, source.bool(probability: 0.5) {
            // In an enum-keyed dictionary's flat array a value is wrapped (an appended array
            // stands where a key would).
            let isEnumKeyed = if case .dictionary(.enumeration, _) = site.type.unwrapped { true } else { false }
            let choices = isEnumKeyed ? Array(stride(from: 1, to: elements.count, by: 2)) : Array(elements.indices)
            guard let position = source.choose(from: choices) else { return false }
            let path = site.path.appending(index: position)
            let deepest = path.count + 1 + Mutator.height(of: elements[position])
            guard Mutator.isFree(path, mutated), deepest <= profile.documentDepthLimit else { return false }
            let wrapped = FirestoreValue.array([elements[position]])
            apply(Fault(kind: .nestedArray, path: path, detail: "the element wrapped in an array: \(Mutator.brief(wrapped))"), value: wrapped, to: &mutated)
            return true
        }
        let inner: FirestoreValue = source.bool(probability: 0.5) ? .array([]) : .array([.integer(1), .integer(2)])
        return append(inner, to: site, kind: .nestedArray, detail: "an array appended as an element: \(Mutator.brief(inner))", into: &mutated)
    }

    /// Appends an element to the array at a site and records the fault at the new element's path.
    func append(_ element: FirestoreValue, to site: MutationSites.Value, kind: FaultKind, detail: String, into mutated: inout MutatedDocument) -> Bool {
        guard case .array(var elements) = site.value else { return false }
        let path = site.path.appending(index: elements.count)
        guard Mutator.isFree(path, mutated) else { return false }
        elements.append(element)
        mutated.document = mutated.document.replacing(at: site.path.components[...], with: .array(elements))
        mutated.faults.append(Fault(kind: kind, path: path, detail: detail))
        return true
    }

    /// How many levels a stored value reaches below its own.
    static func height(of value: FirestoreValue) -> Int {
        switch value {
        case .array(let elements): return 1 + (elements.map(height).max() ?? 0)
        case .map(let map): return 1 + (map.values.map(height).max() ?? 0)
        default: return 0
        }
    }

    /// A value's description, cut to 120 characters for fault details.
    static func brief(_ value: FirestoreValue) -> String {
        let text = value.description
        return text.count > 120 ? String(text.prefix(117)) + "…" : text
    }
}
