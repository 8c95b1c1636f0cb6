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

    /// Reads a fault of a case's `faults` (`{kind, path, components, detail}`: the path is
    /// read from its components).
    static func decodeFault(_ object: JSONObject) throws(JSONObjectError) -> Fault {
        let kindText = try object.string("kind")
        guard let kind = FaultKind(description: kindText) else { throw object.error(at: "kind", "unknown fault kind \(JSONObject.quoted(kindText))") }
        let components = try object.required("components")
        let path: ValuePath
        do {
            path = try decodePath(components)
        } catch {
            throw object.error(at: "components", error.message)
        }
        return Fault(kind: kind, path: path, detail: try object.string("detail"))
    }
}

extension StoredCase {
    /// Reads a `case` object (see `JournalFormat`; `JournalFormat.encodeCase` writes it), as a
    /// journal example or a regression file holds it; errors name the member path from
    /// `object`'s (`case.faults[1].kind`).
    package init(_ object: JSONObject) throws(JSONObjectError) {
        let schemaValue = try object.required("schema")
        let schema: ModelSchema
        do {
            schema = try ModelSchema(jsonValue: schemaValue)
        } catch {
            throw object.error(at: "schema", "\(error)")
        }
        var reference: DocumentReference?
        if let path = try object.optionalString("reference") {
            do {
                reference = try DocumentReference(path: path)
            } catch {
                throw object.error(at: "reference", "\(error)")
            }
        }
        var document: FirestoreMap?
        if let value = object.nonNull("document") {
            do {
                let rest = try PlainJSONWriter(options: JSONWriteOptions(layout: .compact)).write(value)
                document = try RESTJSONReader().readDocument(from: rest).fields
            } catch {
                throw object.error(at: "document", "\(error)")
            }
        }
        var model: ModelValue?
        if let value = object.nonNull("model") {
            do {
                model = try ModelValueCoding.decode(value).inDeclarationOrder(of: schema)
            } catch {
                throw object.error(at: "model", "\(error)")
            }
        }
        var faults: [Fault] = []
        for fault in try object.objects("faults") { faults.append(try JournalFormat.decodeFault(fault)) }
        var seed: UInt64?
        if let text = try object.optionalString("seed") {
            guard let value = UInt64(text) else { throw object.error(at: "seed", "expected a decimal UInt64, found \(JSONObject.quoted(text))") }
            seed = value
        }
        var caseIndex: Int?
        if let index = try object.optionalInteger("caseIndex") {
            guard let value = Int(exactly: index) else { throw object.error(at: "caseIndex", "expected a case number, found \(index)") }
            caseIndex = value
        }
        var choices: [UInt64]?
        if let text = try object.optionalString("choices") {
            do {
                choices = try ChoiceSequence(text: text).choices
            } catch {
                throw object.error(at: "choices", "\(error)")
            }
        }
        self.init(record: CaseRecord(schema: schema, reference: reference, document: document, model: model, faults: faults,
                                     seed: seed, caseIndex: caseIndex, choices: choices),
                  documentError: try object.optionalString("documentError"))
    }
}

extension JournalFormat {
    /// Whether a document can be written as REST JSON (and so kept in a journal or a
    /// regression file as it is).
    package static func canStore(_ document: FirestoreMap) -> Bool {
        (try? RESTJSONWriter(options: JSONWriteOptions(layout: .compact)).write(RESTDocument(fields: document))) != nil
    }
}
