import ModelSchema

/// Field types: the kind by the profile's weights among the kinds the position and the
/// remaining depth allow, then the kind's parameters.
extension SchemaBuilder {
    /// A type whose value may reach `budget` levels below its own (never optional; the
    /// caller adds that).
    mutating func drawType(budget: Int, position: Position, from source: inout ChoiceSource) -> FieldType {
        source.span(.type) { source in
            let kinds = TypeKind.allCases
            let index = source.weightedIndex(count: kinds.count) { index in
                isAllowed(kinds[index], budget: budget, position: position) ? typeWeights[index] : 0
            }
            return makeType(kinds[index], budget: budget, position: position, from: &source)
        }
    }

    /// Whether a kind may be drawn at a position with the remaining depth.
    func isAllowed(_ kind: TypeKind, budget: Int, position: Position) -> Bool {
        switch kind {
        case .bool, .integer, .string, .double, .float, .decimal, .date, .timestamp, .url, .data, .geoPoint,
             .documentReference, .hexColor:
            return true
        case .enumeration:
            return enums.count < profile.maxEnums || enums.contains { fits($0, budget: budget) }
        case .array, .set:
            return budget >= 1 && position != .arrayElement && position != .setElement
        case .dictionary:
            return budget >= 1 && position != .setElement
        case .structure:
            guard budget >= 1, position != .setElement else { return false }
            return structCount < profile.maxStructs || structHeights.contains { $0 <= budget }
        }
    }

    /// Whether an enum's values fit in `budget` levels (an enum without raw values needs one).
    func fits(_ enumSchema: EnumSchema, budget: Int) -> Bool {
        enumSchema.rawType != .none || budget >= 1
    }

    mutating func makeType(_ kind: TypeKind, budget: Int, position: Position, from source: inout ChoiceSource) -> FieldType {
        switch kind {
        case .bool: return .bool
        case .integer: return .integer(source.choose(from: IntegerType.allCases) ?? .int)
        case .string: return .string
        case .double: return .double
        case .float: return .float
        case .decimal: return .decimal
        case .date: return .date
        case .timestamp: return .timestamp
        case .url: return .url
        case .data: return .data
        case .geoPoint: return .geoPoint
        case .documentReference: return .documentReference
        case .hexColor: return .hexColor
        case .enumeration: return .enumeration(enumeration(budget: budget, from: &source))
        case .array: return .array(elementType(budget: budget - 1, position: .arrayElement, from: &source))
        case .set: return .set(drawType(budget: budget - 1, position: .setElement, from: &source))
        case .dictionary: return dictionary(budget: budget, position: position, from: &source)
        case .structure: return .structure(structure(budget: budget, from: &source))
        }
    }

    /// An element or dictionary value type, optional with the profile's element probability.
    mutating func elementType(budget: Int, position: Position, from source: inout ChoiceSource) -> FieldType {
        let inner = drawType(budget: budget, position: position, from: &source)
        return source.bool(probability: profile.optionalElementProbability) ? .optional(inner) : inner
    }

    /// `[String: V]`, `[Int: V]` or `[E: V]`; the last is stored as a flat array, so not
    /// inside another array, and its values are not arrays.
    mutating func dictionary(budget: Int, position: Position, from source: inout ChoiceSource) -> FieldType {
        let enumKeysAllowed = position != .arrayElement
            && (enums.count < profile.maxEnums || enums.contains { fits($0, budget: budget - 1) })
        switch source.weightedIndex(count: 3, weight: { [3, 2, enumKeysAllowed ? 3 : 0][$0] }) {
        case 0:
            return .dictionary(key: .string, value: elementType(budget: budget - 1, position: .mapValue, from: &source))
        case 1:
            return .dictionary(key: .int, value: elementType(budget: budget - 1, position: .mapValue, from: &source))
        default:
            let key = enumeration(budget: budget - 1, from: &source)
            return .dictionary(key: .enumeration(key), value: elementType(budget: budget - 1, position: .arrayElement, from: &source))
        }
    }

    /// The name of an existing struct that fits (choice 0) or of a new one.
    mutating func structure(budget: Int, from source: inout ChoiceSource) -> String {
        let reusable = structHeights.indices.filter { structHeights[$0] <= budget }
        let canCreate = structCount < profile.maxStructs
        let create = reusable.isEmpty || (canCreate && source.bool(probability: 1 - profile.reuseProbability))
        if !create, let position = source.choose(from: reusable) {
            return structs[position].name
        }
        return newStructure(budget: budget, from: &source)
    }

    /// The name of a new struct whose values fit in `budget` levels.
    mutating func newStructure(budget: Int, from source: inout ChoiceSource) -> String {
        let name = source.typeName(from: GeneratedNames.structNames, taken: typeNames)
        typeNames.append(name)
        structCount += 1
        let made = makeStruct(named: name, budget: budget - 1, from: &source)
        structs.append(made)
        structHeights.append(height(of: made))
        return name
    }

    /// The height of a finished struct's values (see `SchemaIndex`), from the heights of
    /// the structs it uses, all finished before it.
    func height(of structSchema: StructSchema) -> Int {
        var tallest = -1
        for field in structSchema.fields where field.codingKey != nil {
            let fieldHeight = SchemaIndex.height(
                of: field.type,
                enumHasRawValues: { name in enums.first { $0.name == name }?.rawType != EnumSchema.RawType.none },
                structHeight: { name in structs.firstIndex { $0.name == name }.map { structHeights[$0] } ?? 0 }
            )
            tallest = max(tallest, fieldHeight)
        }
        return tallest < 0 ? 0 : tallest + 1
    }
}
