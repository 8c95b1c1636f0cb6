import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Checks of generated schemas, documents and values written independently of the
/// generators (no code shared with `Sources/Crossfire`), so that a generator bug cannot
/// hide behind its own helper.
enum SchemaRules {
    static let keywords: Set<String> = [
        "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "internal", "let", "operator",
        "private", "protocol", "public", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throw", "throws", "true",
        "try", "catch", "rawValue", "stringValue", "intValue", "hashValue", "Type", "Protocol", "_",
    ]
    static let builtins: Set<String> = [
        "String", "Bool", "Int", "Double", "Float", "Date", "URL", "Data", "Decimal", "Timestamp", "GeoPoint",
        "DocumentReference", "Color", "Set", "Array", "Dictionary", "Optional", "CodingKeys",
    ]

    /// Whether a name is `[a-z][A-Za-z0-9_]*` (or, for types, `[A-Z][A-Za-z0-9_]*`) and not a keyword.
    static func isIdentifier(_ name: String, type: Bool = false) -> Bool {
        guard let first = name.unicodeScalars.first, !keywords.contains(name) else { return false }
        guard type ? ("A"..."Z").contains(first) : ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Whether a key is a valid Firestore field name without control characters.
    static func isValidKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        let reserved = bytes.count >= 4 && bytes.prefix(2) == [0x5F, 0x5F] && bytes.suffix(2) == [0x5F, 0x5F]
        return !bytes.isEmpty && bytes.count <= 1500 && !reserved
            && !key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    static func hasZero(_ type: FieldType) -> Bool {
        switch type {
        case .optional, .string, .bool, .integer, .float, .double, .decimal, .array, .set, .dictionary: return true
        default: return false
        }
    }

    static func storedAsArray(_ type: FieldType) -> Bool {
        switch type {
        case .optional(let inner): return storedAsArray(inner)
        case .array, .set, .dictionary(key: .enumeration, value: _): return true
        default: return false
        }
    }

    /// Every broken rule of the schema, each naming where.
    static func violations(of schema: ModelSchema, maxDepth: Int = 20) -> [String] {
        var problems: [String] = []
        let structNames = schema.structs.map(\.name)
        let enumNames = schema.enums.map(\.name)
        let allNames = structNames + enumNames
        if Set(allNames).count != allNames.count { problems.append("type names not unique: \(allNames)") }
        for name in allNames where builtins.contains(name) || !isIdentifier(name, type: true) { problems.append("bad type name \(name)") }
        if !structNames.contains(schema.root) { problems.append("no root struct \(schema.root)") }

        func checkType(_ type: FieldType, at place: String, inArray: Bool, inSet: Bool) {
            switch type {
            case .optional(let inner):
                if inner.isOptional { problems.append("\(place): T?? (\(type))") }
                checkType(inner, at: place, inArray: inArray, inSet: inSet)
            case .array(let element):
                if inArray { problems.append("\(place): array inside array") }
                if inSet { problems.append("\(place): array in a set") }
                checkType(element, at: place, inArray: true, inSet: false)
            case .set(let element):
                if inArray { problems.append("\(place): set inside array") }
                if inSet { problems.append("\(place): set in a set") }
                switch element.unwrapped {
                case .string, .bool, .integer, .float, .double, .decimal, .date, .timestamp, .url, .data, .geoPoint,
                     .documentReference, .hexColor, .enumeration:
                    break
                default:
                    problems.append("\(place): set of non-scalar \(element)")
                }
                checkType(element, at: place, inArray: true, inSet: true)
            case .dictionary(let key, let value):
                if inSet { problems.append("\(place): dictionary in a set") }
                if case .enumeration(let name) = key {
                    if inArray { problems.append("\(place): enum-keyed dictionary inside array") }
                    if !enumNames.contains(name) { problems.append("\(place): unknown key enum \(name)") }
                    checkType(value, at: place, inArray: true, inSet: false)
                } else {
                    checkType(value, at: place, inArray: false, inSet: false)
                }
            case .structure(let name):
                if !structNames.contains(name) { problems.append("\(place): unknown struct \(name)") }
                if inSet { problems.append("\(place): struct in a set") }
            case .enumeration(let name):
                if !enumNames.contains(name) { problems.append("\(place): unknown enum \(name)") }
            default:
                break
            }
        }

        for structSchema in schema.structs {
            if !structSchema.fields.isEmpty, structSchema.codedFields.isEmpty { problems.append("\(structSchema.name): no field is coded") }
            var names: [String] = []
            var keys: [String] = []
            for field in structSchema.fields {
                let place = "\(structSchema.name).\(field.name)"
                if !isIdentifier(field.name) { problems.append("\(place): not an identifier") }
                if names.contains(field.name) { problems.append("\(place): duplicate name") }
                names.append(field.name)
                if let key = field.codingKey {
                    if !isValidKey(key) { problems.append("\(place): invalid key \(key.debugDescription)") }
                    if keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) { problems.append("\(place): duplicate key \(key.debugDescription)") }
                    keys.append(key)
                } else if !hasZero(field.type) {
                    problems.append("\(place): left out of CodingKeys without a zero value (\(field.type))")
                }
                switch field.wrapper {
                case .documentID?:
                    if field.type != .optional(.string) && field.type != .optional(.documentReference) { problems.append("\(place): @DocumentID on \(field.type)") }
                case .serverTimestamp?:
                    if field.type != .optional(.date) && field.type != .optional(.timestamp) { problems.append("\(place): @ServerTimestamp on \(field.type)") }
                case .explicitNull?:
                    if !field.type.isOptional { problems.append("\(place): @ExplicitNull on \(field.type)") }
                case nil:
                    break
                }
                checkType(field.type, at: place, inArray: false, inSet: false)
            }
        }

        for enumSchema in schema.enums {
            if enumSchema.cases.isEmpty { problems.append("enum \(enumSchema.name) has no cases") }
            var caseNames: [String] = []
            var strings: [String] = []
            var ints: [Int64] = []
            var next: Int64? = 0
            for enumCase in enumSchema.cases {
                if !isIdentifier(enumCase.name) || caseNames.contains(enumCase.name) { problems.append("enum \(enumSchema.name): bad case \(enumCase.name)") }
                caseNames.append(enumCase.name)
                switch (enumSchema.rawType, enumCase.rawValue) {
                case (.string, .string(let raw)?):
                    if strings.contains(raw) { problems.append("enum \(enumSchema.name): duplicate raw \(raw.debugDescription)") }
                    strings.append(raw)
                case (.string, nil):
                    if strings.contains(enumCase.name) { problems.append("enum \(enumSchema.name): duplicate raw \(enumCase.name)") }
                    strings.append(enumCase.name)
                case (.int, .int(let raw)?):
                    if ints.contains(raw) { problems.append("enum \(enumSchema.name): duplicate raw \(raw)") }
                    ints.append(raw)
                    next = raw == Int64.max ? nil : raw + 1
                case (.int, nil):
                    guard let value = next else {
                        problems.append("enum \(enumSchema.name): implicit raw value after Int64.max")
                        continue
                    }
                    if ints.contains(value) { problems.append("enum \(enumSchema.name): duplicate raw \(value)") }
                    ints.append(value)
                    next = value == Int64.max ? nil : value + 1
                case (.none, nil):
                    break
                default:
                    problems.append("enum \(enumSchema.name): raw value \(String(describing: enumCase.rawValue)) on a \(enumSchema.rawType) enum")
                }
            }
        }

        // Cycles and depth: the deepest level any document value can reach.
        var heights: [String: Int] = [:]
        var visiting: [String] = []
        func height(_ type: FieldType) -> Int {
            switch type {
            case .optional(let inner): return height(inner)
            case .array(let element), .set(let element): return 1 + height(element)
            case .dictionary(let key, let value):
                if case .enumeration(let name) = key { return 1 + max(height(.enumeration(name)), height(value)) }
                return 1 + height(value)
            case .enumeration(let name): return schema.enums.first { $0.name == name }?.rawType == EnumSchema.RawType.none ? 1 : 0
            case .structure(let name):
                if let known = heights[name] { return known }
                if visiting.contains(name) {
                    problems.append("struct cycle through \(name)")
                    return 0
                }
                visiting.append(name)
                let coded = schema.structs.first { $0.name == name }?.fields.filter { $0.codingKey != nil } ?? []
                let result = coded.isEmpty ? 0 : 1 + (coded.map { height($0.type) }.max() ?? 0)
                visiting.removeLast()
                heights[name] = result
                return result
            default: return 0
            }
        }
        for structSchema in schema.structs {
            for field in structSchema.fields { _ = height(field.type) }
        }
        let depth = height(.structure(schema.root))
        if depth > maxDepth { problems.append("documents nest \(depth) levels, more than \(maxDepth)") }
        return problems
    }
}

/// Checks that a document has exactly the shapes the schema's types are stored in.
enum DocumentShape {
    /// A case generated without faults to inject, valid but for a rule situation's fault in its
    /// carrier (the root's first field, `SituationTarget`): its document and schema without the
    /// carrier when there is such a fault, which must lie in the carrier.
    static func withoutTarget(_ made: DecodeCase) -> (document: FirestoreMap, schema: ModelSchema) {
        guard !made.faults.isEmpty, let root = made.schema.structs.firstIndex(where: { $0.name == made.schema.root }),
              let carrier = made.schema.structs[root].fields.first?.codingKey else { return (made.document, made.schema) }
        #expect(made.faults.allSatisfy { $0.path.components.first == .key(carrier) }, "\(made.faults)")
        var schema = made.schema
        var document = made.document
        schema.structs[root].fields.removeFirst()
        document[carrier] = nil
        return (document, schema)
    }

    static func violations(of document: FirestoreMap, schema: ModelSchema) -> [String] {
        var problems: [String] = []
        guard let root = schema.structs.first(where: { $0.name == schema.root }) else { return ["no root"] }
        checkStruct(document, root, path: "", schema: schema, into: &problems)
        return problems
    }

    static func checkStruct(_ map: FirestoreMap, _ structSchema: StructSchema, path: String, schema: ModelSchema, into problems: inout [String]) {
        let coded = structSchema.fields.compactMap(\.codingKey)
        for (key, _) in map where !coded.contains(where: { $0.utf8.elementsEqual(key.utf8) }) {
            problems.append("\(path)/\(key): a key the struct does not code")
        }
        for field in structSchema.fields {
            let place = "\(path)/\(field.codingKey ?? field.name)"
            guard let key = field.codingKey else { continue }
            let value = map[key]
            switch field.wrapper {
            case .documentID?:
                continue
            case .serverTimestamp?, .explicitNull?:
                guard let value else {
                    problems.append("\(place): wrapped key absent")
                    continue
                }
                if value != .null { check(value, field.type.unwrapped, path: place, schema: schema, into: &problems) }
            case nil:
                guard let value else {
                    if !field.type.isOptional || field.requiresKey { problems.append("\(place): required key absent") }
                    continue
                }
                if field.coding == .twoEncodings, case .string(let text) = value {
                    // The text a type that accepts two encodings also reads.
                    if !readsAsText(text, field.type.unwrapped) { problems.append("\(place): \(text.debugDescription) is no \(field.type) as text") }
                    continue
                }
                check(value, field.type, path: place, schema: schema, into: &problems)
            }
        }
    }

    static func check(_ value: FirestoreValue, _ type: FieldType, path: String, schema: ModelSchema, into problems: inout [String]) {
        func fail(_ what: String) { problems.append("\(path): \(what), found \(value) for \(type)") }
        switch (type, value) {
        case (.optional, .null): break
        case (.optional(let inner), _): check(value, inner, path: path, schema: schema, into: &problems)
        case (.string, .string), (.bool, .boolean), (.data, .bytes), (.double, .double), (.double, .integer), (.decimal, .integer), (.float, .integer):
            break
        case (.integer(let integerType), .integer(let number)):
            if number < integerType.minimum || (number >= 0 && UInt64(number) > integerType.maximum) { fail("out of range") }
        case (.integer(let integerType), .double(let number)):
            // Another encoding the SDK reads: an integral double.
            guard let whole = Int64(exactly: number) else { return fail("not integral") }
            if whole < integerType.minimum || (whole >= 0 && UInt64(whole) > integerType.maximum) { fail("out of range") }
        case (.date, .map(let map)), (.timestamp, .map(let map)):
            guard case .integer(let seconds)? = map["seconds"], case .integer(let nanoseconds)? = map["nanoseconds"], map.count == 2,
                  let nanos = Int32(exactly: nanoseconds) else { return fail("not a {seconds, nanoseconds} map") }
            let stamp = Timestamp(seconds: seconds, nanoseconds: nanos)
            if !stamp.isValid || stamp.nanoseconds % 1000 != 0 { fail("not a stored timestamp") }
        case (.geoPoint, .map(let map)):
            guard case .double(let latitude)? = map["latitude"], case .double(let longitude)? = map["longitude"], map.count == 2,
                  latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return fail("not a {latitude, longitude} map") }
        case (.data, .string(let text)):
            if Data(base64Encoded: text) == nil { fail("not base64") }
        case (.float, .double(let number)):
            if !number.isFinite || abs(number) > Double(Float.greatestFiniteMagnitude) { fail("not a Float") }
        case (.decimal, .double(let number)):
            if !number.isFinite { fail("not finite") }
        case (.date, .timestamp(let stamp)), (.timestamp, .timestamp(let stamp)):
            if !stamp.isValid || stamp.nanoseconds % 1000 != 0 { fail("not a stored timestamp") }
        case (.url, .string(let text)):
            if URL(string: text) == nil { fail("not a URL") }
        case (.geoPoint, .geoPoint(let point)):
            if !(point.latitude.isFinite && point.longitude.isFinite && abs(point.latitude) <= 90 && abs(point.longitude) <= 180) { fail("invalid point") }
        case (.documentReference, .reference): break
        case (.hexColor, .string(let text)):
            let digits = Array(text.utf8.dropFirst())
            let isHex = digits.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
            if !text.hasPrefix("#") || !(digits.count == 6 || digits.count == 8) || !isHex { fail("not a hex color") }
        case (.enumeration(let name), _):
            guard let enumSchema = schema.enums.first(where: { $0.name == name }) else { return fail("unknown enum") }
            let raws = enumSchema.cases.map { enumSchema.rawValue(of: $0) }
            switch (enumSchema.rawType, value) {
            case (.string, .string(let raw)):
                if !raws.contains(where: { if case .string(let known)? = $0 { return known.utf8.elementsEqual(raw.utf8) } else { return false } }) { fail("unknown raw") }
            case (.int, .integer(let raw)):
                if !raws.contains(.int(raw)) { fail("unknown raw") }
            case (.int, .double(let raw)):
                if !raws.contains(where: { if case .int(let known)? = $0 { return Double(known) == raw } else { return false } }) { fail("unknown raw") }
            case (.none, .map(let map)):
                if map.count != 1 || !enumSchema.cases.contains(where: { $0.name == map.keys[0] }) || map.values[0] != .map(FirestoreMap()) {
                    fail("not {\"case\": {}}")
                }
            default:
                fail("wrong enum shape")
            }
        case (.structure(let name), .map(let map)):
            guard let structSchema = schema.structs.first(where: { $0.name == name }) else { return fail("unknown struct") }
            checkStruct(map, structSchema, path: path, schema: schema, into: &problems)
        case (.array(let element), .array(let elements)):
            for (position, item) in elements.enumerated() { check(item, element, path: "\(path)[\(position)]", schema: schema, into: &problems) }
        case (.set(let element), .array(let elements)):
            var seen: [AnyHashable] = []
            for (position, item) in elements.enumerated() {
                check(item, element, path: "\(path)[\(position)]", schema: schema, into: &problems)
                guard let swiftValue = swiftValue(item, element) else { return fail("NaN in a set") }
                if seen.contains(swiftValue) { fail("elements Swift merges") }
                seen.append(swiftValue)
            }
        case (.dictionary(.string, let valueType), .map(let map)):
            var seen: [String] = []
            for (key, item) in map {
                if !SchemaRules.isValidKey(key) { fail("invalid key \(key.debugDescription)") }
                if seen.contains(key) { fail("keys Swift merges") }
                seen.append(key)
                check(item, valueType, path: "\(path)/\(key)", schema: schema, into: &problems)
            }
        case (.dictionary(.int, let valueType), .map(let map)):
            for (key, item) in map {
                if Int(key).map(String.init) != key { fail("key \(key.debugDescription) not a canonical Int") }
                check(item, valueType, path: "\(path)/\(key)", schema: schema, into: &problems)
            }
        case (.dictionary(.enumeration(let name), let valueType), .array(let elements)):
            if elements.count % 2 != 0 { fail("odd flat array") }
            var keys: [FirestoreValue] = []
            for (position, item) in elements.enumerated() {
                if position % 2 == 0 {
                    check(item, .enumeration(name), path: "\(path)[\(position)]", schema: schema, into: &problems)
                    if keys.contains(item) { fail("duplicate key") }
                    keys.append(item)
                } else {
                    check(item, valueType, path: "\(path)[\(position)]", schema: schema, into: &problems)
                }
            }
        default:
            fail("wrong shape")
        }
    }

    /// The Swift value a stored set element becomes, as something hashable; nil for NaN.
    /// Whether `text` is the text of a value a type that accepts two encodings reads.
    static func readsAsText(_ text: String, _ type: FieldType) -> Bool {
        switch type {
        case .data: return Data(base64Encoded: text) != nil
        case .bool: return text == "true" || text == "false"
        case .double: return Double(text) != nil
        case .integer: return Int64(text) != nil || UInt64(text) != nil
        default: return false
        }
    }

    static func swiftValue(_ value: FirestoreValue, _ type: FieldType) -> AnyHashable? {
        switch (type.unwrapped, value) {
        case (.integer, .double(let number)), (.enumeration, .double(let number)): return Int64(exactly: number).map { AnyHashable(FirestoreValue.integer($0)) }
        case let (.date, .map(map)), let (.timestamp, .map(map)):
            guard case .integer(let seconds)? = map["seconds"], case .integer(let nanos)? = map["nanoseconds"], let nanoseconds = Int32(exactly: nanos) else { return nil }
            return swiftValue(.timestamp(Timestamp(seconds: seconds, nanoseconds: nanoseconds)), type)
        case (.data, .string(let text)): return Data(base64Encoded: text).map { AnyHashable(FirestoreValue.bytes($0)) }
        case (_, .null): return AnyHashable("null")
        case (.float, .double(let number)): return number.isNaN ? nil : AnyHashable(Float(number))
        case (.float, .integer(let number)): return AnyHashable(Float(number))
        case (.double, .double(let number)): return number.isNaN ? nil : AnyHashable(number)
        case (.double, .integer(let number)): return AnyHashable(Double(number))
        case (.decimal, .double(let number)): return AnyHashable(Decimal(number))
        case (.decimal, .integer(let number)): return AnyHashable(Decimal(number))
        case (.date, .timestamp(let stamp)): return AnyHashable(stamp.dateValue())
        case (.string, .string(let text)): return AnyHashable(text)
        default: return AnyHashable(value)
        }
    }
}

/// Firestore's limits on a document: nesting depth, no array directly in an array, valid
/// field names, string and bytes sizes.
enum FirestoreLimits {
    static func violations(of document: FirestoreMap, maxDepth: Int = 20) -> [String] {
        var problems: [String] = []
        func visit(_ value: FirestoreValue, level: Int, path: String, parentIsArray: Bool) {
            if level > maxDepth { problems.append("\(path): level \(level) deeper than \(maxDepth)") }
            switch value {
            case .array(let elements):
                if parentIsArray { problems.append("\(path): array directly in an array") }
                for (position, element) in elements.enumerated() { visit(element, level: level + 1, path: "\(path)[\(position)]", parentIsArray: true) }
            case .map(let map):
                for (key, element) in map {
                    if !SchemaRules.isValidKey(key) { problems.append("\(path): invalid field name \(key.debugDescription)") }
                    visit(element, level: level + 1, path: "\(path)/\(key)", parentIsArray: false)
                }
            case .string(let text):
                if text.utf8.count > 1_048_487 { problems.append("\(path): string too long") }
            case .bytes(let data):
                if data.count > 1_048_487 { problems.append("\(path): bytes too long") }
            default:
                break
            }
        }
        for (key, value) in document {
            if !SchemaRules.isValidKey(key) { problems.append("invalid field name \(key.debugDescription)") }
            visit(value, level: 1, path: key, parentIsArray: false)
        }
        return problems
    }

    /// The deepest level of a document (top-level values at level 1; 0 when empty).
    static func depth(of document: FirestoreMap) -> Int {
        func depth(_ value: FirestoreValue, _ level: Int) -> Int {
            switch value {
            case .array(let elements): return elements.map { depth($0, level + 1) }.max() ?? level
            case .map(let map): return map.values.map { depth($0, level + 1) }.max() ?? level
            default: return level
            }
        }
        return document.values.map { depth($0, 1) }.max() ?? 0
    }
}

/// A size measure of cases: how many things a schema declares and how many values a
/// document holds (characters and bytes counted too).
enum Complexity {
    static func of(_ schema: ModelSchema) -> Int {
        func typeSize(_ type: FieldType) -> Int {
            switch type {
            case .optional(let inner), .array(let inner), .set(let inner): return 1 + typeSize(inner)
            case .dictionary(_, let value): return 2 + typeSize(value)
            default: return 1
            }
        }
        func fieldSize(_ field: FieldSchema) -> Int {
            let wrapped = field.wrapper == nil ? 0 : 1
            let renamed = field.codingKey.map { $0.utf8.elementsEqual(field.name.utf8) } == true ? 0 : 1
            return 1 + typeSize(field.type) + wrapped + renamed
        }
        var fields = 0
        for structSchema in schema.structs {
            fields += 1
            for field in structSchema.fields { fields += fieldSize(field) }
        }
        return fields + schema.enums.reduce(0) { $0 + 1 + $1.cases.count }
    }

    static func of(_ document: FirestoreMap) -> Int {
        func size(_ value: FirestoreValue) -> Int {
            switch value {
            case .array(let elements): return 1 + elements.reduce(0) { $0 + size($1) }
            case .map(let map): return 1 + map.reduce(0) { $0 + 1 + size($1.value) }
            default: return 1
            }
        }
        return document.reduce(0) { $0 + 1 + size($1.value) }
    }
}

/// A schema with a field of every type, for document and mutator tests.
enum EveryTypeSchema {
    static let schema = ModelSchema(
        root: "Everything",
        structs: [
            StructSchema(name: "Everything", fields: [
                FieldSchema(name: "text", type: .string),
                FieldSchema(name: "flag", type: .bool),
                FieldSchema(name: "small", type: .integer(.int8)),
                FieldSchema(name: "byte", type: .integer(.uint8)),
                FieldSchema(name: "short", type: .integer(.int16)),
                FieldSchema(name: "word", type: .integer(.uint16)),
                FieldSchema(name: "medium", type: .integer(.int32)),
                FieldSchema(name: "unsigned", type: .integer(.uint32)),
                FieldSchema(name: "count", type: .integer(.int)),
                FieldSchema(name: "big", type: .integer(.int64)),
                FieldSchema(name: "huge", type: .integer(.uint64)),
                FieldSchema(name: "natural", type: .integer(.uint)),
                FieldSchema(name: "ratio", type: .float),
                FieldSchema(name: "amount", type: .double),
                FieldSchema(name: "price", type: .decimal),
                FieldSchema(name: "when", type: .date),
                FieldSchema(name: "stamp", type: .timestamp),
                FieldSchema(name: "link", type: .url),
                FieldSchema(name: "blob", type: .data),
                FieldSchema(name: "place", type: .geoPoint),
                FieldSchema(name: "owner", type: .documentReference),
                FieldSchema(name: "tint", type: .hexColor),
                FieldSchema(name: "status", type: .enumeration("Status")),
                FieldSchema(name: "level", type: .enumeration("Level")),
                FieldSchema(name: "mode", type: .enumeration("Mode")),
                FieldSchema(name: "detail", type: .structure("Detail")),
                FieldSchema(name: "tags", type: .array(.string)),
                FieldSchema(name: "details", type: .array(.structure("Detail"))),
                FieldSchema(name: "ratios", type: .set(.float)),
                FieldSchema(name: "amounts", type: .set(.double)),
                FieldSchema(name: "words", type: .set(.string)),
                FieldSchema(name: "scores", type: .dictionary(key: .string, value: .integer(.int))),
                FieldSchema(name: "byNumber", type: .dictionary(key: .int, value: .string)),
                FieldSchema(name: "byStatus", type: .dictionary(key: .enumeration("Status"), value: .double)),
                FieldSchema(name: "byMode", type: .dictionary(key: .enumeration("Mode"), value: .string)),
                FieldSchema(name: "note", type: .optional(.string)),
                FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
                FieldSchema(name: "created", type: .optional(.date), wrapper: .serverTimestamp),
                FieldSchema(name: "cleared", type: .optional(.integer(.int)), wrapper: .explicitNull),
                FieldSchema(name: "renamed", codingKey: "caf\u{E9}", type: .string),
                FieldSchema(name: "twin", codingKey: "cafe\u{301}", type: .integer(.int)),
                FieldSchema(name: "hidden", keyed: false, type: .optional(.string)),
            ]),
            StructSchema(name: "Detail", fields: [
                FieldSchema(name: "name", type: .string),
                FieldSchema(name: "values", type: .array(.integer(.int))),
            ]),
        ],
        enums: [
            EnumSchema(name: "Status", rawType: .string, cases: [EnumCase(name: "active"), EnumCase(name: "gone", rawValue: .string("GONE"))]),
            EnumSchema(name: "Level", rawType: .int, cases: [EnumCase(name: "low"), EnumCase(name: "high", rawValue: .int(10))]),
            EnumSchema(name: "Mode", rawType: .none, cases: [EnumCase(name: "fast"), EnumCase(name: "slow")]),
        ]
    )

    /// A profile that fills every field with values (no absent optionals) and frequent edges.
    static let fullProfile: GenerationProfile = {
        var profile = GenerationProfile.default
        profile.name = "full"
        profile.otherEncodingProbability = 0
        profile.absentOptionalProbability = 0
        profile.nullOptionalProbability = 0.1
        profile.averageCollectionCount = 3
        return profile
    }()
}

extension FirestoreMap {
    /// The value at a path, if there is one.
    func value(at path: ValuePath) -> FirestoreValue? {
        var current: FirestoreValue = .map(self)
        for component in path.components {
            switch (current, component) {
            case (.map(let map), .key(let key)):
                guard let next = map[key] else { return nil }
                current = next
            case (.array(let elements), .index(let position)):
                guard elements.indices.contains(position) else { return nil }
                current = elements[position]
            default:
                return nil
            }
        }
        return current
    }
}
