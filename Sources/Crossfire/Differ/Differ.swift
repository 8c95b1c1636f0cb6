import FirestoreModel
import ModelSchema

/// How a mapper is compared.
public enum MapperStyle: String, Sendable, Hashable {
    /// Must agree with the reference mapper on every outcome.
    case strict
    /// The `?? default` idiom: never fails; each default it puts in place of document data is
    /// reported as a silent default, and its values are compared only where the reference
    /// mapper succeeded.
    case lenient
}

/// A mapper taking part in a case.
public struct Participant {
    /// The mapper's name.
    public var name: String
    /// The mapper, prepared for the case's schema.
    public var mapper: any DocumentMapper
    /// How it is compared.
    public var style: MapperStyle

    /// Creates a participant.
    public init(name: String, mapper: any DocumentMapper, style: MapperStyle) {
        self.name = name
        self.mapper = mapper
        self.style = style
    }
}

/// What one check of one case found.
public struct CheckResult: Sendable {
    /// Every disagreement, loss and silent default.
    public var discrepancies: [Discrepancy] = []
    /// Every failure any mapper reported, even where the mappers agreed (for the error census).
    public var failures: [(mapper: String, check: CheckKind, failure: MappingFailure)] = []
    /// Each mapper's outcome, in participant order (what regression files pin).
    public var outcomes: [MapperCheckOutcome] = []
}

/// The three checks of a case, over a set of mappers: decode, encode and round trip.
///
/// The first strict participant is the reference; every other strict one must agree with it
/// (equal model values or stored documents, or failures of the same kind at the same path).
public struct Differ {
    /// The schema of the case.
    public let schema: ModelSchema
    /// The mappers, reference first.
    public let participants: [Participant]
    /// The reference of the document under test (fills `@DocumentID`).
    public let reference: DocumentReference?
    /// The time the simulated server gives server timestamps.
    public let serverTime: Timestamp
    let writePath: WritePath
    let readPath: ReadPath

    /// Creates a differ. `participants` must hold at least one strict mapper.
    public init(schema: ModelSchema, participants: [Participant], reference: DocumentReference?,
                serverTime: Timestamp, writeOptions: WritePathOptions = .sdk) {
        self.schema = schema
        self.participants = participants.sorted { ($0.style == .strict ? 0 : 1) < ($1.style == .strict ? 0 : 1) }
        self.reference = reference
        self.serverTime = serverTime
        self.writePath = WritePath(database: reference?.database ?? .default, options: writeOptions)
        self.readPath = ReadPath(database: reference?.database ?? .default)
    }

    // MARK: decode

    /// Decodes a stored document with every mapper and compares the outcomes.
    public func checkDecode(_ document: FirestoreMap) -> CheckResult {
        var result = CheckResult()
        let data = readPath.data(document)
        let results = participants.map { $0.mapper.decode(data, reference: reference) }
        for (participant, decoded) in zip(participants, results) {
            if case .failure(let failure) = decoded.outcome {
                result.failures.append((participant.name, .decode, failure))
                result.outcomes.append(.failure(.decode, participant.name, failure))
            } else {
                result.outcomes.append(.value(.decode, participant.name))
            }
        }
        guard let referenceResult = results.first, let referenceMapper = participants.first else { return result }
        for (participant, decoded) in zip(participants, results).dropFirst() {
            switch participant.style {
            case .strict:
                if let discrepancy = compareDecoded(referenceMapper.name, referenceResult.outcome, participant.name, decoded.outcome, document) {
                    result.discrepancies.append(discrepancy)
                }
            case .lenient:
                for silent in decoded.silentDefaults {
                    result.discrepancies.append(Discrepancy(
                        kind: .silentDefault, check: .decode, path: silent.path,
                        schemaType: schema.fieldType(at: silent.path)?.description,
                        foundKind: document.value(at: silent.path)?.kind.rawValue ?? "absent",
                        outcomes: [outcome(referenceMapper.name, referenceResult.outcome),
                                   MapperOutcome(mapper: participant.name, rendering: "default \(silent.substituted) for \(silent.kind.rawValue)")],
                        after: silent.substituted))
                }
                if case .success(let expected) = referenceResult.outcome, case .success(let actual) = decoded.outcome,
                   let difference = ValueDifference.between(expected, actual, schema: schema),
                   !decoded.silentDefaults.contains(where: { $0.path.isPrefix(of: difference.path) || difference.path.isPrefix(of: $0.path) }) {
                    result.discrepancies.append(Discrepancy(
                        kind: .decodeDisagreement, check: .decode, path: difference.path,
                        schemaType: schema.fieldType(at: difference.path)?.description,
                        foundKind: document.value(at: difference.path)?.kind.rawValue ?? "absent",
                        outcomes: [outcome(referenceMapper.name, referenceResult.outcome), outcome(participant.name, decoded.outcome)],
                        before: difference.before, after: difference.after))
                }
            }
        }
        return result
    }

    private func compareDecoded(_ leftName: String, _ left: Result<ModelValue, MappingFailure>,
                                _ rightName: String, _ right: Result<ModelValue, MappingFailure>,
                                _ document: FirestoreMap) -> Discrepancy? {
        let path: ValuePath
        var before: ModelValue?
        var after: ModelValue?
        switch (left, right) {
        case let (.success(a), .success(b)):
            guard let difference = ValueDifference.between(a, b, schema: schema) else { return nil }
            (path, before, after) = (difference.path, difference.before, difference.after)
        case let (.failure(a), .failure(b)):
            guard !a.agrees(with: b) else { return nil }
            path = MappingFailure.disagreementPath(a, b)
        case let (.failure(failure), .success), let (.success, .failure(failure)):
            path = failure.path
        }
        return Discrepancy(kind: .decodeDisagreement, check: .decode, path: path,
                           schemaType: schema.fieldType(at: path)?.description,
                           foundKind: document.value(at: path)?.kind.rawValue ?? "absent",
                           outcomes: [outcome(leftName, left), outcome(rightName, right)], before: before, after: after)
    }

    // MARK: encode

    /// Encodes a model value with every mapper, runs each result through the write path and
    /// compares the stored documents as typed values.
    public func checkEncode(_ model: ModelValue) -> CheckResult {
        var result = CheckResult()
        let stored = participants.map { store(model, with: $0) }
        for (participant, outcome) in zip(participants, stored) {
            if case .failure(let failure) = outcome {
                result.failures.append((participant.name, .encode, failure))
                result.outcomes.append(.failure(.encode, participant.name, failure))
            } else {
                result.outcomes.append(.value(.encode, participant.name))
            }
        }
        guard let referenceStored = stored.first, let referenceMapper = participants.first else { return result }
        let canonicalizer = StoredCanonicalizer(schema: schema)
        for (participant, outcome) in zip(participants, stored).dropFirst() where participant.style == .strict {
            let path: ValuePath
            switch (referenceStored, outcome) {
            case let (.success(a), .success(b)):
                guard let difference = ValueDifference.between(canonicalizer.canonical(a), canonicalizer.canonical(b)) else { continue }
                path = difference
            case let (.failure(a), .failure(b)):
                // Sets (and enum-keyed dictionaries) reach the write path in hash order, so
                // which element fails first is not the model's: compare without those indexes.
                guard !(a.kind == b.kind && (!a.hasPath || !b.hasPath || unordered(a.path) == unordered(b.path))) else { continue }
                path = MappingFailure.disagreementPath(a, b)
            case let (.failure(failure), .success), let (.success, .failure(failure)):
                path = failure.path
            }
            let storedHere: FirestoreMap? = if case .success(let map) = referenceStored { map } else { nil }
            result.discrepancies.append(Discrepancy(
                kind: .encodeDisagreement, check: .encode, path: path,
                schemaType: schema.fieldType(at: path)?.description,
                foundKind: storedHere?.value(at: path)?.kind.rawValue,
                outcomes: [storedOutcome(referenceMapper.name, referenceStored), storedOutcome(participant.name, outcome)]))
        }
        return result
    }

    /// The path with every index into a set or an enum-keyed dictionary's flat array made 0,
    /// and every key of a `[String: V]` or `[Int: V]` made empty: encoders visit those in
    /// hash order, so which entry fails first is not the model's.
    func unordered(_ path: ValuePath) -> ValuePath {
        var result = ValuePath.root
        for component in path.components {
            if !result.isRoot, let container = schema.fieldType(at: result)?.unwrapped {
                switch (container, component) {
                case (.set, .index), (.dictionary(.enumeration, _), .index):
                    result = result.appending(index: 0)
                    continue
                case (.dictionary, .key):
                    result = result.appending(key: "")
                    continue
                default:
                    break
                }
            }
            result = result.appending(component)
        }
        return result
    }

    /// A model value through one mapper's encoder and the write path: the stored document.
    func store(_ model: ModelValue, with participant: Participant) -> Result<FirestoreMap, MappingFailure> {
        switch participant.mapper.encode(model) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let data):
            do {
                return .success(try writePath.parse(data, kind: .set).applied(to: nil, serverTime: serverTime))
            } catch {
                return .failure(MappingFailure(codingError: error))
            }
        }
    }

    // MARK: round trip

    /// Model → encode → write path → stored → read path → decode, per mapper: anything not
    /// given back is a loss.
    public func checkRoundTrip(_ model: ModelValue) -> CheckResult {
        var result = CheckResult()
        for participant in participants {
            let stored: FirestoreMap
            switch store(model, with: participant) {
            case .success(let map):
                stored = map
            case .failure(let failure):
                result.outcomes.append(.failure(.roundTrip, participant.name, failure, stage: .encode))
                continue
            }
            let decoded = participant.mapper.decode(readPath.data(stored), reference: reference)
            switch decoded.outcome {
            case .failure(let failure):
                result.failures.append((participant.name, .roundTrip, failure))
                result.outcomes.append(.failure(.roundTrip, participant.name, failure, stage: .decode))
                result.discrepancies.append(Discrepancy(
                    kind: .roundTripLoss, check: .roundTrip, path: failure.path,
                    schemaType: schema.fieldType(at: failure.path)?.description,
                    foundKind: stored.value(at: failure.path)?.kind.rawValue ?? "absent",
                    outcomes: [MapperOutcome(mapper: participant.name, failure: failure)]))
            case .success(let back):
                guard let difference = ValueDifference.between(model, back, schema: schema) else {
                    result.outcomes.append(.value(.roundTrip, participant.name))
                    continue
                }
                result.outcomes.append(MapperCheckOutcome(check: .roundTrip, mapper: participant.name,
                                                          result: MapperCheckOutcome.changed, path: difference.path.description))
                // A lenient mapper that put a default where it could not read its own output
                // has said so: that is a silent default, not a separate loss.
                let defaulted = decoded.silentDefaults.contains {
                    $0.path.isPrefix(of: difference.path) || difference.path.isPrefix(of: $0.path)
                }
                result.discrepancies.append(Discrepancy(
                    kind: defaulted ? .silentDefault : .roundTripLoss, check: .roundTrip, path: difference.path,
                    schemaType: schema.fieldType(at: difference.path)?.description,
                    foundKind: stored.value(at: difference.path)?.kind.rawValue ?? "absent",
                    outcomes: [MapperOutcome(mapper: participant.name, rendering: "\(difference.before) came back as \(difference.after)")],
                    before: difference.before, after: difference.after))
            }
        }
        return result
    }

    private func outcome(_ name: String, _ result: Result<ModelValue, MappingFailure>) -> MapperOutcome {
        switch result {
        case .success(let value): return MapperOutcome(mapper: name, rendering: value.description)
        case .failure(let failure): return MapperOutcome(mapper: name, failure: failure)
        }
    }

    private func storedOutcome(_ name: String, _ result: Result<FirestoreMap, MappingFailure>) -> MapperOutcome {
        switch result {
        case .success(let map): return MapperOutcome(mapper: name, rendering: map.description)
        case .failure(let failure): return MapperOutcome(mapper: name, failure: failure)
        }
    }
}

extension MappingFailure {
    /// Where two disagreeing failures are reported: the earlier path, or the only real one
    /// when one failure carries no path.
    static func disagreementPath(_ a: MappingFailure, _ b: MappingFailure) -> ValuePath {
        switch (a.hasPath, b.hasPath) {
        case (true, false): return a.path
        case (false, true): return b.path
        default: return min(a.path, b.path)
        }
    }
}

extension ValuePath: Comparable {
    /// Shorter paths first, then component by component (keys by UTF-8 bytes, before indexes).
    public static func < (lhs: ValuePath, rhs: ValuePath) -> Bool {
        for (a, b) in zip(lhs.components, rhs.components) where a != b {
            switch (a, b) {
            case let (.key(x), .key(y)): return x.utf8.lexicographicallyPrecedes(y.utf8)
            case let (.index(x), .index(y)): return x < y
            case (.key, .index): return true
            case (.index, .key): return false
            }
        }
        return lhs.components.count < rhs.components.count
    }
}
