import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema

/// The journal: one JSON object per line (JSON Lines), appended as a campaign runs, from which
/// every report can be rebuilt. Version 1; every line has `"journal": 1` and a `"record"`:
///
/// - `run` — first line: `seed`, `profile`, `mappers`, `cases`, `timeLimitSeconds`.
/// - `finding` — written the moment a new signature is found, before it is shrunk: `id` (1, 2,
///   …), `kind`, `check`, `signature`, `expected` (bool), `explanation` (`{id, reason}` or
///   null), `path` (`tags[2].color`), `firestorePath`, `schemaPath`, `schemaType`, `foundKind`,
///   `outcomes` (per mapper: `mapper`, `result` — `value` or a failure kind —, `path`,
///   `expected`, `found`, `message`, `value`), `before`/`after` (model values, see
///   `ModelValueCoding`, or null), `case`, and `reproduce` (the command that replays it).
/// - `shrunk` — the same finding after shrinking (same `id`), with `shrink`: `choicesBefore`,
///   `choicesAfter`, `steps`, `timedOut`. A `crash` finding of an isolated run (`crossfire run
///   --isolate`: a worker process died of a signal) is shrunk by running each candidate in a
///   worker of its own; one for a worker killed for making no progress (a hang) has no
///   `shrunk` line, since every candidate would cost the whole case timeout.
/// - `summary` — last line of a run that ended normally: `cases`, `elapsedSeconds`,
///   `occurrences` (`{signature: count}`), `census` (every failure signature with `count`,
///   `kind` and an example `path`), `stopped` (`completed`, `interrupted`).
///
/// A `case` holds `schema` (the schema's JSON form), `reference` (a document path or null),
/// `document` (a REST document, `{"fields": …}`, or null; a document REST JSON cannot express
/// has `documentError` and `documentText` instead), `model` (a model value or null),
/// `faults` (strings), `seed` (decimal string or null), `caseIndex`, `choices` (a
/// `ChoiceSequence` text or null).
///
/// Lines are written with sorted keys and no timing except `elapsedSeconds`, so two runs with
/// the same seed and options write the same journal but for that number.
public enum JournalFormat {
    /// The format version.
    public static let version: Int64 = 1

    /// A malformed journal line or case.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, and where.
        public let message: String
        public var description: String { "journal: \(message)" }
    }

    /// The `case` object of a case record.
    public static func encodeCase(_ record: CaseRecord) throws -> FirestoreValue {
        var map = FirestoreMap()
        map["schema"] = try PlainJSONReader().readValue(from: record.schema.jsonData())
        map["reference"] = record.reference.map { .string($0.path) } ?? .null
        map["document"] = .null
        if let document = record.document {
            do {
                let rest = try RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact)).write(RESTDocument(fields: document))
                map["document"] = try PlainJSONReader().readValue(from: rest)
            } catch {
                // A faulty document can hold what REST JSON cannot (an out-of-range timestamp):
                // keep its rendering; the case still replays from its choices.
                map["documentError"] = .string("\(error)")
                map["documentText"] = .string(document.description)
            }
        }
        map["model"] = record.model.map(ModelValueCoding.encode) ?? .null
        map["faults"] = .array(record.faults.map(FirestoreValue.string))
        map["seed"] = record.seed.map { .string(String($0)) } ?? .null
        map["caseIndex"] = record.caseIndex.map { .integer(Int64($0)) } ?? .null
        map["choices"] = record.choices.map { .string(ChoiceSequence($0).text) } ?? .null
        return .map(map)
    }

    /// Reads a `case` object back.
    public static func decodeCase(_ value: FirestoreValue) throws -> CaseRecord {
        guard case .map(let map) = value, let schemaValue = map["schema"] else { throw Error(message: "a case needs a schema") }
        let schema = try ModelSchema(json: Data(try PlainJSONWriter(options: JSONWriteOptions(layout: .compact)).write(schemaValue)))
        var reference: DocumentReference?
        if case .string(let path)? = map["reference"] { reference = try DocumentReference(path: path) }
        var document: FirestoreMap?
        if let documentValue = map["document"], documentValue != .null {
            let rest = try PlainJSONWriter(options: JSONWriteOptions(layout: .compact)).write(documentValue)
            document = try RESTJSONReader().readDocument(from: rest).fields
        }
        var model: ModelValue?
        if let modelValue = map["model"], modelValue != .null { model = try ModelValueCoding.decode(modelValue).inDeclarationOrder(of: schema) }
        var faults: [String] = []
        if case .array(let values)? = map["faults"] {
            for case .string(let fault) in values { faults.append(fault) }
        }
        var seed: UInt64?
        if case .string(let text)? = map["seed"] { seed = UInt64(text) }
        var caseIndex: Int?
        if case .integer(let index)? = map["caseIndex"] { caseIndex = Int(exactly: index) }
        var choices: [UInt64]?
        if case .string(let text)? = map["choices"] { choices = try ChoiceSequence(text: text).choices }
        return CaseRecord(schema: schema, reference: reference, document: document, model: model, faults: faults,
                          seed: seed, caseIndex: caseIndex, choices: choices)
    }

    /// A `finding` or `shrunk` line's object.
    public static func encodeFinding(_ finding: Finding, id: Int, record: String, reproduce: String) throws -> FirestoreValue {
        let discrepancy = finding.discrepancy
        var map = FirestoreMap()
        map["journal"] = .integer(version)
        map["record"] = .string(record)
        map["id"] = .integer(Int64(id))
        map["kind"] = .string(discrepancy.kind.rawValue)
        map["check"] = .string(discrepancy.check.rawValue)
        map["signature"] = .string(finding.signature)
        map["expected"] = .boolean(finding.isExpected)
        map["explanation"] = finding.explanation.map { .map(["id": .string($0.id), "reason": .string($0.reason)]) } ?? .null
        map["path"] = .string(discrepancy.path.description)
        map["firestorePath"] = .string(discrepancy.path.firestoreFieldPath)
        map["schemaPath"] = .string(finding.testCase.schema.schemaPath(of: discrepancy.path))
        map["schemaType"] = discrepancy.schemaType.map(FirestoreValue.string) ?? .null
        map["foundKind"] = discrepancy.foundKind.map(FirestoreValue.string) ?? .null
        map["outcomes"] = .array(discrepancy.outcomes.map(encodeOutcome))
        map["before"] = discrepancy.before.map(ModelValueCoding.encode) ?? .null
        map["after"] = discrepancy.after.map(ModelValueCoding.encode) ?? .null
        map["case"] = try encodeCase(finding.testCase)
        map["reproduce"] = .string(reproduce)
        if let shrink = finding.shrink {
            map["shrink"] = .map([
                "choicesBefore": .integer(Int64(shrink.choicesBefore)), "choicesAfter": .integer(Int64(shrink.choicesAfter)),
                "steps": .integer(Int64(shrink.steps)), "timedOut": .boolean(shrink.timedOut),
            ])
        }
        return .map(map)
    }

    private static func encodeOutcome(_ outcome: MapperOutcome) -> FirestoreValue {
        var map = FirestoreMap()
        map["mapper"] = .string(outcome.mapper)
        map["result"] = .string(outcome.label)
        if let failure = outcome.failure {
            map["path"] = .string(failure.path.description)
            map["expected"] = failure.expected.map(FirestoreValue.string) ?? .null
            map["found"] = failure.found.map(FirestoreValue.string) ?? .null
            map["message"] = .string(failure.message)
        }
        if let rendering = outcome.rendering { map["value"] = .string(rendering) }
        return .map(map)
    }

    /// One line of JSON text (no newline) for a record.
    public static func line(_ value: FirestoreValue) throws -> [UInt8] {
        try PlainJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact, maximumDepth: 2000)).write(value)
    }
}
