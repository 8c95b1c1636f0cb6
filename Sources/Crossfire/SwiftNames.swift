/// Swift names for generated types, properties and enum cases: always valid identifiers
/// without backticks, never keywords or the names of members Swift synthesizes.
enum SwiftNames {
    /// Swift keywords, contextual keywords included, and names that clash with members a
    /// struct, an enum or `CodingKeys` gets from the compiler.
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "associativity", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy",
        "left", "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence", "prefix",
        "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet", "async", "actor",
        "any", "macro", "package", "consume", "copy", "discard", "borrowing", "consuming", "each", "isolated",
        "nonisolated", "sending", "then", "rawValue", "hashValue", "hash", "stringValue", "intValue",
        "description", "debugDescription", "allCases", "encode", "wrappedValue", "projectedValue",
    ]

    /// Type names the schema must not shadow: standard library, Foundation and Firestore
    /// types that generated code spells.
    static let builtinTypes: Set<String> = [
        "String", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Float", "Double", "Decimal", "Date", "URL", "Data", "Timestamp", "GeoPoint", "DocumentReference", "Color",
        "Optional", "Array", "Set", "Dictionary", "CodingKeys", "CodingKey", "Codable", "Encoder", "Decoder",
        "DocumentID", "ServerTimestamp", "ExplicitNull", "Firestore", "FieldValue", "VectorValue", "Any", "Never",
    ]

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

    /// The name with `_` appended when it is reserved.
    static func unreserved(_ name: String) -> String {
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
    /// A property or enum case name: a valid Swift identifier that starts with a lowercase
    /// letter (or, with `unicodeProbability`, a letter beyond ASCII), is not reserved and is
    /// unique among `taken`. Simplest: `a`.
    mutating func identifier(unicodeProbability: Double, taken: [String]) -> String {
        var scalars = String.UnicodeScalarView()
        switch weightedIndex([6, 3, unicodeProbability > 0 ? 2 : 0]) {
        case 0:
            scalars.append(choose(from: Alphabet.lowercase) ?? "a")
            forEachElement(maxCount: 7, averageCount: 1.5) { source, _ in
                scalars.append(source.choose(from: Alphabet.identifierASCIITails) ?? "a")
            }
        case 1:
            var name = choose(from: SwiftNames.words) ?? "id"
            forEachElement(maxCount: 2, averageCount: 0.5) { source, _ in
                let word = source.choose(from: SwiftNames.words) ?? "id"
                name += word.prefix(1).uppercased() + word.dropFirst()
            }
            scalars.append(contentsOf: name.unicodeScalars)
        default:
            scalars.append(choose(from: Alphabet.identifierHeads) ?? "\u{E9}")
            forEachElement(maxCount: 5, averageCount: 1.5) { source, _ in
                let tail = source.bool(probability: 0.5) ? Alphabet.identifierTails : Alphabet.identifierASCIITails
                scalars.append(source.choose(from: tail) ?? "a")
            }
        }
        return SwiftNames.unique(SwiftNames.unreserved(String(scalars)), among: taken)
    }

    /// A type name from `names` (simplest: the first), unique among `taken` and never a
    /// built-in type's name.
    mutating func typeName(from names: [String], taken: [String]) -> String {
        let base = choose(from: names) ?? "Model"
        return SwiftNames.unique(SwiftNames.builtinTypes.contains(base) ? base + "Type" : base, among: taken)
    }
}
