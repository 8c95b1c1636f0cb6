import FirestoreJSON
import FirestoreModel
import ModelSchema

extension JournalFormat {
    /// The `example` object of a finding (see `JournalFormat`).
    package static func encodeExample(_ finding: Finding) -> JSONText {
        let discrepancy = finding.discrepancy
        let schema = finding.testCase.schema
        let cells = CaseCoverage(schema: schema).cells(of: discrepancy, faults: finding.testCase.faults)
        return .object([
            ("check", .string(discrepancy.check.rawValue)), ("kind", .string(discrepancy.kind.rawValue)),
            ("path", .string(discrepancy.path.description)), ("components", encodePath(discrepancy.path)),
            ("firestorePath", .string(discrepancy.path.firestoreFieldPath)), ("schemaPath", .string(schema.schemaPath(of: discrepancy.path))),
            ("leafType", discrepancy.facts.type.map { .string($0.description) } ?? .null),
            ("wrapper", discrepancy.facts.wrapper.map { .string($0.rawValue) } ?? .null),
            ("container", .string(discrepancy.facts.container.rawValue)),
            ("held", encodeLeaf(discrepancy.facts.held)), ("input", discrepancy.input.map(encodeLeaf) ?? .null),
            ("outcomes", .array(discrepancy.outcomes.map(encodeOutcome))),
            ("cells", .array(cells.map { .string($0.token) })),
            ("case", encodeCase(finding.testCase)),
        ])
    }

    /// A leaf value: `{"absent": true}`, `{"stored": <REST JSON value>}` (`{"storedText": …}`
    /// when REST JSON cannot express it), or `{"model": <ModelValueCoding>}`.
    package static func encodeLeaf(_ leaf: LeafValue) -> JSONText {
        switch leaf {
        case .absent:
            return .object([("absent", .boolean(true))])
        case .stored(let value):
            do {
                let rest = try RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact)).write(value)
                return .object([("stored", JSONText(raw: rest))])
            } catch {
                return .object([("storedText", .string(value.description))])
            }
        case .model(let value):
            return .object([("model", .value(ModelValueCoding.encode(value)))])
        }
    }

    private static func encodeOutcome(_ outcome: MapperOutcome) -> JSONText {
        .object([
            ("mapper", .string(outcome.mapper)), ("result", .string(outcome.result.token)), ("words", .string(outcome.result.description)),
            ("failure", outcome.failure.map { failure in
                .object([
                    ("kind", .string(failure.kind.rawValue)), ("path", .string(failure.path.description)),
                    ("components", encodePath(failure.path)),
                    ("expected", failure.expected.map(JSONText.string) ?? .null), ("found", failure.found.map(JSONText.string) ?? .null),
                    ("message", .string(failure.message)), ("hasPath", .boolean(failure.hasPath)),
                ])
            } ?? .null),
            ("leaf", outcome.leaf.map(encodeLeaf) ?? .null),
        ])
    }
}
