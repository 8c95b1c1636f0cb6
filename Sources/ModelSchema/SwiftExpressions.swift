/// The Swift expressions the emitter writes for one field type: how the hand-written
/// mapper reads and writes it, and how it converts to and from `ModelValue`.
///
/// Closures get explicit parameter and result types so that the type checker never has
/// to infer through nested generic calls; their parameters are numbered by nesting depth
/// (`element1`, `entry2`, `key1`) so that no closure shadows another's. The support
/// functions an expression calls are collected in `helpers`.
struct SwiftExpressions {
    /// The schema the types belong to.
    let schema: ModelSchema
    /// The support functions the expressions so far call.
    private(set) var helpers: Set<SwiftSupport.Helper> = []

    init(schema: ModelSchema) {
        self.schema = schema
    }

    /// `expression` ready to receive a method call: parenthesized when it ends in a cast.
    private func receiver(_ expression: String) -> String {
        expression.contains(" as? ") ? "(\(expression))" : expression
    }

    private func rawType(of enumName: String) -> EnumSchema.RawType {
        schema.enumSchema(named: enumName)?.rawType ?? .none
    }

    // MARK: Reading `[String: Any]`

    /// An expression of type `T?` reading `input` (of type `Any` or `Any?`) the hand-written
    /// way: a conditional cast as an app on Apple platforms makes it, with the conversions
    /// Linux needs: numbers go through `bridged(_:)` first (Linux hands out Swift numbers,
    /// which do not bridge: an `Int64` is never `as? Int`), a `Decimal` through
    /// `bridgedDecimal(_:)` (Linux's `NSNumber.decimalValue` rounds integers), a `Date`
    /// comes from a `Timestamp`'s `dateValue()`, a `URL` and the hex `Color` from strings.
    /// `reference` names the document reference in scope.
    mutating func read(_ type: FieldType, from input: String, reference: String, depth: Int = 1) -> String {
        switch type {
        case .string, .data, .timestamp, .geoPoint, .documentReference:
            return "\(input) as? \(type)"
        case .bool, .integer, .float, .double:
            helpers.insert(.bridged)
            return "bridged(\(input)) as? \(type)"
        case .decimal:
            helpers.formUnion([.bridged, .bridgedDecimal])
            return "bridgedDecimal(\(input))"
        case .date:
            return "(\(input) as? Timestamp)?.dateValue()"
        case .url:
            return "(\(input) as? String).flatMap { URL(string: $0) }"
        case .hexColor:
            return "(\(input) as? String).flatMap { Color(hex: $0) }"
        case .enumeration(let name):
            switch rawType(of: name) {
            case .string: return "(\(input) as? String).flatMap { \(name)(rawValue: $0) }"
            case .int:
                helpers.insert(.bridged)
                return "(bridged(\(input)) as? Int).flatMap { \(name)(rawValue: $0) }"
            case .none: return "\(name)(firestoreValue: \(input))"
            }
        case .structure(let name):
            return "(\(input) as? [String: Any]).flatMap { \(name)(reference: \(reference), data: $0) }"
        case .optional(let wrapped):
            helpers.insert(.readOptional)
            let element = "element\(depth)"
            let inner = read(wrapped, from: element, reference: reference, depth: depth + 1)
            return "readOptional(\(input), { (\(element): Any) -> \(wrapped)? in \(inner) })"
        case .array(let elementType), .set(let elementType):
            helpers.insert(.convertEach)
            let element = "element\(depth)"
            let inner = read(elementType, from: element, reference: reference, depth: depth + 1)
            let array = "convertEach(\(input) as? [Any], { (\(element): Any) -> \(elementType)? in \(inner) })"
            if case .set = type { return "\(array).map { Set($0) }" }
            return array
        case .dictionary(let keyType, let valueType):
            helpers.insert(.convertEntries)
            let entry = "entry\(depth)"
            let key = "key\(depth)"
            let value = read(valueType, from: "\(entry).value", reference: reference, depth: depth + 1)
            let signature = "(\(keyType), \(valueType))?"
            switch keyType {
            case .string:
                return "convertEntries(\(input) as? [String: Any], { (\(entry): (key: String, value: Any)) -> \(signature) in \(receiver(value)).map { (\(entry).key, $0) } })"
            case .int:
                return "convertEntries(\(input) as? [String: Any], { (\(entry): (key: String, value: Any)) -> \(signature) in Int(\(entry).key).flatMap { \(key) in \(receiver(value)).map { (\(key), $0) } } })"
            case .enumeration:
                helpers.insert(.flatPairs)
                let keyRead = read(keyType.fieldType, from: "\(entry).key", reference: reference, depth: depth + 1)
                return "convertEntries(flatPairs(\(input) as? [Any]), { (\(entry): (key: Any, value: Any)) -> \(signature) in \(receiver(keyRead)).flatMap { \(key) in \(receiver(value)).map { (\(key), $0) } } })"
            }
        }
    }

    // MARK: Writing `[String: Any]`

    /// An expression of a type `[String: Any]` can hold, writing `value` (of type `T`) the
    /// hand-written way, in the shape `Firestore.Encoder` gives the same value.
    mutating func write(_ type: FieldType, _ value: String, depth: Int = 1) -> String {
        switch type {
        case .string, .bool, .integer, .float, .double, .decimal, .data, .timestamp, .geoPoint, .documentReference:
            return value
        case .date:
            return "Timestamp(date: \(value))"
        case .url:
            return "\(value).absoluteString"
        case .hexColor:
            return "\(value).hex"
        case .enumeration(let name):
            return rawType(of: name) == .none ? "\(value).firestoreValue" : "\(value).rawValue"
        case .structure:
            return "\(value).dictionary"
        case .optional(let wrapped):
            helpers.insert(.writeOptional)
            let element = "element\(depth)"
            return "writeOptional(\(value), { (\(element): \(wrapped)) -> Any in \(write(wrapped, element, depth: depth + 1)) })"
        case .array(let elementType), .set(let elementType):
            let element = "element\(depth)"
            let inner = write(elementType, element, depth: depth + 1)
            if inner == element {
                if case .set = type { return "Array(\(value))" }
                return value
            }
            return "\(value).map { (\(element): \(elementType)) -> Any in \(inner) }"
        case .dictionary(let keyType, let valueType):
            let element = "element\(depth)"
            let inner = write(valueType, element, depth: depth + 1)
            let convert = "{ (\(element): \(valueType)) -> Any in \(inner) }"
            switch keyType {
            case .string:
                return inner == element ? value : "\(value).mapValues(\(convert))"
            case .int:
                helpers.insert(.stringKeyed)
                return "stringKeyed(\(value), \(convert))"
            case .enumeration(let name):
                helpers.insert(.flatArray)
                let key = "key\(depth)"
                let keyWrite = write(keyType.fieldType, key, depth: depth + 1)
                return "flatArray(\(value), key: { (\(key): \(name)) -> Any in \(keyWrite) }, value: \(convert))"
            }
        }
    }

    // MARK: ModelValue

    /// An expression of type `ModelValue` for `value` (of type `T`).
    func model(_ type: FieldType, _ value: String, depth: Int = 1) -> String {
        switch type {
        case .string: return ".string(\(value))"
        case .bool: return ".bool(\(value))"
        case .integer(.int64): return ".int(\(value))"
        case .integer(.uint64): return ".uint(\(value))"
        case .integer(let integer): return integer.isSigned ? ".int(Int64(\(value)))" : ".uint(UInt64(\(value)))"
        case .float: return ".float(\(value))"
        case .double: return ".double(\(value))"
        case .decimal: return ".decimal(\(value))"
        case .date: return ".date(\(value))"
        case .url: return ".url(\(value))"
        case .data: return ".data(\(value))"
        case .timestamp: return ".timestamp(\(value))"
        case .geoPoint: return ".geoPoint(\(value))"
        case .documentReference: return ".reference(\(value))"
        case .hexColor: return ".color(\(value).rgba)"
        case .enumeration, .structure: return "\(value).modelValue"
        case .optional(let wrapped):
            let element = "element\(depth)"
            return "\(value).map { (\(element): \(wrapped)) -> ModelValue in \(model(wrapped, element, depth: depth + 1)) } ?? .null"
        case .array(let elementType), .set(let elementType):
            let element = "element\(depth)"
            let caseName = type == .array(elementType) ? "array" : "set"
            return ".\(caseName)(\(value).map { (\(element): \(elementType)) -> ModelValue in \(model(elementType, element, depth: depth + 1)) })"
        case .dictionary(let keyType, let valueType):
            let entry = "entry\(depth)"
            let key: String
            switch keyType {
            case .string: key = ".string(\(entry).key)"
            case .int: key = ".int(Int64(\(entry).key))"
            case .enumeration: key = "\(entry).key.modelValue"
            }
            let inner = model(valueType, "\(entry).value", depth: depth + 1)
            return ".dictionary(\(value).map { (\(entry): (key: \(keyType), value: \(valueType))) -> ModelDictionaryEntry in ModelDictionaryEntry(key: \(key), value: \(inner)) })"
        }
    }

    /// An expression of type `T?` converting `value` (a `ModelValue`) back; nil when the
    /// model value has another shape.
    mutating func fromModel(_ type: FieldType, _ value: String, depth: Int = 1) -> String {
        switch type {
        case .string: return "\(value).stringValue"
        case .bool: return "\(value).boolValue"
        case .integer(.int64): return "\(value).int64Value"
        case .integer(.uint64): return "\(value).uint64Value"
        case .integer(let integer):
            return "\(value).\(integer.isSigned ? "int64Value" : "uint64Value").flatMap { \(integer.rawValue)(exactly: $0) }"
        case .float: return "\(value).floatValue"
        case .double: return "\(value).doubleValue"
        case .decimal: return "\(value).decimalValue"
        case .date: return "\(value).dateValue"
        case .url: return "\(value).urlValue"
        case .data: return "\(value).dataValue"
        case .timestamp: return "\(value).timestampValue"
        case .geoPoint: return "\(value).geoPointValue"
        case .documentReference: return "\(value).referenceValue"
        case .hexColor: return "\(value).colorValue.map { Color($0) }"
        case .enumeration(let name), .structure(let name): return "\(name)(modelValue: \(value))"
        case .optional(let wrapped):
            helpers.insert(.modelOptional)
            let element = "element\(depth)"
            return "modelOptional(\(value), { (\(element): ModelValue) -> \(wrapped)? in \(fromModel(wrapped, element, depth: depth + 1)) })"
        case .array(let elementType), .set(let elementType):
            helpers.insert(.convertEach)
            let element = "element\(depth)"
            let isSet = type != .array(elementType)
            let inner = fromModel(elementType, element, depth: depth + 1)
            let array = "convertEach(\(value).\(isSet ? "setElements" : "arrayElements"), { (\(element): ModelValue) -> \(elementType)? in \(inner) })"
            return isSet ? "\(array).map { Set($0) }" : array
        case .dictionary(let keyType, let valueType):
            helpers.insert(.convertEntries)
            let entry = "entry\(depth)"
            let key = "key\(depth)"
            let keyRead: String
            switch keyType {
            case .string: keyRead = "\(entry).key.stringValue"
            case .int: keyRead = "\(entry).key.int64Value.flatMap { Int(exactly: $0) }"
            case .enumeration(let name): keyRead = "\(name)(modelValue: \(entry).key)"
            }
            let inner = fromModel(valueType, "\(entry).value", depth: depth + 1)
            return "convertEntries(\(value).dictionaryEntries, { (\(entry): ModelDictionaryEntry) -> (\(keyType), \(valueType))? in \(receiver(keyRead)).flatMap { \(key) in \(receiver(inner)).map { (\(key), $0) } } })"
        }
    }
}
