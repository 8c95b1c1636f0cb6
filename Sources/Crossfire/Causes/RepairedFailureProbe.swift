import FirestoreModel
import ModelSchema

/// The repair probe of `CauseResolver`, for an encode: when the departing mapper and the
/// reference fail at two different places, neither outcome at the leaf says what the departing
/// mapper does — one of them stopped before it met the other's place (a NaN the departing
/// encoder lets through, found refused by the write path at a date further on). The probe
/// puts the simplest value of its type at the departing mapper's own failure place and encodes
/// again: what the departing mapper then does where the reference fails is the finding whose
/// cause this one has.
struct RepairedFailureProbe {
    /// The run's mappers and storage.
    let runner: CaseRunner
    /// The case probed (its model is what was encoded).
    let record: CaseRecord
    /// The departing mapper's outcome.
    let departing: MapperOutcome
    /// The outcome of the mapper it departs from.
    let reference: MapperOutcome

    /// How many failure places of the departing mapper the probe repairs before it gives up.
    private static let repairs = 6

    /// The encode disagreement at the reference's failure place once each place the departing
    /// mapper fails at holds the simplest value of its type, with the case that shows it and the
    /// probe's note; nil when the two do not fail at two places, or nothing parts them there then.
    func repairedDiscrepancy() -> (discrepancy: Discrepancy, record: CaseRecord, note: String)? {
        guard let mine = departing.failure, let theirs = reference.failure, mine.hasPath, theirs.hasPath,
              mine.leafPath != theirs.leafPath, var repaired = record.model else { return nil }
        let specs = [reference.mapper, departing.mapper].compactMap { name in runner.mappers.first { $0.name == name } }
        guard specs.count == 2, let differ = try? ProbeDiffer(runner: runner, record: record, specs: specs) else { return nil }
        let place = theirs.leafPath
        var places: [ValuePath] = []
        var failure: MappingFailure? = mine
        while let at = failure, at.hasPath, at.leafPath != place, !places.contains(at.leafPath), places.count < Self.repairs {
            guard let (steps, type, held) = Self.steps(to: at.leafPath, in: repaired, schema: record.schema),
                  let simplest = ModelValueEdits.simpler(replacing: held, type: type, schema: record.schema).first,
                  let edited = ModelValueEdits.apply(.replace(steps, simplest), to: repaired) else { return nil }
            repaired = edited
            places.append(at.leafPath)
            guard case .failure(let next)? = differ.differ.storedDocuments(repaired).last else { break }
            failure = next
        }
        guard !places.isEmpty else { return nil }
        var probeRecord = record
        probeRecord.model = repaired
        let found = differ.differ.checkEncode(repaired).discrepancies.filter { $0.path == place || place.isPrefix(of: $0.path) }
        guard let discrepancy = found.first(where: { !Finding(discrepancy: $0, testCase: probeRecord, allowlist: runner.allowlist).isExpected })
        else { return nil }
        let repairedPlaces = places.map(\.description).joined(separator: ", ")
        return (discrepancy, probeRecord,
                "with the simplest value at \(repairedPlaces), where \(departing.mapper) failed: it parts from \(reference.mapper) at \(discrepancy.path), where \(reference.mapper) fails")
    }

    /// The steps into `value` (of the root struct of `schema`) to the part at a coding path,
    /// with that part's declared type and value; nil when the path leads nowhere in it.
    static func steps(to path: ValuePath, in value: ModelValue, schema: ModelSchema) -> ([ModelValueEdits.Step], FieldType, ModelValue)? {
        var steps: [ModelValueEdits.Step] = []
        var (current, type) = (value, FieldType.structure(schema.root))
        for component in path.components {
            switch (current, type.unwrapped, component) {
            case let (.structure(fields), .structure(name), .key(key)):
                guard let declared = schema.structSchema(named: name)?.fields,
                      let position = declared.firstIndex(where: { ($0.codingKey ?? $0.name).utf8.elementsEqual(key.utf8) }),
                      fields.indices.contains(position) else { return nil }
                steps.append(.field(position))
                (current, type) = (fields[position].value, declared[position].type)
            case let (.array(values), .array(element), .index(index)), let (.set(values), .set(element), .index(index)):
                guard values.indices.contains(index) else { return nil }
                steps.append(.element(index))
                (current, type) = (values[index], element)
            case let (.dictionary(entries), .dictionary(keyType, valueType), .key(key)):
                guard let position = entries.firstIndex(where: { schema.storedKeyText($0.key, keyType: keyType).utf8.elementsEqual(key.utf8) })
                else { return nil }
                steps.append(.entryValue(position))
                (current, type) = (entries[position].value, valueType)
            default:
                return nil
            }
        }
        return (steps, type, current)
    }
}
