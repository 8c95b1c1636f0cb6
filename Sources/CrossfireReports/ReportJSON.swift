import Crossfire
import FirestoreJSON
import FirestoreModel

/// `report.json`: a report as JSON, written through jansson (`PlainJSONWriter`) with sorted keys
/// and a two-space indent, so two reports of one journal are byte-identical. Version 1:
///
/// - `report` — the format version, `1`.
/// - `run` — how the run was made: `seed` (decimal string or null), `profile`, `mappers` (the
///   reference first), `cases` and `timeLimitSeconds` (the limits asked for, or null).
/// - `status` — how it ended: `state` (`completed`, `interrupted` — Ctrl-C, a summary was
///   written —, `killed` — no summary —, `truncated` — no summary and an unfinished last line,
///   skipped), `finished` (a summary was written), `truncatedLine` (or null), `explanation`.
/// - `totals` — `cases` and `elapsedSeconds` (null without a summary), `findings`,
///   `unexpected`, `expected`, `shrunk`, `byKind` (`{kind: count}`), `censusFailures` (all
///   failures counted in the census, null without a summary).
/// - `findings` — unexpected findings first, then expected ones, each group by id; each:
///   `id`, `line` (of its record in the journal), `kind`, `check`, `signature`, `expected`,
///   `explanation` (`{id, reason}` of its allowlist entry, or null), `path` (the coding path,
///   `tags[2].color`), `firestorePath`, `schemaPath`, `schemaType`, `foundKind`, `outcomes`
///   (per mapper, reference first: `mapper`, `result` — `value` or a failure kind —, `path`,
///   `expected`, `found`, `message`, `value`; null where the mapper gave none), `before` and
///   `after` (model values in `ModelValueCoding`'s form, or null), `case`, `shrunk` (bool),
///   `shrink` (`{choicesBefore, choicesAfter, steps, timedOut}` when shrunk, else null),
///   `notShrunkReason` (why the case is the original one, else null; a hang is never shrunk),
///   `occurrences` (how often the signature was seen, null without a summary) and
///   `reproduce` (the command that replays it, or null).
/// - A `case` is the journal's (minimized when `shrunk`): `schema` (the schema's JSON form),
///   `document` (REST JSON `{"fields": …}`, or null), `documentError` and `documentText` (when
///   the document could not be stored as REST JSON, else null), `model`, `reference`,
///   `faults`, `seed`, `caseIndex`, `choices`.
/// - `census` — every failure signature, most frequent first: `signature`, `kind` (the failure
///   kind), `kindDescription` (`type mismatch`, `missing key`, `nil value`, `corrupted data`,
///   `invalid value`, `write rejected`, `unexpected error`), `count`, `examplePath`; null when
///   the run wrote no summary.
/// - `setupFailures` — cases whose mappers could not be prepared, with why.
public enum ReportJSON {
    /// The options the report is written with.
    public static let options = JSONWriteOptions(sortedKeys: true, layout: .indented(2), maximumDepth: JSONReadOptions.depthCeiling)

    /// The report as a plain-JSON value.
    public static func value(of report: Report) -> FirestoreValue {
        var map = FirestoreMap()
        map["report"] = .integer(Report.version)
        map["run"] = .map([
            "seed": optional(report.run.seed.map { String($0) }), "profile": .string(report.run.profile),
            "mappers": .array(report.run.mappers.map(FirestoreValue.string)),
            "cases": optional(report.run.cases), "timeLimitSeconds": optional(report.run.timeLimitSeconds),
        ])
        map["status"] = .map([
            "state": .string(report.status.state.rawValue), "finished": .boolean(report.status.finished),
            "truncatedLine": optional(report.status.truncatedLine), "explanation": .string(report.status.explanation),
        ])
        let totals = report.totals
        map["totals"] = .map([
            "cases": optional(totals.cases), "elapsedSeconds": totals.elapsedSeconds.map(FirestoreValue.double) ?? .null,
            "findings": integer(totals.findings), "unexpected": integer(totals.unexpected), "expected": integer(totals.expected),
            "shrunk": integer(totals.shrunk), "byKind": .map(FirestoreMap(totals.byKind.map { ($0.key, integer($0.value)) })),
            "censusFailures": optional(totals.censusFailures),
        ])
        map["findings"] = .array(report.findings.map(finding))
        map["census"] = report.census.map { .array($0.map(censusEntry)) } ?? .null
        map["setupFailures"] = .array(report.setupFailures.map(FirestoreValue.string))
        return .map(map)
    }

    /// The bytes of `report.json` (ending with a newline).
    /// - Throws: `FirestoreJSONError` when a value cannot be written (nesting beyond jansson's
    ///   ceiling).
    public static func bytes(of report: Report) throws(FirestoreJSONError) -> [UInt8] {
        try PlainJSONWriter(options: options).write(value(of: report)) + [0x0A]
    }

    private static func finding(_ finding: ReportFinding) -> FirestoreValue {
        var map = FirestoreMap()
        map["id"] = integer(finding.id)
        map["line"] = integer(finding.line)
        map["kind"] = .string(finding.kind.rawValue)
        map["check"] = .string(finding.check.rawValue)
        map["signature"] = .string(finding.signature)
        map["expected"] = .boolean(finding.expected)
        map["explanation"] = finding.explanation.map { .map(["id": .string($0.id), "reason": .string($0.reason)]) } ?? .null
        map["path"] = .string(finding.path)
        map["firestorePath"] = optional(finding.firestorePath)
        map["schemaPath"] = .string(finding.schemaPath)
        map["schemaType"] = optional(finding.schemaType)
        map["foundKind"] = optional(finding.foundKind)
        map["outcomes"] = .array(finding.outcomes.map(outcome))
        map["before"] = finding.before ?? .null
        map["after"] = finding.after ?? .null
        map["case"] = testCase(finding.testCase)
        switch finding.shrink {
        case .shrunk(let summary):
            map["shrunk"] = .boolean(true)
            map["shrink"] = .map([
                "choicesBefore": integer(summary.choicesBefore), "choicesAfter": integer(summary.choicesAfter),
                "steps": integer(summary.steps), "timedOut": .boolean(summary.timedOut),
            ])
            map["notShrunkReason"] = .null
        case .notShrunk(let reason):
            map["shrunk"] = .boolean(false)
            map["shrink"] = .null
            map["notShrunkReason"] = .string(reason)
        }
        map["occurrences"] = optional(finding.occurrences)
        map["reproduce"] = optional(finding.reproduce)
        return .map(map)
    }

    private static func outcome(_ outcome: ReportOutcome) -> FirestoreValue {
        .map([
            "mapper": .string(outcome.mapper), "result": .string(outcome.result), "path": optional(outcome.path),
            "expected": optional(outcome.expected), "found": optional(outcome.found), "message": optional(outcome.message),
            "value": optional(outcome.value),
        ])
    }

    private static func testCase(_ testCase: ReportCase) -> FirestoreValue {
        .map([
            "schema": testCase.schema, "document": testCase.document ?? .null,
            "documentError": optional(testCase.documentError), "documentText": optional(testCase.documentText),
            "model": testCase.model ?? .null, "reference": optional(testCase.reference),
            "faults": .array(testCase.faults.map(FirestoreValue.string)), "seed": optional(testCase.seed),
            "caseIndex": optional(testCase.caseIndex), "choices": optional(testCase.choices),
        ])
    }

    private static func censusEntry(_ entry: CensusEntry) -> FirestoreValue {
        .map([
            "signature": .string(entry.signature), "kind": .string(entry.kind.rawValue),
            "kindDescription": .string(entry.kindDescription), "count": integer(entry.count),
            "examplePath": .string(entry.examplePath),
        ])
    }

    private static func integer(_ number: Int) -> FirestoreValue { .integer(Int64(number)) }

    private static func optional(_ number: Int?) -> FirestoreValue { number.map(integer) ?? .null }

    private static func optional(_ text: String?) -> FirestoreValue { text.map(FirestoreValue.string) ?? .null }
}
