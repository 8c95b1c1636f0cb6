import FirestoreModel
import ModelSchema

/// Where each class of fault can go in a (possibly already faulty) document: the sites of
/// `MutationSites` that overlap no earlier fault, sorted by what they allow. Computed once
/// per injected fault.
struct FaultPlaces {
    /// Value sites overlapping no fault (for `wrongType`).
    let values: [MutationSites.Value]
    /// Coded, present, non-`@DocumentID` struct keys with their fields' types and codings (for `missingKey`).
    let removableKeys: [(path: ValuePath, type: FieldType, coding: FieldCoding?)]
    /// Values of non-optional types that are not null (for `nullValue`).
    let nullable: [MutationSites.Value]
    /// Values and collections with a corrupt variant (for `corruptedData`).
    let corruptible: [Mutator.CorruptionTarget]
    /// Arrays of the schema's shape (for `nestedArray`).
    let arrays: [MutationSites.Value]
    /// Struct maps (for `unknownKey`).
    let structures: [MutationSites.Structure]

    init(_ mutated: MutatedDocument, index: SchemaIndex) {
        let sites = MutationSites(document: mutated.document, index: index)
        func isFree(_ path: ValuePath) -> Bool { mutated.faults.isEmpty || Mutator.isFree(path, mutated) }
        values = mutated.faults.isEmpty ? sites.values : sites.values.filter { isFree($0.path) }
        var removable: [(path: ValuePath, type: FieldType, coding: FieldCoding?)] = []
        for structure in sites.structures {
            for field in structure.schema.fields where field.wrapper != .documentID {
                guard let key = field.codingKey, structure.map.contains(key: key) else { continue }
                let path = structure.path.appending(key: key)
                if isFree(path) { removable.append((path, field.type, field.coding)) }
            }
        }
        removableKeys = removable
        nullable = values.filter { !$0.type.isOptional && $0.value != .null }
        arrays = values.filter { site in
            if case .array = site.value { return SchemaIndex.isStoredAsArray(site.type) }
            return false
        }
        var corruptible = values.filter { Mutator.isCorruptible($0.type.unwrapped, $0.value) }.map(Mutator.CorruptionTarget.value)
        for collection in sites.collections where isFree(collection.path) {
            switch (collection.shape, collection.value) {
            case (.set, .array(let elements)) where !elements.isEmpty: corruptible.append(.collection(collection))
            case (.enumDictionary, .array), (.intDictionary, .map): corruptible.append(.collection(collection))
            default: break
            }
        }
        self.corruptible = corruptible
        structures = sites.structures
    }

    /// Whether the class has a place.
    func hasPlace(for faultClass: FaultClass) -> Bool {
        switch faultClass {
        case .missingKey: return !removableKeys.isEmpty
        case .nullValue: return !nullable.isEmpty
        case .wrongType: return !values.isEmpty
        case .corruptedData: return !corruptible.isEmpty
        case .unknownKey: return !structures.isEmpty
        case .nestedArray: return !arrays.isEmpty
        case .foreignTree: return true
        }
    }
}

extension FaultPlaces {
    /// The places of `places` whose paths `keep` keeps (a whole-document fault, a foreign tree,
    /// has none).
    init(restricting places: FaultPlaces, to keep: (ValuePath) -> Bool) {
        func below(_ place: ValuePath) -> Bool { keep(place) }
        values = places.values.filter { below($0.path) }
        removableKeys = places.removableKeys.filter { below($0.path) }
        nullable = places.nullable.filter { below($0.path) }
        corruptible = places.corruptible.filter { target in
            switch target {
            case .value(let site): return below(site.path)
            case .collection(let collection): return below(collection.path)
            }
        }
        arrays = places.arrays.filter { below($0.path) }
        structures = places.structures.filter { below($0.path) }
    }
}
