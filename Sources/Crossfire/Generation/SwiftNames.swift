/// Swift names for generated types, properties and enum cases, as schemas require them:
/// type names `[A-Z][A-Za-z0-9_]*`, property and case names `[a-z][A-Za-z0-9_]*` (ASCII),
/// never a keyword or a name that Swift or the emitted code declares itself.
enum SwiftNames {
    /// Swift keywords, contextual keywords included, and names that clash with members a
    /// struct, an enum or `CodingKeys` gets from the compiler.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "associativity", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy",
        "left", "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence", "prefix",
        "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet", "async", "actor",
        "any", "macro", "package", "consume", "copy", "discard", "borrowing", "consuming", "each", "isolated",
        "nonisolated", "sending", "then", "stringValue", "intValue", "description", "debugDescription",
        "allCases", "encode", "wrappedValue", "projectedValue", "hash",
    ]

    /// Property names the emitted structs and their hand-written mappers declare themselves
    /// (see the schema validation rules in `Corpus/schemas/README.md`).
    static let reservedPropertyNames: Set<String> = keywords.union([
        "dictionary", "modelValue", "hashValue", "bridged", "convertEach", "convertEntries", "flatPairs",
        "readOptional", "writeOptional", "stringKeyed", "flatArray", "modelOptional",
    ])

    /// Case names an emitted enum declares or inherits.
    static let reservedCaseNames: Set<String> = keywords.union(["rawValue", "hashValue", "modelValue", "firestoreValue"])

    /// Type names the schema must not shadow: standard library, Foundation and Firestore
    /// types that generated code spells.
    static let builtinTypes: Set<String> = [
        "String", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Float", "Double", "Decimal", "Date", "URL", "Data", "Timestamp", "GeoPoint", "DocumentReference", "Color",
        "Optional", "Array", "Set", "Dictionary", "CodingKeys", "CodingKey", "Codable", "Encoder", "Decoder",
        "DocumentID", "ServerTimestamp", "ExplicitNull", "Firestore", "FieldValue", "VectorValue", "Any", "Never",
    ]

    /// Letters and digits, camel case, snake case.
    static let identifierStyleWeights = [6, 3, 2]

    /// Words for property names, combined in camel case.
    static let words: [String] = [
        "id", "name", "title", "count", "value", "items", "tags", "created", "active", "score", "owner", "link",
        "color", "kind", "payload", "meta", "rank", "when", "flag", "price", "notes", "parent", "child", "size",
    ]

    /// Root struct names, simplest first.
    static let rootNames: [String] = ["Model", "Book", "User", "Order", "Profile", "Event", "Recipe", "Invoice"]
    /// Nested struct names.
    static let structNames: [String] = ["Part", "Detail", "Item", "Entry", "Address", "Author", "Tag", "Meta", "Line", "Note"]
    /// Enum names.
    static let enumNames: [String] = ["Kind", "Status", "Level", "Mode", "Category", "Flavor", "Phase", "Role"]

    /// `name` made unique among `taken` (compared as Swift strings, so canonically
    /// equivalent names count as one) by a numeric suffix.
    static func unique(_ name: String, among taken: [String]) -> String {
        guard taken.contains(name) else { return name }
        var suffix = 2
        while taken.contains(name + String(suffix)) { suffix += 1 }
        return name + String(suffix)
    }

    /// The name with `_` appended when it is among `reserved`.
    static func unreserved(_ name: String, _ reserved: Set<String>) -> String {
        reserved.contains(name) ? name + "_" : name
    }

    /// `camelCase` → `camel_case`.
    static func snakeCase(_ name: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if scalar.properties.isUppercase, !result.isEmpty {
                result.append("_")
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

extension ChoiceSource {
    /// A property or enum case name `[a-z][A-Za-z0-9_]*`, not among `reserved`, unique
    /// among `taken`: letters and digits (simplest: `a`), camel-cased words, or snake case.
    mutating func identifier(taken: [String], reserved: Set<String>) -> String {
        var scalars = String.UnicodeScalarView()
        switch weightedIndex(SwiftNames.identifierStyleWeights) {
        case 0:
            scalars.append(choose(from: Alphabet.lowercase) ?? "a")
            forEachElement(maxCount: 7, averageCount: 1.5) { source, _ in
                scalars.append(source.choose(from: Alphabet.identifierTails) ?? "a")
            }
        case 1:
            var name = choose(from: SwiftNames.words) ?? "id"
            forEachElement(maxCount: 2, averageCount: 0.5) { source, _ in
                let word = source.choose(from: SwiftNames.words) ?? "id"
                name += word.prefix(1).uppercased() + word.dropFirst()
            }
            scalars.append(contentsOf: name.unicodeScalars)
        default:
            scalars.append(contentsOf: (choose(from: SwiftNames.words) ?? "id").unicodeScalars)
            forEachElement(minCount: 1, maxCount: 3, averageCount: 1.3) { source, _ in
                scalars.append("_")
                if source.bool(probability: 0.5) {
                    scalars.append(contentsOf: String(source.int(in: 0...99)).unicodeScalars)
                } else {
                    scalars.append(contentsOf: (source.choose(from: SwiftNames.words) ?? "id").unicodeScalars)
                }
            }
        }
        return SwiftNames.unique(SwiftNames.unreserved(String(scalars), reserved), among: taken)
    }

    /// A type name from `names` (simplest: the first), unique among `taken` and never a
    /// built-in type's name.
    mutating func typeName(from names: [String], taken: [String]) -> String {
        let base = choose(from: names) ?? "Model"
        return SwiftNames.unique(SwiftNames.builtinTypes.contains(base) ? base + "Type" : base, among: taken)
    }
}
