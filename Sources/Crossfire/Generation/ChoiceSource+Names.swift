extension ChoiceSource {
    /// A property or enum case name `[a-z][A-Za-z0-9_]*`, not among `reserved`, unique
    /// among `taken`: letters and digits (simplest: `a`), camel-cased words, or snake case.
    mutating func identifier(taken: [String], reserved: Set<String>) -> String {
        var scalars = String.UnicodeScalarView()
        switch weightedIndex(GeneratedNames.identifierStyleWeights) {
        case 0:
            scalars.append(choose(from: Alphabet.lowercase) ?? "a")
            forEachElement(maxCount: 7, averageCount: 1.5) { source, _ in
                scalars.append(source.choose(from: Alphabet.identifierTails) ?? "a")
            }
        case 1:
            var name = choose(from: GeneratedNames.words) ?? "id"
            forEachElement(maxCount: 2, averageCount: 0.5) { source, _ in
                let word = source.choose(from: GeneratedNames.words) ?? "id"
                name += word.prefix(1).uppercased() + word.dropFirst()
            }
            scalars.append(contentsOf: name.unicodeScalars)
        default:
            scalars.append(contentsOf: (choose(from: GeneratedNames.words) ?? "id").unicodeScalars)
            forEachElement(minCount: 1, maxCount: 3, averageCount: 1.3) { source, _ in
                scalars.append("_")
                if source.bool(probability: 0.5) {
                    scalars.append(contentsOf: String(source.int(in: 0...99)).unicodeScalars)
                } else {
                    scalars.append(contentsOf: (source.choose(from: GeneratedNames.words) ?? "id").unicodeScalars)
                }
            }
        }
        return GeneratedNames.unique(GeneratedNames.unreserved(String(scalars), reserved), among: taken)
    }

    /// A type name from `names` (simplest: the first), unique among `taken` and never a
    /// built-in type's name.
    mutating func typeName(from names: [String], taken: [String]) -> String {
        let base = choose(from: names) ?? "Model"
        return GeneratedNames.unique(GeneratedNames.isReservedTypeName(base) ? base + "Type" : base, among: taken)
    }
}
