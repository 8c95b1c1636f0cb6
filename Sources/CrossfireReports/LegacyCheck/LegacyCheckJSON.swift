import Crossfire
import FirestoreJSON
import FirestoreModel

/// `legacy-check.json`: a `LegacyMapperCheck` run's report as JSON, written through jansson
/// with sorted keys (two writes of one report are byte-identical). Version 2:
///
/// - `legacyCheck` (2), `model` (the model type's name), `cases`, `faultyCases`, `seed` (a
///   decimal string), `clean` (bool), `isolationProblem` (why the cases ran in the test's
///   process although a child process was asked for, or null), `summary` (the lines
///   `LegacyCheckReport.summary` prints);
/// - `findings` (the unexpected classes) and `expected` (the classes the allowlist explains),
///   each in the order first found, each class: `class` (`field: cause`), `cause` (a
///   `LegacyCause` case), `title` (the cause in words), `field` (a schema path such as
///   `tags[].color`; for a legacy read that gives up, the top-level fields whose change makes it
///   read, `bio, age`, and `(root)` only when no change tried does; for a crash the legacy call), `explainedBy`
///   (an allowlist id or null), `reason` (its reason or null), `hint` (the usual fix),
///   `occurrences` (cases), `checks` (each check that saw it — `legacyAcceptsInvalid`,
///   `legacyRejectsValid`, `differentValues`, `differentEncodings`, `legacyRoundTrip`,
///   `codableRoundTrip`, `legacyCrash` — with how many disagreements), `sameCaseAs` (the number,
///   1-based over `findings` then `expected`, of an earlier class with the same smallest case, or
///   null), `disagreement` (as its smallest case shows it), and `example`, the smallest case:
///   `choices` (a `ChoiceSequence` text, replayed by `LegacyMapperCheck.check(choices:)`),
///   `reference` (a document path or null), `document` (the stored document as Firestore REST
///   JSON, `{"fields": …}`; a document REST JSON cannot hold has null here and `documentText`),
///   `documentText` (null unless `document` is), `faults` (strings; empty for a valid
///   document), `codableOutcome`, `legacyOutcome`, and `disagreements` (every disagreement of
///   the case).
/// - A disagreement: `kind` (the check), `path` (a coding or field path, `""` for the
///   document), `field`, `cause`, `detail`, `hint`, `explainedBy` (an allowlist id or null).
package enum LegacyCheckJSON {
    /// The format version.
    package static let version: Int64 = 2

    /// The report as a plain-JSON value.
    package static func value(of report: LegacyCheckReport) -> FirestoreValue {
        .map([
            "legacyCheck": .integer(version), "model": .string(report.modelName), "cases": .integer(Int64(report.cases)),
            "faultyCases": .integer(Int64(report.faultyCases)), "seed": .string(String(report.seed)), "clean": .boolean(report.isClean),
            "isolationProblem": report.isolationProblem.map(FirestoreValue.string) ?? .null,
            "summary": .array(report.summary.split(separator: "\n").map { .string(String($0)) }),
            "findings": .array(report.findings.map { finding($0, reasons: report.reasons) }),
            "expected": .array(report.expected.map { finding($0, reasons: report.reasons) }),
        ])
    }

    /// The bytes of `legacy-check.json` (ending with a newline).
    /// - Throws: `FirestoreJSONError` when a value cannot be written (nesting beyond jansson's
    ///   ceiling).
    package static func bytes(of report: LegacyCheckReport) throws(FirestoreJSONError) -> [UInt8] {
        try PlainJSONWriter(options: ReportJSON.options).write(value(of: report)) + [0x0A]
    }

    private static func finding(_ finding: LegacyCheckFinding, reasons: [String: String]) -> FirestoreValue {
        let findingClass = finding.findingClass
        return .map([
            "class": .string(findingClass.description), "cause": .string(findingClass.cause.rawValue), "title": .string(findingClass.cause.title),
            "field": .string(findingClass.field), "explainedBy": findingClass.explainedBy.map(FirestoreValue.string) ?? .null,
            "reason": findingClass.explainedBy.flatMap { reasons[$0] }.map(FirestoreValue.string) ?? .null,
            "hint": .string(finding.hint), "occurrences": .integer(Int64(finding.occurrences)),
            "checks": .map(FirestoreMap(finding.checks.sorted { $0.key < $1.key }.map { ($0.key.rawValue, FirestoreValue.integer(Int64($0.value))) })),
            "sameCaseAs": finding.sameCaseAs.map { .integer(Int64($0)) } ?? .null,
            "disagreement": .map(disagreement(finding.disagreement)), "example": example(finding.example),
        ])
    }

    private static func disagreement(_ disagreement: LegacyDisagreement) -> FirestoreMap {
        [
            "kind": .string(disagreement.kind.rawValue), "path": .string(disagreement.path.description), "field": .string(disagreement.field),
            "cause": .string(disagreement.cause.rawValue), "detail": .string(disagreement.detail), "hint": .string(disagreement.hint),
            "explainedBy": disagreement.explainedBy.map(FirestoreValue.string) ?? .null,
        ]
    }

    private static func example(_ example: LegacyCheckCase) -> FirestoreValue {
        let document = storedDocument(example.document)
        return .map([
            "choices": .string(ChoiceSequence(example.choices).text), "reference": example.reference.map { .string($0.path) } ?? .null,
            "document": document ?? .null, "documentText": document == nil ? .string(example.document.description) : .null,
            "faults": .array(example.faults.map { .string($0.description) }),
            "codableOutcome": .string(example.codableOutcome), "legacyOutcome": .string(example.legacyOutcome),
            "disagreements": .array(example.disagreements.map { .map(disagreement($0)) }),
        ])
    }

    /// The document as REST JSON in plain-JSON form, or nil when REST JSON cannot hold it (an
    /// injected out-of-range timestamp).
    private static func storedDocument(_ document: FirestoreMap) -> FirestoreValue? {
        let writer = RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact))
        guard let bytes = try? writer.write(RESTDocument(fields: document)) else { return nil }
        return try? PlainJSONReader().readValue(from: bytes)
    }
}
