import Crossfire
import FirestoreJSON
import FirestoreModel

/// `survey.json`: a `CollectionSurvey` report as JSON, written through jansson with sorted keys
/// and a two-space indent (two writes of one report are byte-identical). Version 1:
///
/// - `survey` (1), `model` (the model type's name), `documents` (surveyed), `kept`, `dropped`,
///   `unreadableInputs`, `unreadableDocuments`, `summary` (the lines `crossfire survey` prints);
/// - `inputs`, in the order given: `name`, `form` (`document`, `listResponse`,
///   `runQueryResponse`, `documentEvent`, `bundle`; null when unreadable), `documents`,
///   `dropped`, `absent` (documents it names as deleted), `unreadableDocuments`, `error` (why
///   it could not be read, or null);
/// - `causes`, the most documents first: `key` (`field: kind, expected T, found F`), `kind` (a
///   `DecodingError` kind, or `invalidValue`/`unexpected`), `field` (the coding path generalised:
///   `hints[].text`, `(root)`), `expected` (the Swift type), `found` (`a string`, `null`,
///   `nothing`, …), `hint` (the usual fix), `count`, `documents` (their names, in survey
///   order), `example` and `handMappers`;
/// - an `example`: `document` (its name), `input`, `location` (a JSON pointer into the input),
///   `element` (the bundle element, or null), `path` (the field exactly: `hints[1].text`),
///   `value` (what the document held there as a REST `Value`, or null for nothing), `message`
///   (the Codable error's), `restDocument` (the document as REST JSON), `strict` and
///   `lenient` (what each hand mapper did with it, or null without a schema);
/// - `handMappers` (on a cause's documents) and `handMappersOnKept` (on the documents Codable
///   keeps), null when the hand mappers did not run: `documents`, `strictAccepts`,
///   `strictRejectsAlike` (the Codable error's kind at its path), `strictRejections` and
///   `lenientDefaults` (`[{text, count}]`, most first), `lenientWithDefaults` (documents);
/// - `handMapperProblem` (why the hand mappers did not run, or null);
/// - `unreadable`, in the order met: `input`, `location` (a JSON pointer, or null when the
///   input could not be opened), `element` (or null), `message`, `wholeInput`.
package enum SurveyJSON {
    /// The format version.
    package static let version: Int64 = 1

    /// The report as a plain-JSON value.
    package static func value(of report: SurveyReport) -> FirestoreValue {
        .map([
            "survey": .integer(version), "model": .string(report.model), "documents": count(report.documents),
            "kept": count(report.documents - report.dropped), "dropped": count(report.dropped),
            "unreadableInputs": count(report.unreadableInputs), "unreadableDocuments": count(report.unreadableDocuments),
            "summary": .array(report.summaryLines.map(FirestoreValue.string)),
            "inputs": .array(report.inputs.map(input)), "causes": .array(report.causes.map(cause)),
            "handMappersOnKept": report.handMappersOnKept.map(tally) ?? .null,
            "handMapperProblem": optional(report.handMapperProblem), "unreadable": .array(report.unreadable.map(unreadable)),
        ])
    }

    /// The bytes of `survey.json` (ending with a newline).
    /// - Throws: `FirestoreJSONError` when a value cannot be written (nesting beyond jansson's
    ///   ceiling).
    package static func bytes(of report: SurveyReport) throws(FirestoreJSONError) -> [UInt8] {
        try PlainJSONWriter(options: ReportJSON.options).write(value(of: report)) + [0x0A]
    }

    private static func input(_ input: SurveyInputSummary) -> FirestoreValue {
        .map([
            "name": .string(input.name), "form": optional(input.form?.rawValue), "documents": count(input.documents),
            "dropped": count(input.dropped), "absent": count(input.absent), "unreadableDocuments": count(input.unreadableDocuments),
            "error": optional(input.error),
        ])
    }

    private static func cause(_ cause: SurveyCause) -> FirestoreValue {
        let key = cause.key
        return .map([
            "key": .string(key.description), "kind": .string(key.kind.rawValue), "field": .string(key.field),
            "expected": .string(key.expected), "found": .string(key.found), "hint": .string(key.hint), "count": count(cause.count),
            "documents": .array(cause.documents.map(FirestoreValue.string)), "example": example(cause.example),
            "handMappers": cause.handMappers.map(tally) ?? .null,
        ])
    }

    private static func example(_ example: SurveyExample) -> FirestoreValue {
        .map([
            "document": .string(example.document), "input": .string(example.input), "location": .string(example.location.pointer),
            "element": example.location.record.map { count($0) } ?? .null, "path": .string(example.path.description),
            "value": example.value.map(restValue) ?? .null, "message": .string(example.message),
            "restDocument": restDocument(RESTDocument(reference: example.reference, fields: example.fields)),
            "strict": optional(example.strict), "lenient": optional(example.lenient),
        ])
    }

    private static func tally(_ tally: HandMapperTally) -> FirestoreValue {
        .map([
            "documents": count(tally.documents), "strictAccepts": count(tally.strictAccepts), "strictRejectsAlike": count(tally.strictRejectsAlike),
            "strictRejections": lines(tally.strictRejections), "lenientWithDefaults": count(tally.lenientWithDefaults),
            "lenientDefaults": lines(tally.lenientDefaults),
        ])
    }

    private static func unreadable(_ unreadable: SurveyUnreadable) -> FirestoreValue {
        .map([
            "input": .string(unreadable.input), "location": optional(unreadable.location?.pointer),
            "element": unreadable.location?.record.map { count($0) } ?? .null, "message": .string(unreadable.message),
            "wholeInput": .boolean(unreadable.isWholeInput),
        ])
    }

    private static func lines(_ lines: [SurveyTallyLine]) -> FirestoreValue {
        .array(lines.map { .map(["text": .string($0.text), "count": count($0.count)]) })
    }

    /// A stored value as its REST `Value` object, read back as plain JSON.
    private static func restValue(_ value: FirestoreValue) -> FirestoreValue {
        plain(otherwise: value.description) { writer throws(FirestoreJSONError) in try writer.write(value) }
    }

    /// A document as REST JSON, read back as plain JSON.
    private static func restDocument(_ document: RESTDocument) -> FirestoreValue {
        plain(otherwise: document.description) { writer throws(FirestoreJSONError) in try writer.write(document) }
    }

    /// What `write` writes as REST JSON, read back as plain JSON; the text when REST JSON
    /// cannot hold it.
    private static func plain(otherwise text: String, _ write: (RESTJSONWriter) throws(FirestoreJSONError) -> [UInt8]) -> FirestoreValue {
        let writer = RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact))
        return (try? PlainJSONReader().readValue(from: write(writer))) ?? .string(text)
    }

    private static func count(_ value: Int) -> FirestoreValue { .integer(Int64(value)) }

    private static func optional(_ text: String?) -> FirestoreValue { text.map(FirestoreValue.string) ?? .null }
}
