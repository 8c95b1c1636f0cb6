import FirestoreModel
import ModelSchema

/// How a mapper is compared.
package enum MapperStyle: String, Sendable, Hashable {
    /// Must agree with the reference mapper on every outcome.
    case strict
    /// The `?? default` idiom: never fails; each default it puts in place of document data is
    /// reported as a silent default, and its values are compared only where the reference
    /// mapper succeeded.
    case lenient
    /// Reads as `.lenient` compares (never fails; defaults reported; values compared where the
    /// reference succeeded), writes as `.strict` compares (its stored documents must agree
    /// with the reference's): the reflective family, whose storage rules are its own.
    case lenientDecode
}

/// A mapper taking part in a case.
package struct Participant {
    /// The mapper's name.
    package var name: String
    /// The mapper, prepared for the case's schema.
    package var mapper: any DocumentMapper
    /// How it is compared.
    package var style: MapperStyle

    /// Creates a participant.
    package init(name: String, mapper: any DocumentMapper, style: MapperStyle) {
        self.name = name
        self.mapper = mapper
        self.style = style
    }
}

/// A failure a mapper reported in a check, with the facts of the place it names (for the
/// error census, which counts every failure, even where the mappers agreed).
package struct ReportedFailure: Sendable {
    /// The mapper's name.
    package var mapper: String
    /// The check.
    package var check: CheckKind
    /// The failure.
    package var failure: MappingFailure
    /// The facts at the failure's path (its type, container, what the input held there).
    package var facts: LeafFacts
}

/// What one check of one case found.
package struct CheckResult: Sendable {
    /// Every disagreement, loss and silent default, one per leaf.
    package var discrepancies: [Discrepancy] = []
    /// Every failure any mapper reported, even where the mappers agreed (for the error census).
    package var failures: [ReportedFailure] = []
    /// The rule situations strict mappers reached (for the expectations of the allowlist).
    package var reached: [ReachedSituation] = []
    /// Each mapper's outcome, in participant order (what regression files pin).
    package var outcomes: [MapperCheckOutcome] = []

    /// A result with nothing in it yet.
    package init() {}
}

/// The three checks of a case, over a set of mappers: decode, encode and round trip.
///
/// The first strict participant is the reference; every other strict one must agree with it
/// (equal model values or stored documents, or failures of the same kind at the same path).
package struct Differ {
    /// The schema of the case.
    package let schema: ModelSchema
    /// The mappers, reference first.
    package let participants: [Participant]
    /// The reference of the document under test (fills `@DocumentID`).
    package let reference: DocumentReference?
    /// The time the simulated server gives server timestamps.
    package let serverTime: Timestamp
    /// Where the encoders' output is stored: the SDK's write path in a run.
    package let storage: any DocumentStorage
    let readPath: ReadPath

    /// Creates a differ. `participants` must hold at least one strict mapper.
    package init(schema: ModelSchema, participants: [Participant], reference: DocumentReference?,
                serverTime: Timestamp, storage: any DocumentStorage = WritePathStorage()) {
        self.schema = schema
        self.participants = participants.sorted { ($0.style == .strict ? 0 : 1) < ($1.style == .strict ? 0 : 1) }
        self.reference = reference
        self.serverTime = serverTime
        self.storage = storage
        self.readPath = ReadPath(database: reference?.database ?? .default)
    }

    /// A model value through every mapper's encoder and the storage: the stored documents, in
    /// participant order — what the encode check compares and the round trip reads back, made
    /// once for both.
    package func storedDocuments(_ model: ModelValue) -> [Result<FirestoreMap, MappingFailure>] {
        participants.map { store(model, with: $0) }
    }

    /// A model value through one mapper's encoder and the storage: the stored document.
    func store(_ model: ModelValue, with participant: Participant) -> Result<FirestoreMap, MappingFailure> {
        switch participant.mapper.encode(model) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let data):
            do {
                return .success(try storage.store(data, database: reference?.database ?? .default, serverTime: serverTime))
            } catch {
                return .failure(MappingFailure(codingError: error))
            }
        }
    }

    /// Records each participant's result of a one-step check (decode, encode), in participant
    /// order: a failure, reported with the facts at its leaf in `input`, or a value.
    func record<Value>(_ check: CheckKind, _ results: [Result<Value, MappingFailure>], in input: FirestoreMap?,
                       into result: inout CheckResult) {
        for (participant, outcome) in zip(participants, results) {
            if case .failure(let failure) = outcome {
                result.failures.append(ReportedFailure(mapper: participant.name, check: check, failure: failure,
                                                       facts: facts(at: failure.leafPath, in: input)))
                result.outcomes.append(.failure(check, participant.name, failure))
            } else {
                result.outcomes.append(.value(check, participant.name))
            }
        }
    }

    // MARK: Leaves

    /// The facts of the leaf at `path`, `input` holding what the input holds there; `near` is
    /// what the leaf holds on the side whose set indexes the path uses (see
    /// `ModelSchema.storedValue(at:in:near:)`); whether the input holds a twin of the leaf's
    /// key beside it (`LeafFacts.keyTwinnedInInput`).
    func facts(at path: ValuePath, in input: FirestoreMap?, near: LeafValue? = nil) -> LeafFacts {
        let hint: ModelValue? = if case .model(let value)? = near { value } else { nil }
        let held: LeafValue = input.flatMap { schema.storedValue(at: path, in: $0, near: hint) }.map(LeafValue.stored) ?? .absent
        var facts = LeafFacts(path: path, schema: schema, held: held)
        if case .key(let key)? = path.components.last, let input {
            let parent: FirestoreValue? = path.parent.isRoot ? .map(input) : schema.storedValue(at: path.parent, in: input)
            if case .map(let siblings)? = parent {
                facts.keyTwinnedInInput = siblings.keys.contains { $0 == key && !$0.utf8.elementsEqual(key.utf8) }
            }
        }
        return facts
    }

    /// What a failure means at a leaf: there, below or above it, without a path, or at a
    /// place the mapper reached after (it got past the leaf) or before (it never reached it).
    func result(of failure: MappingFailure, at leaf: ValuePath) -> LeafResult {
        guard failure.hasPath else { return .failed(failure.kind, .unplaced) }
        let place = failure.leafPath
        if place == leaf { return .failed(failure.kind, .here) }
        if leaf.isPrefix(of: place) { return .failed(failure.kind, .inside) }
        if place.isPrefix(of: leaf) { return .failed(failure.kind, .above) }
        return schema.decodesBefore(leaf, place) ? .passed : .notReached
    }

    /// What a value produced by a mapper holds at a leaf: a value, nil or nothing.
    static func result(of leaf: LeafValue) -> LeafResult {
        switch leaf {
        case .absent: return .absent
        case .model(.null): return .null
        case .stored(let value): return .stored(value.kind)
        case .model: return .value
        }
    }

    /// One mapper's outcome at a leaf: its failure, or what its model value holds there (of a
    /// set, the element most like `near`, what the document holds at the leaf).
    func outcome(_ name: String, _ result: Result<ModelValue, MappingFailure>, at leaf: ValuePath, near: LeafValue? = nil) -> MapperOutcome {
        switch result {
        case .failure(let failure):
            return MapperOutcome(mapper: name, result: self.result(of: failure, at: leaf), failure: failure)
        case .success(let value):
            let here: LeafValue = schema.modelValue(at: leaf, in: value, near: near?.storedValue).map(LeafValue.model) ?? .absent
            return MapperOutcome(mapper: name, result: Differ.result(of: here), leaf: here)
        }
    }

    /// A path of `document` with every index into an enum-keyed dictionary's flat array
    /// written as the entry's key, and every key of an `[Int: V]` in its canonical form, as leaf
    /// differences name entries (`roles.admin` for `roles[1]` and `roles[0]`, `counts.7` for
    /// `counts.007`).
    func keyedPath(_ path: ValuePath, in document: FirestoreMap) -> ValuePath {
        var result = ValuePath.root
        for component in path.components {
            if case .key(let key) = component, case .dictionary(.int, _)? = schema.fieldType(at: result)?.unwrapped, let number = Int64(key) {
                result = result.appending(key: String(number))
                continue
            }
            if case .index(let index) = component, case .dictionary(.enumeration(let enumName), _)? = schema.fieldType(at: result)?.unwrapped,
               case .array(let flat)? = schema.storedValue(at: result, in: document) {
                let keyPosition = index - index % 2
                if flat.indices.contains(keyPosition) {
                    result = result.appending(key: StoredDiff.keyText(flat[keyPosition], enumSchema: schema.enumSchema(named: enumName)))
                    continue
                }
            }
            result = result.appending(component)
        }
        return result
    }

    /// Where two failures that disagree show the mappers parting: the one reached first in
    /// decode order (the other mapper got past it), or the only one with a path.
    func divergence(_ a: MappingFailure, _ b: MappingFailure) -> ValuePath {
        switch (a.hasPath, b.hasPath) {
        case (true, false): return a.leafPath
        case (false, true): return b.leafPath
        case (false, false): return .root
        case (true, true): return schema.decodesBefore(b.leafPath, a.leafPath) ? b.leafPath : a.leafPath
        }
    }
}
