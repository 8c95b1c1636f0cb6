import Crossfire
import FirestoreJSON
import FirestoreModel

/// `legacy-check.json`: a `LegacyMapperCheck` run's report as JSON, written through jansson
/// with sorted keys (two writes of one report are byte-identical). Version 1:
///
/// - `legacyCheck` (1), `cases`, `faultyCases`, `seed` (a decimal string), `clean` (bool);
/// - `findings`, in the order first found: `signature` (`kind at path`), `kind`
///   (`legacyAcceptsInvalid`, `legacyRejectsValid`, `differentValues`, `differentEncodings`,
///   `legacyRoundTrip`, `codableRoundTrip`), `path` (a coding or field path, `""` for the
///   document), `detail`, `occurrences`, and `example`, the smallest case showing it:
///   `choices` (a `ChoiceSequence` text, replayed by `LegacyMapperCheck.check(choices:)`),
///   `reference` (a document path or null), `document` (the stored document as Firestore REST
///   JSON, `{"fields": …}`; a document REST JSON cannot hold has null here and `documentText`),
///   `documentText` (null unless `document` is), `faults` (strings; empty for a valid
///   document), `codableOutcome`, `legacyOutcome`, and `disagreements` (every disagreement of
///   the case: `kind`, `path`, `detail`).
public enum LegacyCheckJSON {
    /// The format version.
    public static let version: Int64 = 1

    /// The report as a plain-JSON value.
    public static func value(of report: LegacyCheckReport) -> FirestoreValue {
        .map([
            "legacyCheck": .integer(version), "cases": .integer(Int64(report.cases)), "faultyCases": .integer(Int64(report.faultyCases)),
            "seed": .string(String(report.seed)), "clean": .boolean(report.isClean),
            "findings": .array(report.findings.map(finding)),
        ])
    }

    /// The bytes of `legacy-check.json` (ending with a newline).
    /// - Throws: `FirestoreJSONError` when a value cannot be written (nesting beyond jansson's
    ///   ceiling).
    public static func bytes(of report: LegacyCheckReport) throws(FirestoreJSONError) -> [UInt8] {
        try PlainJSONWriter(options: ReportJSON.options).write(value(of: report)) + [0x0A]
    }

    private static func finding(_ finding: LegacyCheckFinding) -> FirestoreValue {
        var map = disagreement(finding.disagreement)
        map["signature"] = .string(finding.signature)
        map["occurrences"] = .integer(Int64(finding.occurrences))
        map["example"] = example(finding.example)
        return .map(map)
    }

    private static func disagreement(_ disagreement: LegacyDisagreement) -> FirestoreMap {
        ["kind": .string(disagreement.kind.rawValue), "path": .string(disagreement.path.description), "detail": .string(disagreement.detail)]
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
