import ModelSchema

/// The state of one schema generation: the structs and enums made so far and the names
/// taken. See `SchemaGenerator` for the rules it keeps.
struct SchemaBuilder {
    /// Where a type is used; decides which kinds are allowed.
    enum Position {
        /// A struct field.
        case field
        /// An array element or an enum-keyed dictionary's value: nothing stored as an array.
        case arrayElement
        /// A set element: hashable scalars and enums only.
        case setElement
        /// A `[String: V]` or `[Int: V]` value.
        case mapValue
    }

    let profile: GenerationProfile
    let typeWeights: [Int]
    /// The situation targets the profile can make, by table.
    let goalTables: [[SituationTarget.Goal]]
    let maxDepth: Int
    /// Finished structs, the root last.
    var structs: [StructSchema] = []
    /// The height of each finished struct (see `SchemaIndex`), by position in `structs`.
    var structHeights: [Int] = []
    var enums: [EnumSchema] = []
    var typeNames: [String] = []
    /// Structs begun, finished or not.
    var structCount = 0
    /// The rule situation the root struct's first field carries, when the schema has one.
    var target: SituationTarget?

    init(profile: GenerationProfile, typeWeights: [Int], goalTables: [[SituationTarget.Goal]]) {
        self.profile = profile
        self.typeWeights = typeWeights
        self.goalTables = goalTables
        maxDepth = profile.effectiveMaxDepth
    }

    /// The schema: the root struct (its fields at level 1) and everything it uses.
    mutating func build(from source: inout ChoiceSource) -> ModelSchema {
        let rootName = source.typeName(from: GeneratedNames.rootNames, taken: typeNames)
        typeNames.append(rootName)
        structCount = 1
        let root = makeStruct(named: rootName, budget: maxDepth - 1, isRoot: true, from: &source)
        return ModelSchema(root: rootName, structs: [root] + structs, enums: enums)
    }

    /// A struct whose field values may reach `budget` levels below the fields' own level.
    /// With `spineProbability` its first field is a spine field (see `makeField`); the root's,
    /// with `situationTargetProbability`, the carrier of a rule situation (`SituationTarget`).
    mutating func makeStruct(named name: String, budget: Int, isRoot: Bool = false, from source: inout ChoiceSource) -> StructSchema {
        source.span(.structDefinition) { source in
            let goal = isRoot && source.bool(probability: profile.situationTargetProbability)
                ? SituationTarget.drawGoal(from: goalTables, from: &source) : nil
            let spine = goal == nil && budget >= 1 && source.bool(probability: profile.spineProbability)
            let first = goal != nil || spine
            var fields: [FieldSchema] = []
            source.forEachElement(
                minCount: first ? 1 : 0, maxCount: max(profile.maxFieldsPerStruct, first ? 1 : 0),
                averageCount: profile.averageFieldsPerStruct
            ) { source, position in
                let field = source.span(.field) { source in
                    if let goal, position == 0 {
                        let carrier = carrier(goal, name: "situation", budget: budget, from: &source)
                        target = SituationTarget(goal: goal, carrier: carrier)
                        return carrier
                    }
                    return makeField(budget: budget, siblings: fields, spine: spine && position == 0, from: &source)
                }
                fields.append(field)
            }
            if !fields.isEmpty, fields.allSatisfy({ $0.codingKey == nil }) {
                // Swift has no `enum CodingKeys: String, CodingKey` without cases: code the first.
                fields[0].codingKey = fields[0].name
            }
            return StructSchema(name: name, fields: fields)
        }
    }

    /// One field: name (unique among the siblings' names and keys, so that an unrenamed
    /// key is free), wrapper, type, coding key. A spine field is a new required struct
    /// (when one can still be made).
    mutating func makeField(budget: Int, siblings: [FieldSchema], spine: Bool, from source: inout ChoiceSource) -> FieldSchema {
        let name = source.identifier(taken: siblings.map(\.name) + siblings.compactMap(\.codingKey), reserved: GeneratedNames.reservedPropertyNames)
        var wrapper: PropertyWrapper?
        let type: FieldType
        if spine, structCount < profile.maxStructs {
            type = .structure(newStructure(budget: budget, from: &source))
        } else if source.bool(probability: profile.wrapperProbability) {
            switch source.weightedIndex(SchemaBuilder.wrapperWeights) {
            case 0:
                wrapper = .documentID
                type = .optional(source.bool(probability: 0.5) ? .documentReference : .string)
            case 1:
                wrapper = .serverTimestamp
                type = .optional(source.bool(probability: 0.5) ? .timestamp : .date)
            default:
                wrapper = .explicitNull
                type = .optional(drawType(budget: budget, position: .field, from: &source))
            }
        } else {
            let inner = drawType(budget: budget, position: .field, from: &source)
            type = source.bool(probability: profile.optionalProbability) ? .optional(inner) : inner
        }
        if type.zeroValue != nil, source.bool(probability: profile.omittedKeyProbability) {
            return FieldSchema(name: name, keyed: false, type: type, wrapper: wrapper)
        }
        let takenKeys = siblings.compactMap(\.codingKey)
        var key = name
        if source.bool(probability: profile.renameProbability) {
            key = renamedKey(for: name, siblings: siblings, from: &source)
        }
        let coding = wrapper == nil ? drawCoding(for: type, from: &source) : nil
        // `superDecoder()` and `superEncoder()` are the calls under the key `super`.
        if coding == .superCoder, !takenKeys.contains("super"), source.bool(probability: 0.5) { key = "super" }
        return FieldSchema(name: name, codingKey: SchemaBuilder.uniqueKey(key, among: takenKeys, twinsAllowed: profile.canonicalTwinKeys), type: type,
                           wrapper: wrapper, coding: coding)
    }

    /// A hand-written coding for a coded property of `type`, with the profile's probability,
    /// drawn evenly among those that fit it; nil for the calls synthesized code makes.
    mutating func drawCoding(for type: FieldType, from source: inout ChoiceSource) -> FieldCoding? {
        guard profile.handCodingProbability > 0 else { return nil }
        let finished = ModelSchema(root: "", structs: structs, enums: enums)
        let fitting = FieldCoding.allCases.filter { $0.fits(type, in: finished) }
        guard !fitting.isEmpty, source.bool(probability: profile.handCodingProbability) else { return nil }
        return source.choose(from: fitting)
    }

    /// `@DocumentID`, `@ServerTimestamp`, `@ExplicitNull`: simplest first (a `@DocumentID`
    /// key is absent from documents, the others are always present).
    static let wrapperWeights = [2, 2, 3]

    /// `key`, or `key_2`, `key_3`, … — the first not among `taken` by code points, or also
    /// as a Swift string when `twinsAllowed` is false (a key near the byte limit restarts from `k`).
    static func uniqueKey(_ key: String, among taken: [String], twinsAllowed: Bool) -> String {
        func isTaken(_ candidate: String) -> Bool {
            taken.contains { $0.utf8.elementsEqual(candidate.utf8) || (!twinsAllowed && $0 == candidate) }
        }
        guard isTaken(key) else { return key }
        let base = key.utf8.count > 1400 ? "k" : key
        var suffix = 2
        while isTaken(base + "_" + String(suffix)) { suffix += 1 }
        return base + "_" + String(suffix)
    }
}
