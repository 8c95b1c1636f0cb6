import FirestoreModel
import ModelSchema

/// Makes faulty documents from valid ones: every class of fault (see `FaultClass` and
/// `FaultKind`), each tagged with what was injected and where, all choices drawn from the
/// same `ChoiceSource` as generation.
///
/// Faults never overlap: a new fault's path is neither inside nor above an earlier one's,
/// and elements are only ever appended to arrays, so every recorded path stays true. A
/// `foreignTree` replaces the whole document and so stands alone.
package struct Mutator: Sendable {
    /// The schema the valid documents belong to.
    package var schema: ModelSchema { index.schema }
    /// The knobs for the values the mutator makes.
    package let profile: GenerationProfile
    /// The most faults one `mutate` injects.
    package var maxFaults: Int
    /// The average number of faults one `mutate` injects (at least one).
    package var averageFaults: Double
    /// How often each class is picked.
    package var classWeights: FaultWeights
    let index: SchemaIndex
    let values: DocumentGenerator

    /// The average number of faults `mutate` injects unless told otherwise.
    package static let defaultAverageFaults = 1.3

    /// A mutator for documents of `schema`.
    package init(
        schema: ModelSchema, profile: GenerationProfile = .default, maxFaults: Int = 3, averageFaults: Double = Mutator.defaultAverageFaults,
        classWeights: FaultWeights = .default
    ) {
        self.init(values: DocumentGenerator(schema: schema, profile: profile), maxFaults: maxFaults, averageFaults: averageFaults, classWeights: classWeights)
    }

    /// A mutator that makes its values with (and shares the schema index of) a document generator.
    init(values: DocumentGenerator, maxFaults: Int, averageFaults: Double, classWeights: FaultWeights) {
        profile = values.profile
        self.maxFaults = maxFaults
        self.averageFaults = averageFaults
        self.classWeights = classWeights
        self.values = values
        index = values.index
    }

    /// A faulty copy of `document` with one to `maxFaults` faults of classes drawn by weight.
    package func mutate(_ document: FirestoreMap, from source: inout ChoiceSource) -> MutatedDocument {
        mutate(MutatedDocument(document: document), from: &source)
    }

    /// `mutated` with one to `maxFaults` more faults of classes drawn by weight, none overlapping
    /// those it has (a foreign tree replaces them all).
    package func mutate(_ mutated: MutatedDocument, from source: inout ChoiceSource) -> MutatedDocument {
        var mutated = mutated
        source.forEachElement(minCount: 1, maxCount: max(1, maxFaults), averageCount: max(1, averageFaults)) { source, _ in
            source.span(.fault) { source in
                let places = FaultPlaces(mutated, index: index)
                let classes = FaultClass.allCases
                let chosen = source.weightedIndex(count: classes.count) { position in
                    places.hasPlace(for: classes[position]) ? classWeights[classes[position]] : 0
                }
                _ = inject(classes[chosen], into: &mutated, places: places, from: &source)
            }
        }
        return mutated
    }

    /// `mutated` with one more fault of the given class, or nil when the document has no
    /// place for one (no required value for `nullValue`, no integer for most corruptions …).
    package func inject(_ faultClass: FaultClass, into mutated: MutatedDocument, from source: inout ChoiceSource) -> MutatedDocument? {
        var copy = mutated
        let places = FaultPlaces(copy, index: index)
        guard inject(faultClass, into: &copy, places: places, from: &source) else { return nil }
        return copy
    }

    /// Injects one fault of the class; false when there is no place for it.
    func inject(_ faultClass: FaultClass, into mutated: inout MutatedDocument, places: FaultPlaces, from source: inout ChoiceSource) -> Bool {
        switch faultClass {
        case .missingKey: return injectMissingKey(into: &mutated, places: places, from: &source)
        case .nullValue: return injectNull(into: &mutated, places: places, from: &source)
        case .wrongType: return injectWrongType(into: &mutated, places: places, from: &source)
        case .corruptedData: return injectCorruption(into: &mutated, places: places, from: &source)
        case .unknownKey: return injectUnknownKey(into: &mutated, places: places, from: &source)
        case .nestedArray: return injectNestedArray(into: &mutated, places: places, from: &source)
        case .foreignTree:
            let tree = ForeignTree(profile: profile, schema: schema).document(from: &source)
            mutated = MutatedDocument(document: tree, faults: [
                Fault(kind: .foreignTree, path: .root, detail: "the document replaced by a tree not made from the schema"),
            ])
            return true
        }
    }

    /// Whether a change at `path` overlaps no earlier fault (neither inside nor above one).
    static func isFree(_ path: ValuePath, _ mutated: MutatedDocument) -> Bool {
        !mutated.faults.contains { $0.path.isPrefix(of: path) || path.isPrefix(of: $0.path) }
    }

    /// Applies a change and records its fault.
    func apply(_ fault: Fault, value: FirestoreValue?, to mutated: inout MutatedDocument) {
        mutated.document = mutated.document.replacing(at: fault.path.components[...], with: value)
        mutated.faults.append(fault)
    }
}
