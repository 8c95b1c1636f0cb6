import ModelSchema

/// Coding keys that differ from the property name.
extension SchemaBuilder {
    /// Renamed-key styles: snake case, random text, an edge key, a sibling's property name,
    /// a canonical twin of a sibling's key, the name capitalized.
    static let renameStyleWeights = [2, 3, 2, 1, 2, 1]

    /// A coding key for the property `name` other than the name itself (as a valid field
    /// name; uniqueness is the caller's).
    func renamedKey(for name: String, siblings: [FieldSchema], from source: inout ChoiceSource) -> String {
        let style = source.weightedIndex(count: SchemaBuilder.renameStyleWeights.count) { index in
            if index == 3, siblings.isEmpty { return 0 }
            if index == 4, !profile.canonicalTwinKeys { return 0 }
            return SchemaBuilder.renameStyleWeights[index]
        }
        let key: String
        switch style {
        case 0:
            let snake = GeneratedNames.snakeCase(name)
            key = snake == name ? name + "_key" : snake
        case 1:
            key = source.fieldName(profile: profile, edgeProbability: 0)
        case 2:
            key = source.choose(from: TextEdges.keys) ?? name
        case 3:
            key = source.choose(from: siblings)?.name ?? name
        case 4:
            let candidates = siblings.compactMap(\.codingKey) + [name]
            let original = source.choose(from: candidates) ?? name
            key = TextEdges.canonicalTwin(of: original) ?? original + "\u{E9}"
        default:
            let capitalized = name.prefix(1).uppercased() + name.dropFirst()
            key = capitalized == name ? name + "_" : capitalized
        }
        return TextEdges.validFieldName(key)
    }
}
