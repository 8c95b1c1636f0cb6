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

extension JournalExample {
    /// Reads an `example` object (see `JournalFormat`; `JournalFormat.encodeExample` writes it)
    /// on journal line `line`; errors name the member path from `object`'s (`example.outcomes[1].mapper`).
    package init(_ object: JSONObject, line: Int) throws(JSONObjectError) {
        let path = try object.string("path")
        var components = ValuePath.root
        if let value = object.nonNull("components") {
            do {
                components = try JournalFormat.decodePath(value)
            } catch {
                throw object.error(at: "components", error.message)
            }
        }
        let firestorePath = try object.optionalString("firestorePath")
        let schemaPath = try object.string("schemaPath")
        let leafType = try object.optionalString("leafType")
        let wrapper = try object.optionalString("wrapper")
        let container = try object.string("container")
        let held = try JournalLeaf(try object.object("held"))
        let input = try object.optionalObject("input").map(JournalLeaf.init)
        let outcomes = try object.objects("outcomes").map(JournalOutcome.init)
        var cells: [GridCell] = []
        for (index, token) in try object.optionalStrings("cells").enumerated() {
            guard let cell = GridCell(token: token) else {
                throw JSONObjectError(path: "\(object.path(of: "cells"))[\(index)]", line: object.line, message: "\(JSONObject.quoted(token)) is not a grid cell")
            }
            cells.append(cell)
        }
        let caseObject = try object.object("case")
        let stored = try StoredCase(caseObject)
        let caseJSON = CaseJSON(schema: try caseObject.required("schema"), document: caseObject.nonNull("document"),
                                model: caseObject.nonNull("model"), documentText: try caseObject.optionalString("documentText"))
        self.init(line: line, path: path, components: components, firestorePath: firestorePath, schemaPath: schemaPath,
                  leafType: leafType, wrapper: wrapper, container: container, held: held, input: input,
                  outcomes: outcomes, cells: cells, stored: stored, caseJSON: caseJSON)
    }
}

extension JournalOutcome {
    /// Reads an `outcomes` element of an example (see `JournalFormat`).
    package init(_ object: JSONObject) throws(JSONObjectError) {
        var failure: Failure?
        if let failed = try object.optionalObject("failure") {
            failure = Failure(kind: try failed.string("kind"), path: try failed.string("path"), hasPath: try failed.bool("hasPath"),
                              expected: try failed.optionalString("expected"), found: try failed.optionalString("found"),
                              message: try failed.string("message"))
        }
        self.init(mapper: try object.string("mapper"), result: try object.string("result"), words: try object.string("words"),
                  failure: failure, leaf: try object.optionalObject("leaf").map(JournalLeaf.init))
    }
}
