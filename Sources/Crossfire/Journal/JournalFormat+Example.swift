import FirestoreJSON
import FirestoreModel
import ModelSchema

extension JournalFormat {
    /// The `example` object of a finding (see `JournalFormat`).
    public static func encodeExample(_ finding: Finding) throws -> FirestoreValue {
        let discrepancy = finding.discrepancy
        let schema = finding.testCase.schema
        var map = FirestoreMap()
        map["check"] = .string(discrepancy.check.rawValue)
        map["kind"] = .string(discrepancy.kind.rawValue)
        map["path"] = .string(discrepancy.path.description)
        map["components"] = encodePath(discrepancy.path)
        map["firestorePath"] = .string(discrepancy.path.firestoreFieldPath)
        map["schemaPath"] = .string(schema.schemaPath(of: discrepancy.path))
        map["leafType"] = discrepancy.facts.type.map { .string($0.description) } ?? .null
        map["wrapper"] = discrepancy.facts.wrapper.map { .string($0.rawValue) } ?? .null
        map["container"] = .string(discrepancy.facts.container.rawValue)
        map["held"] = encodeLeaf(discrepancy.facts.held)
        map["input"] = discrepancy.input.map(encodeLeaf) ?? .null
        map["outcomes"] = .array(discrepancy.outcomes.map(encodeOutcome))
        map["cells"] = .array(CaseCoverage(schema: schema).cells(of: discrepancy, faults: finding.testCase.faults).map { .string($0.token) })
        map["case"] = try encodeCase(finding.testCase)
        return .map(map)
    }

    /// A leaf value: `{"absent": true}`, `{"stored": <REST JSON value>}` (`{"storedText": …}`
    /// when REST JSON cannot express it), or `{"model": <ModelValueCoding>}`.
    public static func encodeLeaf(_ leaf: LeafValue) -> FirestoreValue {
        switch leaf {
        case .absent:
            return .map(["absent": .boolean(true)])
        case .stored(let value):
            do {
                let rest = try RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact)).write(value)
                return .map(["stored": try PlainJSONReader().readValue(from: rest)])
            } catch {
                return .map(["storedText": .string(value.description)])
            }
        case .model(let value):
            return .map(["model": ModelValueCoding.encode(value)])
        }
    }

    private static func encodeOutcome(_ outcome: MapperOutcome) -> FirestoreValue {
        var map = FirestoreMap()
        map["mapper"] = .string(outcome.mapper)
        map["result"] = .string(outcome.result.token)
        map["words"] = .string(outcome.result.description)
        map["failure"] = outcome.failure.map { failure in
            .map([
                "kind": .string(failure.kind.rawValue), "path": .string(failure.path.description),
                "components": encodePath(failure.path),
                "expected": failure.expected.map(FirestoreValue.string) ?? .null, "found": failure.found.map(FirestoreValue.string) ?? .null,
                "message": .string(failure.message), "hasPath": .boolean(failure.hasPath),
            ])
        } ?? .null
        map["leaf"] = outcome.leaf.map(encodeLeaf) ?? .null
        return .map(map)
    }
}
