import ModelSchema

/// Enums: reused (choice 0) or new, with `String`, `Int` or no raw values.
extension SchemaBuilder {
    /// The name of an enum whose values fit in `budget` levels: an existing one, or a new one.
    mutating func enumeration(budget: Int, from source: inout ChoiceSource) -> String {
        let reusable = enums.indices.filter { fits(enums[$0], budget: budget) }
        let canCreate = enums.count < profile.maxEnums
        let create = reusable.isEmpty || (canCreate && source.bool(probability: 1 - profile.reuseProbability))
        if !create, let position = source.choose(from: reusable) {
            return enums[position].name
        }
        let made = source.span(.enumDefinition) { source in makeEnum(budget: budget, from: &source) }
        enums.append(made)
        return made.name
    }

    /// A new enum with at least one case and distinct effective raw values.
    mutating func makeEnum(budget: Int, from source: inout ChoiceSource) -> EnumSchema {
        let name = source.typeName(from: GeneratedNames.enumNames, taken: typeNames)
        typeNames.append(name)
        let rawType: EnumSchema.RawType
        switch source.weightedIndex(count: 3, weight: { [4, 3, budget >= 1 ? 2 : 0][$0] }) {
        case 0: rawType = .string
        case 1: rawType = .int
        default: rawType = .none
        }
        var cases: [EnumCase] = []
        var names: [String] = []
        var rawStrings: [String] = []
        var rawInts: [Int64] = []
        var nextInt: Int64? = 0
        source.forEachElement(
            minCount: 1, maxCount: max(1, profile.maxEnumCases), averageCount: max(1, profile.averageEnumCases)
        ) { source, _ in
            let caseName = source.identifier(taken: names, reserved: GeneratedNames.reservedCaseNames)
            names.append(caseName)
            switch rawType {
            case .string:
                let explicit = source.bool(probability: 0.3) ? SchemaBuilder.stringRawValue(from: &source, profile: profile) : nil
                let effective = explicit ?? caseName
                if rawStrings.contains(effective) {
                    let unique = GeneratedNames.unique(effective, among: rawStrings)
                    rawStrings.append(unique)
                    cases.append(EnumCase(name: caseName, rawValue: .string(unique)))
                } else {
                    rawStrings.append(effective)
                    cases.append(EnumCase(name: caseName, rawValue: explicit.map(EnumRawValue.string)))
                }
            case .int:
                let wantsExplicit = source.bool(probability: 0.3) || nextInt == nil
                var value = wantsExplicit ? SchemaBuilder.intRawValue(from: &source) : (nextInt ?? 0)
                var explicit = wantsExplicit
                if rawInts.contains(value) {
                    value = SchemaBuilder.freshInt(among: rawInts)
                    explicit = true
                }
                rawInts.append(value)
                nextInt = value == Int64.max ? nil : value + 1
                cases.append(EnumCase(name: caseName, rawValue: explicit ? .int(value) : nil))
            case .none:
                cases.append(EnumCase(name: caseName))
            }
        }
        return EnumSchema(name: name, rawType: rawType, cases: cases)
    }

    /// An explicit `String` raw value: an edge string or random text (empty allowed).
    static func stringRawValue(from source: inout ChoiceSource, profile: GenerationProfile) -> String {
        if let edge = source.edge(TextEdges.strings, probability: profile.edgeValueProbability) { return edge }
        return source.text(
            maxLength: max(1, profile.maxStringLength), averageLength: max(1, profile.averageStringLength),
            unicodeProbability: profile.unicodeProbability, allowControls: false
        )
    }

    /// Explicit `Int` raw values at the edges, or small ones.
    static let intRawEdges: [Int64] = [0, 1, -1, 42, 1000, -1000, Int64.min, Int64.max]

    /// An explicit `Int` raw value.
    static func intRawValue(from source: inout ChoiceSource) -> Int64 {
        source.edge(intRawEdges, probability: 0.3) ?? source.int64(in: -1000...1000)
    }

    /// A value not among `taken`: one above the largest, else one below the smallest, else
    /// (both ends taken) the first free value counting up from 0.
    static func freshInt(among taken: [Int64]) -> Int64 {
        let largest = taken.max() ?? -1
        if largest < Int64.max { return largest + 1 }
        let smallest = taken.min() ?? 0
        if smallest > Int64.min { return smallest - 1 }
        var candidate: Int64 = 0
        while taken.contains(candidate) { candidate += 1 }
        return candidate
    }
}
