import FirestoreModel
import ModelSchema

/// A schema prepared once for mapping: type names resolved to indexes, enum raw values
/// and lookup tables computed, the zero value of every uncoded property ready, so that
/// mapping a document never searches the schema.
final class SchemaPlan: Sendable {
    /// The index of the root struct in `structs`, nil when the schema does not define it.
    let rootIndex: Int?
    /// The name the schema gives its root.
    let rootName: String
    /// Every struct, in schema order.
    let structs: [StructPlan]
    /// Every enum, in schema order.
    let enums: [EnumPlan]
    /// The zero value of any type of the schema.
    private let zeros: ZeroValues

    init(_ schema: ModelSchema) {
        let structIndex = schema.structPositions
        let enumIndex = schema.enumPositions
        func resolve(_ type: FieldType) -> TypePlan {
            switch type {
            case .string: return .string
            case .bool: return .bool
            case .integer(let width): return .integer(width)
            case .float: return .float
            case .double: return .double
            case .decimal: return .decimal
            case .date: return .date
            case .url: return .url
            case .data: return .data
            case .timestamp: return .timestamp
            case .geoPoint: return .geoPoint
            case .documentReference: return .documentReference
            case .hexColor: return .hexColor
            case .enumeration(let name): return enumIndex[name].map(TypePlan.enumeration) ?? .undefined(name)
            case .structure(let name): return structIndex[name].map(TypePlan.structure) ?? .undefined(name)
            case .optional(let inner): return .optional(resolve(inner))
            case .array(let element): return .array(resolve(element))
            case .set(let element): return .set(resolve(element))
            case .dictionary(.string, let value): return .stringDictionary(resolve(value))
            case .dictionary(.int, let value): return .intDictionary(resolve(value))
            case .dictionary(.enumeration(let name), let value):
                guard let key = enumIndex[name] else { return .undefined(name) }
                return .enumDictionary(key: key, value: resolve(value))
            }
        }
        let enums = schema.enums.map(EnumPlan.init)
        let shapes = schema.structs.map { structSchema in
            (structSchema.name, structSchema.fields.map { ($0, resolve($0.type)) })
        }
        let zeros = ZeroValues(structFields: shapes.map { $0.1.map { ($0.0.name, $0.1) } }, enums: enums)
        self.structs = shapes.map { name, fields in
            StructPlan(name: name, fields: fields.map { field, type in
                FieldPlan(name: field.name, key: field.codingKey, type: type, wrapper: field.wrapper, coding: field.coding,
                          zero: zeros.value(of: type))
            })
        }
        self.enums = enums
        self.zeros = zeros
        self.rootName = schema.root
        self.rootIndex = structIndex[schema.root]
    }

    /// The value a property of the type has when nothing sets it.
    func zero(of type: TypePlan) -> ModelValue {
        zeros.value(of: type)
    }

    /// The Swift spelling of a planned type, as `FieldType.description` spells it.
    func spelling(of type: TypePlan) -> String { // Apart from FieldType.description on purpose: the differ compares this mapper's messages.
        switch type {
        case .string: return "String"
        case .bool: return "Bool"
        case .integer(let width): return width.rawValue
        case .float: return "Float"
        case .double: return "Double"
        case .decimal: return "Decimal"
        case .date: return "Date"
        case .url: return "URL"
        case .data: return "Data"
        case .timestamp: return "Timestamp"
        case .geoPoint: return "GeoPoint"
        case .documentReference: return "DocumentReference"
        case .hexColor: return "Color"
        case .enumeration(let index): return enums[index].name
        case .structure(let index): return structs[index].name
        case .optional(let inner): return spelling(of: inner) + "?"
        case .array(let element): return "[\(spelling(of: element))]"
        case .set(let element): return "Set<\(spelling(of: element))>"
        case .stringDictionary(let value): return "[String: \(spelling(of: value))]"
        case .intDictionary(let value): return "[Int: \(spelling(of: value))]"
        case .enumDictionary(let key, let value): return "[\(enums[key].name): \(spelling(of: value))]"
        case .undefined(let name): return name
        }
    }
}

/// A property type with every name resolved.
indirect enum TypePlan: Sendable {
    case string, bool, float, double, decimal, date, url, data, timestamp, geoPoint, documentReference, hexColor
    case integer(IntegerType)
    /// An enum, by index into `SchemaPlan.enums`.
    case enumeration(Int)
    /// A struct, by index into `SchemaPlan.structs`.
    case structure(Int)
    case optional(TypePlan)
    case array(TypePlan)
    case set(TypePlan)
    /// `[String: V]`: a map with the keys verbatim.
    case stringDictionary(TypePlan)
    /// `[Int: V]`: a map with decimal-string keys.
    case intDictionary(TypePlan)
    /// `[E: V]` for a schema enum `E`: a flat array of keys and values.
    case enumDictionary(key: Int, value: TypePlan)
    /// A struct or enum name the schema does not define: every value of it is invalid.
    case undefined(String)

    /// The type without one level of `Optional`.
    var unwrapped: TypePlan {
        if case .optional(let inner) = self { return inner }
        return self
    }
}

/// One struct, ready for mapping. (Plans are classes so that walking them costs one
/// retain, not one per stored property.)
final class StructPlan: Sendable {
    let name: String
    let fields: [FieldPlan]

    init(name: String, fields: [FieldPlan]) {
        self.name = name
        self.fields = fields
    }
}

/// One stored property, ready for mapping.
final class FieldPlan: Sendable {
    /// The Swift property name (the `ModelField` name).
    let name: String
    /// The Firestore field name; nil when `CodingKeys` leave the property out.
    let key: String?
    let type: TypePlan
    let wrapper: PropertyWrapper?
    /// The hand-written coding of the property (`FieldCoding`), nil for synthesized coding.
    let coding: FieldCoding?
    /// The value the property keeps when it is not coded.
    let zero: ModelValue

    init(name: String, key: String?, type: TypePlan, wrapper: PropertyWrapper?, coding: FieldCoding?, zero: ModelValue) {
        self.name = name
        self.key = key
        self.type = type
        self.wrapper = wrapper
        self.coding = coding
        self.zero = zero
    }
}

/// One enum, with the lookups decoding needs.
final class EnumPlan: Sendable {
    let name: String
    let rawType: EnumSchema.RawType
    /// Case names, in declaration order.
    let caseNames: [String]
    /// The effective raw value of each case (nil for enums without raw values).
    let rawValues: [EnumRawValue?]
    /// Case index by name (the first case of a name wins).
    let caseByName: [String: Int]
    /// Case index by `String` raw value.
    let caseByStringRaw: [String: Int]
    /// Case index by `Int` raw value.
    let caseByIntRaw: [Int64: Int]

    init(_ schema: EnumSchema) {
        name = schema.name
        rawType = schema.rawType
        caseNames = schema.cases.map(\.name)
        var rawValues: [EnumRawValue?] = []
        var byName: [String: Int] = [:]
        var byString: [String: Int] = [:]
        var byInt: [Int64: Int] = [:]
        var nextInt: Int64 = 0
        for (index, enumCase) in schema.cases.enumerated() {
            if byName[enumCase.name] == nil { byName[enumCase.name] = index }
            switch schema.rawType {
            case .none:
                rawValues.append(nil)
            case .string:
                let raw: String
                if case .string(let explicit)? = enumCase.rawValue { raw = explicit } else { raw = enumCase.name }
                rawValues.append(.string(raw))
                if byString[raw] == nil { byString[raw] = index }
            case .int:
                if case .int(let explicit)? = enumCase.rawValue { nextInt = explicit }
                rawValues.append(.int(nextInt))
                if byInt[nextInt] == nil { byInt[nextInt] = index }
                nextInt &+= 1
            }
        }
        self.rawValues = rawValues
        caseByName = byName
        caseByStringRaw = byString
        caseByIntRaw = byInt
    }
}
