import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema

extension JournalFormat {
    /// The `case` object of a case record (see `JournalFormat`), as text: the schema's and the
    /// document's JSON go in as their writers wrote them.
    package static func encodeCase(_ record: CaseRecord) -> JSONText {
        var members: [(key: String, value: JSONText)] = [
            ("schema", JSONText(raw: Array(record.schema.compactJSON().utf8))),
            ("reference", record.reference.map { .string($0.path) } ?? .null),
        ]
        if let document = record.document {
            do {
                let rest = try RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact)).write(RESTDocument(fields: document))
                members.append(("document", JSONText(raw: rest)))
            } catch {
                // A faulty document can hold what REST JSON cannot (an out-of-range timestamp):
                // keep its rendering; the case still replays from its choices.
                members += [("document", .null), ("documentError", .string("\(error)")), ("documentText", .string(document.description))]
            }
        } else {
            members.append(("document", .null))
        }
        members += [
            ("model", record.model.map { JSONText.value(ModelValueCoding.encode($0)) } ?? .null),
            ("faults", .array(record.faults.map(encodeFault))),
            ("seed", record.seed.map { .string(String($0)) } ?? .null),
            ("caseIndex", record.caseIndex.map { .integer($0) } ?? .null),
            ("choices", record.choices.map { .string(ChoiceSequence($0).text) } ?? .null),
        ]
        return .object(members)
    }

    /// The `case` object of a case record read back as a JSON value (what a regression file
    /// holds).
    package static func caseValue(_ record: CaseRecord) throws(FirestoreJSONError) -> FirestoreValue {
        try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: encodeCase(record).bytes)
    }

    /// Reads a `case` object back.
    package static func decodeCase(_ value: FirestoreValue) throws -> CaseRecord {
        guard case .map(let map) = value, let schemaValue = map["schema"] else { throw Error(message: "a case needs a schema") }
        let schema = try ModelSchema(jsonValue: schemaValue)
        var reference: DocumentReference?
        if case .string(let path)? = map["reference"] { reference = try DocumentReference(path: path) }
        var document: FirestoreMap?
        if let documentValue = map["document"], documentValue != .null {
            let rest = try PlainJSONWriter(options: JSONWriteOptions(layout: .compact)).write(documentValue)
            document = try RESTJSONReader().readDocument(from: rest).fields
        }
        var model: ModelValue?
        if let modelValue = map["model"], modelValue != .null { model = try ModelValueCoding.decode(modelValue).inDeclarationOrder(of: schema) }
        var faults: [Fault] = []
        if case .array(let values)? = map["faults"] {
            for (index, value) in values.enumerated() { faults.append(try decodeFault(value, index: index)) }
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

    /// A fault as a case keeps it: `{kind, path, components, detail}`.
    static func encodeFault(_ fault: Fault) -> JSONText {
        .object([
            ("kind", .string(fault.kind.description)), ("path", .string(fault.path.description)),
            ("components", encodePath(fault.path)), ("detail", .string(fault.detail)),
        ])
    }

    /// A path as its components: keys as strings, indexes as integers.
    package static func encodePath(_ path: ValuePath) -> JSONText {
        .array(path.components.map { component in
            switch component {
            case .key(let key): return .string(key)
            case .index(let index): return .integer(index)
            }
        })
    }

    /// A path read back from its components.
    package static func decodePath(_ value: FirestoreValue) throws(Error) -> ValuePath {
        guard case .array(let items) = value else { throw Error(message: "a path is an array of keys and indexes") }
        var components: [ValuePath.Component] = []
        for item in items {
            switch item {
            case .string(let key): components.append(.key(key))
            case .integer(let index) where index >= 0 && index <= Int64(Int32.max): components.append(.index(Int(index)))
            default: throw Error(message: "a path's components are strings (keys) and non-negative integers (indexes)")
            }
        }
        return ValuePath(components)
    }

    private static func decodeFault(_ value: FirestoreValue, index: Int) throws(Error) -> Fault {
        guard case .map(let map) = value, case .string(let kindText)? = map["kind"], case .string(let detail)? = map["detail"],
              let components = map["components"] else {
            throw Error(message: "fault \(index + 1) needs the strings kind and detail and the array components")
        }
        guard let kind = FaultKind(description: kindText) else { throw Error(message: "fault \(index + 1): unknown kind \"\(kindText)\"") }
        return Fault(kind: kind, path: try decodePath(components), detail: detail)
    }
}

extension JournalFormat {
    /// Whether a document can be written as REST JSON (and so kept in a journal or a
    /// regression file as it is).
    package static func canStore(_ document: FirestoreMap) -> Bool {
        (try? RESTJSONWriter(options: JSONWriteOptions(layout: .compact)).write(RESTDocument(fields: document))) != nil
    }
}
