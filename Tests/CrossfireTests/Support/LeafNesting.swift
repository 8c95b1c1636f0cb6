import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// Where a leaf field `leaf` sits in a hand-built model: at the top level, as the element or
/// value of a collection itself, or in a struct `Holder` inside one. Each nesting makes the
/// schema, the model value and the document around one leaf, so a test can put the same
/// situation at every nesting it can occur in.
enum LeafNesting: String, CaseIterable, Sendable {
    /// `Model { leaf }`.
    case topLevel
    /// `Model { leafs: [T] }`.
    case arrayElement
    /// `Model { byName: [String: T] }`.
    case stringKeyedValue
    /// `Model { leafs: Set<T> }`.
    case setElement
    /// `Model { holders: [Holder] }`, `Holder { leaf }`.
    case structInArray
    /// `Model { byName: [String: Holder] }`.
    case structInStringKeyedValue
    /// `Model { holders: Set<Holder> }`.
    case setOfStructs
    /// `Model { rows: [Row] }`, `Row { byRole: [Role: Holder] }`.
    case structInEnumKeyedInArray

    /// The nestings a struct field (one with a property wrapper, say) can have.
    static let structFieldNestings: [LeafNesting] = [.topLevel, .structInArray, .structInStringKeyedValue, .setOfStructs, .structInEnumKeyedInArray]

    /// How many steps the leaf's path has.
    var depth: Int {
        switch self {
        case .topLevel: return 1
        case .arrayElement, .stringKeyedValue, .setElement: return 2
        case .structInArray, .structInStringKeyedValue, .setOfStructs: return 3
        case .structInEnumKeyedInArray: return 5
        }
    }

    /// The schema around the leaf field (named `leaf`; for a collection nesting, its type is the
    /// element's), with the structs its type needs.
    func schema(_ leaf: FieldSchema, structs: [StructSchema] = []) -> ModelSchema {
        var schema = bare(leaf)
        schema.structs += structs
        return schema
    }

    private func bare(_ leaf: FieldSchema) -> ModelSchema {
        let holder = StructSchema(name: "Holder", fields: [leaf])
        let role = EnumSchema(name: "Role", rawType: .string, cases: [EnumCase(name: "a")])
        switch self {
        case .topLevel: return HandBuiltCase.schema([leaf])
        case .arrayElement: return HandBuiltCase.schema([FieldSchema(name: "leafs", type: .array(leaf.type))])
        case .stringKeyedValue: return HandBuiltCase.schema([FieldSchema(name: "byName", type: .dictionary(key: .string, value: leaf.type))])
        case .setElement: return HandBuiltCase.schema([FieldSchema(name: "leafs", type: .set(leaf.type))])
        case .structInArray: return HandBuiltCase.schema([FieldSchema(name: "holders", type: .array(.structure("Holder")))], structs: [holder])
        case .structInStringKeyedValue:
            return HandBuiltCase.schema([FieldSchema(name: "byName", type: .dictionary(key: .string, value: .structure("Holder")))], structs: [holder])
        case .setOfStructs: return HandBuiltCase.schema([FieldSchema(name: "holders", type: .set(.structure("Holder")))], structs: [holder])
        case .structInEnumKeyedInArray:
            return HandBuiltCase.schema([FieldSchema(name: "rows", type: .array(.structure("Row")))], structs: [
                StructSchema(name: "Row", fields: [FieldSchema(name: "byRole", type: .dictionary(key: .enumeration("Role"), value: .structure("Holder")))]),
                holder,
            ], enums: [role])
        }
    }

    /// The model value around the leaf's value.
    func model(_ value: ModelValue) -> ModelValue {
        let holder = HandBuiltCase.structure(["leaf": value])
        switch self {
        case .topLevel: return holder
        case .arrayElement: return HandBuiltCase.structure(["leafs": .array([value])])
        case .stringKeyedValue: return HandBuiltCase.structure(["byName": .dictionary([ModelDictionaryEntry(key: .string("k"), value: value)])])
        case .setElement: return HandBuiltCase.structure(["leafs": .set([value])])
        case .structInArray: return HandBuiltCase.structure(["holders": .array([holder])])
        case .structInStringKeyedValue: return HandBuiltCase.structure(["byName": .dictionary([ModelDictionaryEntry(key: .string("k"), value: holder)])])
        case .setOfStructs: return HandBuiltCase.structure(["holders": .set([holder])])
        case .structInEnumKeyedInArray:
            return HandBuiltCase.structure(["rows": .array([HandBuiltCase.structure([
                "byRole": .dictionary([ModelDictionaryEntry(key: .enumCase("a"), value: holder)]),
            ])])])
        }
    }

    /// The document around the leaf's stored value.
    func document(_ value: FirestoreValue) -> FirestoreMap {
        let holder = FirestoreValue.map(["leaf": value])
        switch self {
        case .topLevel: return ["leaf": value]
        case .arrayElement, .setElement: return ["leafs": .array([value])]
        case .stringKeyedValue: return ["byName": .map(["k": value])]
        case .structInArray, .setOfStructs: return ["holders": .array([holder])]
        case .structInStringKeyedValue: return ["byName": .map(["k": holder])]
        case .structInEnumKeyedInArray: return ["rows": .array([.map(["byRole": .array([.string("a"), holder])])])]
        }
    }
}

/// A test argument: a situation put at one nesting.
struct AtNesting<Situation: Sendable>: Sendable, CustomTestStringConvertible {
    /// The situation.
    let situation: Situation
    /// Where it is put.
    let nesting: LeafNesting
    /// The situation in words.
    let name: String

    var testDescription: String { "\(name) at \(nesting.rawValue)" }

    /// Each situation at each of its nestings.
    static func all(_ situations: [Situation], name: (Situation) -> String, nestings: (Situation) -> [LeafNesting]) -> [AtNesting] {
        situations.flatMap { situation in nestings(situation).map { AtNesting(situation: situation, nesting: $0, name: name(situation)) } }
    }
}
