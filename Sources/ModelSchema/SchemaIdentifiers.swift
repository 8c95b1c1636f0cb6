/// Names for a schema made from names that do not follow its rules (`SwiftNames`): a Swift
/// type's name or a coding key turned into a valid, unused type or property name, for schemas
/// derived from something else (`SchemaProbe` derives them from a model type).
package enum SchemaIdentifiers {
    /// A valid type name for `text`, not in `taken`: every character but ASCII letters, digits
    /// and `_` replaced by `_`, the first letter upper-cased (or `Model` put in front when the
    /// name does not start with a letter), `Model` appended to a reserved name, then `2`, `3` …
    /// until the name is free.
    package static func typeName(for text: String, avoiding taken: Set<String>) -> String {
        var base = identifierCharacters(text)
        if let first = base.unicodeScalars.first, ("a"..."z").contains(first) {
            base = base.prefix(1).uppercased() + base.dropFirst()
        }
        if !(base.unicodeScalars.first.map { ("A"..."Z").contains($0) } ?? false) { base = "Model" + base }
        if SwiftNames.problem(withTypeName: base) != nil { base += "Model" }
        return unused(base, avoiding: taken)
    }

    /// A valid property name for `text` (a coding key), not in `taken`: as `typeName`, with the
    /// first letter lower-cased (or `field` put in front) and `Value` appended to a keyword or a
    /// reserved member name.
    package static func propertyName(for text: String, avoiding taken: Set<String>) -> String {
        var base = identifierCharacters(text)
        if let first = base.unicodeScalars.first, ("A"..."Z").contains(first) {
            base = base.prefix(1).lowercased() + base.dropFirst()
        }
        if !(base.unicodeScalars.first.map { ("a"..."z").contains($0) } ?? false) { base = "field" + base }
        if SwiftNames.problem(withMemberName: base, reserved: SwiftNames.reservedPropertyNames) != nil { base += "Value" }
        return unused(base, avoiding: taken)
    }

    /// `text` with every character but ASCII letters, digits and `_` replaced by `_`.
    private static func identifierCharacters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) ? scalar : "_"
        }))
    }

    private static func unused(_ base: String, avoiding taken: Set<String>) -> String {
        var name = base
        var suffix = 2
        while taken.contains(name) {
            name = "\(base)\(suffix)"
            suffix += 1
        }
        return name
    }
}
