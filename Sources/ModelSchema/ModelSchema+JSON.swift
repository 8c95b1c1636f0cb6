import FirestoreJSON
import FirestoreModel
import Foundation

/// The JSON form of a schema (format version 3, documented in `Corpus/schemas/README.md`):
///
/// ```json
/// {"crossfireSchema": 1, "root": "Book",
///  "structs": [{"name": "Book", "fields": [
///     {"name": "id", "type": "String?", "wrapper": "DocumentID"},
///     {"name": "name", "key": "language_name", "type": "String"},
///     {"name": "reason", "type": "String", "coded": false}]}],
///  "enums": [{"name": "Status", "raw": "String",
///             "cases": [{"name": "draft"}, {"name": "inReview", "rawValue": "in review"}]}]}
/// ```
///
/// Version 2 adds two field members for the reflective mapper family, `"ignore": true` and
/// `"hook": NAME`; version 3 the member `"coding": NAME`, a hand-written coding
/// (`FieldCoding`). A schema is written as the lowest version that holds it, so that every
/// older file reads and writes as it did.
extension ModelSchema {
    /// The newest format version this module reads and writes (the value of `crossfireSchema`).
    package static let jsonFormatVersion: Int64 = 3
    /// The versions this module reads.
    static let readableFormatVersions: ClosedRange<Int64> = 1...jsonFormatVersion

    /// The deepest nesting of arrays and objects a schema file may have (schemas are shallow;
    /// the limit keeps hostile input short).
    static let maximumJSONDepth = 64

    /// Reads a schema from its JSON form, through jansson (a UTF-8 byte order mark is
    /// skipped). The result is not yet validated: call `validated()`.
    /// - Throws: `SchemaError` naming the JSON location of the first problem: a syntax error
    ///   by line and column, anything else by its path (`structs[0].fields[2].type (Book.tags)`):
    ///   an unknown or missing key (`ignore` and `hook` are unknown in version 1, `coding`
    ///   before version 3), a value of the wrong JSON type, a version other than 1 to 3, an
    ///   unknown wrapper, hook, coding or raw type, a type spelling that does not parse.
    public init(json: Data) throws(SchemaError) {
        var bytes = Array(json)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let value: FirestoreValue
        do {
            value = try PlainJSONReader(options: JSONReadOptions(maximumDepth: ModelSchema.maximumJSONDepth)).readValue(from: bytes)
        } catch {
            throw SchemaError(reading: error)
        }
        try self.init(jsonValue: value)
    }

    /// Reads a schema from its JSON form already read as a value (a journal line's `schema`).
    /// - Throws: `SchemaError` as `init(json:)`, but for syntax.
    package init(jsonValue: FirestoreValue) throws(SchemaError) {
        do {
            try self.init(document: try JSONObject(jsonValue))
        } catch {
            throw SchemaError(location: error.location, message: error.message)
        }
    }

    private init(document: JSONObject) throws(JSONObjectError) {
        try document.checkKeys(["crossfireSchema", "root", "structs", "enums"])
        let version = try document.integer("crossfireSchema")
        guard ModelSchema.readableFormatVersions.contains(version) else {
            throw document.error(at: "crossfireSchema", "unsupported schema format version \(version); this Crossfire reads versions 1 to \(ModelSchema.jsonFormatVersion)")
        }
        let root = try document.string("root")
        var enums: [EnumSchema] = []
        for (index, element) in try document.optionalArray("enums").enumerated() {
            enums.append(try ModelSchema.readEnum(element, path: "enums[\(index)]"))
        }
        let parser = FieldTypeParser(enumNames: Set(enums.map(\.name)))
        var structs: [StructSchema] = []
        for (index, element) in try document.array("structs").enumerated() {
            structs.append(try ModelSchema.readStruct(element, path: "structs[\(index)]", parser: parser, version: version))
        }
        self.init(root: root, structs: structs, enums: enums)
    }

    /// The schema's JSON form: pretty, keys sorted, stable; reading it back gives an equal
    /// schema. Defaults are left out: `key` when it equals the name, `coded` unless false,
    /// `ignore` unless true, `raw` for raw-less enums, `enums` when there are none. The version
    /// is the lowest that holds the schema.
    package func jsonData() -> Data {
        Data(jsonValue.prettyText.utf8)
    }

    /// The same JSON form on one line, without spaces (as a journal line embeds it).
    package func compactJSON() -> String {
        jsonValue.compactText
    }

    /// The lowest format version that holds the schema: 3 when a field has a hand-written
    /// coding, 2 when a field is on the reflective ignore list or has a hook, else 1.
    var formatVersion: Int64 {
        if structs.contains(where: { $0.fields.contains { $0.coding != nil } }) { return 3 }
        return structs.contains { $0.fields.contains(where: \.needsVersion2) } ? 2 : 1
    }

    var jsonValue: SchemaJSON {
        var members: [SchemaJSON.Member] = [
            .init(key: "crossfireSchema", value: .integer(formatVersion)),
            .init(key: "root", value: .string(root)),
            .init(key: "structs", value: .array(structs.map(\.jsonValue))),
        ]
        if !enums.isEmpty { members.append(.init(key: "enums", value: .array(enums.map(\.jsonValue)))) }
        return .object(members)
    }

    /// An object of the schema at `path` whose keys are all among `allowedKeys`, labelled
    /// with `labelPrefix` and its string `name` when it has one (`Book.` and `tags`: `Book.tags`).
    private static func schemaObject(_ value: FirestoreValue, path: String, allowedKeys: [String], labelPrefix: String) throws(JSONObjectError) -> JSONObject {
        var object = try JSONObject(value, path: path)
        if case .string(let name)? = object.value("name") { object.label = labelPrefix + name }
        try object.checkKeys(allowedKeys)
        return object
    }

    private static func readStruct(_ value: FirestoreValue, path: String, parser: FieldTypeParser, version: Int64) throws(JSONObjectError) -> StructSchema {
        let object = try schemaObject(value, path: path, allowedKeys: ["name", "fields"], labelPrefix: "")
        let name = try object.string("name")
        var fields: [FieldSchema] = []
        for (index, element) in try object.array("fields").enumerated() {
            fields.append(try readField(element, path: "\(path).fields[\(index)]", structName: name, parser: parser, version: version))
        }
        return StructSchema(name: name, fields: fields)
    }

    private static func readField(_ value: FirestoreValue, path: String, structName: String, parser: FieldTypeParser,
                                  version: Int64) throws(JSONObjectError) -> FieldSchema {
        let object = try schemaObject(
            value, path: path,
            allowedKeys: ["name", "type", "key", "coded", "wrapper"] + (version >= 2 ? ["ignore", "hook"] : []) + (version >= 3 ? ["coding"] : []),
            labelPrefix: "\(structName)."
        )
        let name = try object.string("name")
        let typeText = try object.string("type")
        let type: FieldType
        do {
            type = try parser.parse(typeText, location: object.location(of: "type"))
        } catch {
            // The parser's location already carries the path and the label.
            throw JSONObjectError(path: error.location, line: object.line, message: error.message)
        }
        let key = try object.optionalString("key")
        let coded = try object.optionalBool("coded") ?? true
        if !coded, key != nil {
            throw object.error(at: "key", "a field with \"coded\": false is left out of CodingKeys and has no key")
        }
        let wrapper = try object.optionalName("wrapper", of: PropertyWrapper.self)
        let ignore = try object.optionalBool("ignore") ?? false
        let hook = try object.optionalName("hook", of: ReflectiveHook.self)
        let coding = try object.optionalName("coding", of: FieldCoding.self)
        return FieldSchema(name: name, codingKey: key, keyed: coded, type: type, wrapper: wrapper, reflectiveIgnore: ignore, hook: hook,
                           coding: coding)
    }

    private static func readEnum(_ value: FirestoreValue, path: String) throws(JSONObjectError) -> EnumSchema {
        let object = try schemaObject(value, path: path, allowedKeys: ["name", "raw", "cases"], labelPrefix: "")
        let name = try object.string("name")
        var rawType = EnumSchema.RawType.none
        if let raw = try object.optionalString("raw") {
            guard raw != EnumSchema.RawType.none.rawValue, let known = EnumSchema.RawType(rawValue: raw) else {
                throw object.error(at: "raw", "unknown raw type \(JSONObject.quoted(raw)); expected \"String\" or \"Int\", or no \"raw\" for an enum without raw values")
            }
            rawType = known
        }
        var cases: [EnumCase] = []
        for (index, element) in try object.array("cases").enumerated() {
            let caseObject = try schemaObject(element, path: "\(path).cases[\(index)]", allowedKeys: ["name", "rawValue"], labelPrefix: "\(name).")
            let caseName = try caseObject.string("name")
            var rawValue: EnumRawValue?
            switch caseObject.value("rawValue") {
            case nil: rawValue = nil
            case .string(let text)?: rawValue = .string(text)
            case .integer(let number)?: rawValue = .int(number)
            case let other?:
                throw caseObject.error(at: "rawValue", "expected a string or an integer, found \(JSONObject.summary(of: other))")
            }
            cases.append(EnumCase(name: caseName, rawValue: rawValue))
        }
        return EnumSchema(name: name, rawType: rawType, cases: cases)
    }
}

extension StructSchema {
    var jsonValue: SchemaJSON {
        .object([
            .init(key: "name", value: .string(name)),
            .init(key: "fields", value: .array(fields.map(\.jsonValue))),
        ])
    }
}

extension FieldSchema {
    var jsonValue: SchemaJSON {
        var members: [SchemaJSON.Member] = [
            .init(key: "name", value: .string(name)),
            .init(key: "type", value: .string(type.description)),
        ]
        switch codingKey {
        case nil: members.append(.init(key: "coded", value: .bool(false)))
        // By code points: a key canonically equivalent to the name (`e\u{301}` for `é`) is still another key.
        case let key? where !key.unicodeScalars.elementsEqual(name.unicodeScalars): members.append(.init(key: "key", value: .string(key)))
        case _?: break
        }
        if let wrapper { members.append(.init(key: "wrapper", value: .string(wrapper.rawValue))) }
        if reflectiveIgnore { members.append(.init(key: "ignore", value: .bool(true))) }
        if let hook { members.append(.init(key: "hook", value: .string(hook.rawValue))) }
        if let coding { members.append(.init(key: "coding", value: .string(coding.rawValue))) }
        return .object(members)
    }
}

extension EnumSchema {
    var jsonValue: SchemaJSON {
        var members: [SchemaJSON.Member] = [.init(key: "name", value: .string(name))]
        if rawType != .none { members.append(.init(key: "raw", value: .string(rawType.rawValue))) }
        members.append(.init(key: "cases", value: .array(cases.map(\.jsonValue))))
        return .object(members)
    }
}

extension EnumCase {
    var jsonValue: SchemaJSON {
        var members: [SchemaJSON.Member] = [.init(key: "name", value: .string(name))]
        switch rawValue {
        case .string(let text)?: members.append(.init(key: "rawValue", value: .string(text)))
        case .int(let number)?: members.append(.init(key: "rawValue", value: .integer(number)))
        case nil: break
        }
        return .object(members)
    }
}
