import ModelSchema

/// The carrier of a `SituationTarget`: the root struct's first field, of the goal's type, with
/// the enum or struct it needs (a new enum of the raw type the goal asks for; a struct drawn
/// as any field's).
extension SchemaBuilder {
    /// The carrier of `goal`, named by `name`, whose values may reach `budget` levels below it.
    mutating func carrier(_ goal: SituationTarget.Goal, name: String, budget: Int, from source: inout ChoiceSource) -> FieldSchema {
        switch goal {
        case .rule(let situation):
            return carrier(situation, name: name, from: &source)
        case .coding(let coding, _):
            let type = codedType(coding, budget: budget, from: &source)
            // A struct drawn without a coded field cannot be read inline: the carrier is then plain.
            let fits = coding.problem(with: type, in: ModelSchema(root: "", structs: structs, enums: enums)) == nil
            return FieldSchema(name: name, type: type, coding: fits ? coding : nil)
        case .type(let family, _):
            return FieldSchema(name: name, type: type(of: family, budget: budget, from: &source))
        case .container(let container, _):
            return FieldSchema(name: name, type: collection(holding: container, from: &source))
        }
    }

    /// The carrier of a rule situation: its type (for some situations drawn among those it holds in).
    private func carrier(_ situation: RuleSituation, name: String, from source: inout ChoiceSource) -> FieldSchema {
        switch situation {
        case .int8AsBoolean: return FieldSchema(name: name, type: .integer(.int8))
        case .dateBelowMicrosecond, .dateFromNumber: return FieldSchema(name: name, type: .date)
        case .timestampBelowMicrosecond: return FieldSchema(name: name, type: .timestamp)
        case .decimalThroughDouble: return FieldSchema(name: name, type: .decimal)
        case .emptyURL: return FieldSchema(name: name, type: .url)
        case .nilServerTimestamp:
            return FieldSchema(name: name, type: .optional(source.bool(probability: 0.5) ? .timestamp : .date), wrapper: .serverTimestamp)
        case .documentIDFromReference:
            return FieldSchema(name: name, type: .optional(source.bool(probability: 0.5) ? .documentReference : .string), wrapper: .documentID)
        case .nullEntryDropped:
            let value = source.choose(from: [FieldType.date, .data, .url, .decimal]) ?? .date
            return FieldSchema(name: name, type: .dictionary(key: .string, value: value))
        case .nullElementIndexTwice:
            // The elements the SDK's decoder reads itself: through the generic call, or a
            // hand-written list's concrete overloads.
            if source.bool(probability: 0.5) {
                let element = source.choose(from: [FieldType.date, .data, .url, .decimal, .dictionary(key: .string, value: .integer(.int))]) ?? .date
                return FieldSchema(name: name, type: .array(element))
            }
            return FieldSchema(name: name, type: .array(Self.concreteScalar(from: &source)), coding: .elementwise)
        }
    }

    /// A type a coding fits (sometimes optional, where the coding allows it).
    private mutating func codedType(_ coding: FieldCoding, budget: Int, from source: inout ChoiceSource) -> FieldType {
        let optional = coding != .superCoder && source.bool(probability: 0.3)
        let type: FieldType
        switch coding {
        case .elementwise:
            let element = source.bool(probability: 0.8) ? Self.concreteScalar(from: &source) : .date
            type = .array(source.bool(probability: 0.2) ? .optional(element) : element)
        case .nested, .superCoder:
            type = .structure(newStructure(budget: budget, from: &source))
        case .singleValue:
            type = Self.concreteScalar(from: &source)
        case .twoEncodings:
            type = source.choose(from: [FieldType.data, .double, .bool] + IntegerType.allCases.map(FieldType.integer)) ?? .data
        }
        return optional ? .optional(type) : type
    }

    /// A (non-optional) type of a family.
    private mutating func type(of family: TypeFamily, budget: Int, from source: inout ChoiceSource) -> FieldType {
        switch family {
        case .integer: return .integer(source.choose(from: IntegerType.allCases) ?? .int)
        case .rawEnum: return .enumeration(newEnum(raw: source.bool(probability: 0.5) ? .int : .string))
        case .caseEnum: return .enumeration(newEnum(raw: .none))
        case .structure: return .structure(newStructure(budget: budget, from: &source))
        case .array: return .array(.integer(.int))
        case .set: return .set(.string)
        case .stringDictionary: return .dictionary(key: .string, value: .integer(.int))
        case .intDictionary: return .dictionary(key: .int, value: .string)
        case .enumDictionary: return .dictionary(key: .enumeration(newEnum(raw: .string)), value: .integer(.int))
        default:
            // Every other family is one scalar type.
            return Self.scalarTypes.first { TypeFamily($0, schema: ModelSchema(root: "", structs: [])) == family } ?? .string
        }
    }

    /// The scalar types that are a family each.
    private static let scalarTypes: [FieldType] = [
        .string, .bool, .float, .double, .decimal, .date, .url, .data, .timestamp, .geoPoint, .documentReference, .hexColor,
    ]

    /// A collection whose elements (or entries) sit in `container`.
    private mutating func collection(holding container: LeafContainer, from source: inout ChoiceSource) -> FieldType {
        let element = source.bool(probability: 0.5) ? FieldType.integer(.int) : .string
        switch container {
        case .setElement: return .set(element)
        case .stringKeyedValue: return .dictionary(key: .string, value: element)
        case .intKeyedValue: return .dictionary(key: .int, value: element)
        case .enumKeyedKey, .enumKeyedValue: return .dictionary(key: .enumeration(newEnum(raw: .string)), value: element)
        case .topLevel, .structField, .arrayElement: return .array(element)
        }
    }

    /// A `String`, `Bool`, `Double`, `Float` or integer type.
    private static func concreteScalar(from source: inout ChoiceSource) -> FieldType {
        source.choose(from: [FieldType.string, .bool, .double, .float] + IntegerType.allCases.map(FieldType.integer)) ?? .string
    }

    /// A new enum of the raw type with two cases, `first` and `second`.
    private mutating func newEnum(raw: EnumSchema.RawType) -> String {
        var name = raw == .none ? "SituationCase" : "SituationRaw"
        while typeNames.contains(name) { name += "_" }
        typeNames.append(name)
        enums.append(EnumSchema(name: name, rawType: raw, cases: [EnumCase(name: "first"), EnumCase(name: "second")]))
        return name
    }
}
