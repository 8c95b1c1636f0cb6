import ModelSchema

/// The names generated schemas give their types, properties and enum cases: type names
/// `[A-Z][A-Za-z0-9_]*`, property and case names `[a-z][A-Za-z0-9_]*` (ASCII), within
/// `SwiftNames`' rules (ModelSchema's, which validation applies) and, stricter than those,
/// never a contextual keyword or a member the compiler declares (`SwiftNames.contextualNames`).
enum GeneratedNames {
    /// What a generated name never is: a keyword, contextual or not, or a member name the
    /// compiler declares.
    static let keywords: Set<String> = SwiftNames.keywords.union(SwiftNames.contextualNames)

    /// Property names a generated struct never declares: `keywords`, and the names the emitted
    /// structs and their hand-written mappers declare themselves.
    static let reservedPropertyNames: Set<String> = keywords.union(SwiftNames.reservedPropertyNames)

    /// Case names a generated enum never declares: `keywords`, and those an emitted enum
    /// declares or inherits.
    static let reservedCaseNames: Set<String> = keywords.union(SwiftNames.reservedCaseNames)

    /// Whether a generated type may not take `name`: a keyword, or a type name the emitted code
    /// refers to or Swift gives a meaning of its own.
    static func isReservedTypeName(_ name: String) -> Bool {
        keywords.contains(name) || SwiftNames.reservedTypeNames.contains(name)
    }

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
