import FirestoreJSON

/// The naming rules a schema follows so that its Swift form compiles and reads like code a
/// developer writes: type names `[A-Z][A-Za-z0-9_]*`, property and case names
/// `[a-z][A-Za-z0-9_]*`, no Swift keyword, and none of the names the emitted code itself
/// uses (see `SwiftEmitter`). The one list of Swift's reserved names in the package: the engine's
/// schema generator (`GeneratedNames` in `Crossfire`) draws its names within these rules.
package enum SwiftNames {
    /// Whether `name` is ASCII, starts with a letter of the given case, and continues with
    /// letters, digits and underscores.
    static func isIdentifier(_ name: String, startingUppercase: Bool) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        let firstIsRight = startingUppercase ? ("A"..."Z").contains(first) : ("a"..."z").contains(first)
        return firstIsRight && name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }
    }

    /// Swift's reserved words (declarations, statements, expressions and types), which
    /// cannot name a property, case or type without backticks.
    package static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "await", "false",
        "is", "nil", "self", "super", "throws", "true", "try", "Any", "Self", "Type", "Protocol",
    ]

    /// Contextual keywords and the members the compiler gives a struct, an enum or `CodingKeys`
    /// (`description`, `allCases`, `stringValue` …): legal names that a schema may use (the
    /// emitted code copes with them), but that generated schemas avoid, so that a generated
    /// model never depends on that coping.
    package static let contextualNames: Set<String> = [
        "associativity", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy",
        "left", "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence", "prefix",
        "required", "right", "set", "some", "unowned", "weak", "willSet", "async", "actor", "any", "macro",
        "package", "consume", "copy", "discard", "each", "isolated", "sending", "then", "stringValue",
        "intValue", "description", "debugDescription", "allCases", "encode", "wrappedValue", "projectedValue",
        "hash",
    ]

    /// Type names the emitted code refers to, or that Swift gives a meaning of its own;
    /// a schema type with one of these names would shadow it.
    package static let reservedTypeNames: Set<String> = FieldTypeParser.reservedTypeNames.union([
        "Any", "Self", "Type", "Protocol", "Never", "Void", "Error", "Sendable", "Character", "Substring",
        "Codable", "Encodable", "Decodable", "Hashable", "Equatable", "CodingKey", "CodingKeys",
        "Decoder", "Encoder", "DecodingError", "EncodingError", "NSNull", "NSNumber", "NSDecimalNumber",
        "FieldValue", "ModelValue", "ModelField", "ModelDictionaryEntry", "RGBAColor", "EmittedModel",
        "DocumentID", "ServerTimestamp", "ExplicitNull", "Firestore",
        "Swift", "Foundation", "FirestoreModel", "FirestoreCodable", "ModelSchema",
    ])

    /// Member names every emitted struct declares (`dictionary`, `modelValue`) or that
    /// `Hashable` declares, and the emitted support functions' names, which a property's
    /// name would shadow inside the mapper; a property with one of these names would clash.
    package static let reservedPropertyNames: Set<String> = Set(["dictionary", "modelValue", "hashValue"])
        .union(SwiftSupport.Helper.allCases.map(\.rawValue))

    /// Member names every emitted enum declares or inherits.
    package static let reservedCaseNames: Set<String> = ["rawValue", "hashValue", "modelValue", "firestoreValue"]

    /// Why `name` cannot name a type, or nil when it can.
    static func problem(withTypeName name: String) -> String? {
        if !isIdentifier(name, startingUppercase: true) {
            return "\(JSONObject.quoted(name)) is not a type name: expected an ASCII letter A-Z followed by letters, digits or '_'"
        }
        if keywords.contains(name) || reservedTypeNames.contains(name) {
            return "\(name) is reserved: it names a built-in type or one the emitted code uses"
        }
        return nil
    }

    /// Why `name` cannot name a property or enum case, or nil when it can.
    static func problem(withMemberName name: String, reserved: Set<String>) -> String? {
        if !isIdentifier(name, startingUppercase: false) {
            return "\(JSONObject.quoted(name)) is not a property or case name: expected an ASCII letter a-z followed by letters, digits or '_'"
        }
        if keywords.contains(name) { return "\(name) is a Swift keyword" }
        if reserved.contains(name) { return "\(name) is reserved: the emitted code declares a member with this name" }
        return nil
    }
}
