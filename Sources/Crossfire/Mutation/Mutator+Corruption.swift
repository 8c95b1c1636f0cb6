import FirestoreModel
import ModelSchema

/// `corruptedData` faults: values of the right Firestore type that their Swift type
/// cannot hold (one entry of `ValueCorruption.catalogue` per Swift type) and broken
/// collections: keys of `[Int: V]` that are not integers (or not canonical ones), duplicate
/// set elements, dangling keys of enum-keyed dictionaries.
extension Mutator {
    /// A place to corrupt.
    enum CorruptionTarget {
        case value(MutationSites.Value)
        case collection(MutationSites.Collection)
    }

    /// Whether a stored value of the type has a corrupt variant of the same Firestore kind
    /// (an entry of `ValueCorruption.catalogue` accepts it).
    static func isCorruptible(_ type: FieldType, _ value: FirestoreValue) -> Bool {
        ValueCorruption.entry(for: type, value) != nil
    }

    func injectCorruption(into mutated: inout MutatedDocument, places: FaultPlaces, from source: inout ChoiceSource) -> Bool {
        guard let target = source.choose(weighted: places.corruptible.map { target in
            switch target {
            case .value(let site): return (Mutator.siteWeight(site), target)
            case .collection: return (Mutator.collectionWeight, target)
            }
        }) else { return false }
        switch target {
        case .value(let site):
            guard let (kind, value) = corruptValue(site, from: &source) else { return false }
            let detail = "\(Mutator.brief(site.value)) replaced by \(Mutator.brief(value)) for \(site.type)"
            apply(Fault(kind: kind, path: site.path, detail: detail), value: value, to: &mutated)
            return true
        case .collection(let collection):
            return corruptCollection(collection, into: &mutated, from: &source)
        }
    }

    /// The corrupt value for a site and what kind of fault it is, made by the catalogue's
    /// entry for its type.
    func corruptValue(_ site: MutationSites.Value, from source: inout ChoiceSource) -> (FaultKind, FirestoreValue)? {
        ValueCorruption.entry(for: site.type.unwrapped, site.value)?.corrupt(site, self, &source)
    }

    /// A coded value that is no case of the enum: an unused raw value, or for enums without
    /// raw values an unknown case key, an empty map, or two case keys.
    func unknownCase(of enumSchema: EnumSchema, from source: inout ChoiceSource) -> FirestoreValue {
        let raws = enumSchema.cases.compactMap { enumSchema.rawValue(of: $0) }
        switch enumSchema.rawType {
        case .string:
            let used = raws.compactMap { raw -> String? in if case .string(let text) = raw { return text } else { return nil } }
            let unused = ValueCorruption.unknownEnumStrings.filter { !used.contains($0) }
            return .string(source.choose(from: unused) ?? GeneratedNames.unique("unknownCase", among: used))
        case .int:
            let used = raws.compactMap { raw -> Int64? in if case .int(let number) = raw { return number } else { return nil } }
            let unused = ValueCorruption.unknownEnumInts.filter { !used.contains($0) }
            return .integer(source.choose(from: unused) ?? SchemaBuilder.freshInt(among: used))
        case .none:
            let names = enumSchema.cases.map(\.name)
            switch source.weightedIndex(count: 3, weight: { _ in 1 }) {
            case 0: return .map([GeneratedNames.unique("unknownCase", among: names): .map(FirestoreMap())])
            case 1: return .map(FirestoreMap())
            default: return .map([(names.first ?? "a"): .map(FirestoreMap()), GeneratedNames.unique("other", among: names): .map(FirestoreMap())])
            }
        }
    }

    /// Corrupts a collection: a duplicate set element, a bad `[Int: V]` key, a dangling key.
    func corruptCollection(_ collection: MutationSites.Collection, into mutated: inout MutatedDocument, from source: inout ChoiceSource) -> Bool {
        let site = MutationSites.Value(path: collection.path, type: .bool, value: collection.value, insideArray: false, container: .structField)
        switch (collection.shape, collection.value) {
        case (.set, .array(let elements)):
            guard let original = source.choose(from: elements) else { return false }
            let duplicate = Mutator.swiftEqualVariant(of: original)
            return append(duplicate, to: site, kind: .duplicateSetElement, detail: "\(Mutator.brief(duplicate)) equals \(Mutator.brief(original)) as a Swift value", into: &mutated)
        case (.enumDictionary(let key, _), .array):
            let dangling = values.enumValue(key, from: &source)
            return append(dangling, to: site, kind: .danglingDictionaryKey, detail: "the key \(Mutator.brief(dangling)) without a value", into: &mutated)
        case (.intDictionary(let valueType), .map(let map)):
            let unparseable = source.bool(probability: 0.6)
            let candidates = (unparseable ? FaultEdges.invalidIntKeys : FaultEdges.nonCanonicalIntKeys).filter { !map.contains(key: $0) }
            guard let key = source.choose(from: candidates) else { return false }
            let path = collection.path.appending(key: key)
            guard Mutator.isFree(path, mutated) else { return false }
            let value = values.value(of: valueType, level: collection.path.count + 1, from: &source)
            let kind: FaultKind = unparseable ? .invalidDictionaryKey : .nonCanonicalDictionaryKey
            apply(Fault(kind: kind, path: path, detail: "the key \"\(key)\" in a map of Int keys"), value: value, to: &mutated)
            return true
        default:
            return false
        }
    }

    /// A value Swift reads as equal to `original` but stored differently where there is one
    /// (−0.0 for 0.0, a canonical twin of a string), else a copy.
    static func swiftEqualVariant(of original: FirestoreValue) -> FirestoreValue {
        switch original {
        case .double(let number) where number == 0: return .double(-number)
        case .string(let text): return TextEdges.canonicalTwin(of: text).map(FirestoreValue.string) ?? original
        default: return original
        }
    }
}
