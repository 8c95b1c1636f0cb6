import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// One leaf two values differ at: its path, what each side holds there, and its facts.
struct ExpectedLeaf: Sendable {
    /// The path, struct fields by coding key, elements by index, entries by stored key.
    let path: ValuePath
    /// What the base value holds there.
    let left: LeafValue
    /// What the changed value holds there.
    let right: LeafValue
    /// The container the leaf sits in.
    let container: LeafContainer
    /// The Swift type there.
    let type: FieldType
    /// What the base value's stored document holds there.
    let held: LeafValue
    /// What the changed value's stored document holds there.
    let storedRight: LeafValue
}

/// A change of `LeafScenarios.base` and the leaves it must be named by, in every container kind.
struct LeafScenario: Sendable, CustomTestStringConvertible {
    /// What changed, for the test's name.
    let name: String
    /// The changed value.
    let changed: ModelValue
    /// The leaves, in declaration order.
    let leaves: [ExpectedLeaf]

    var testDescription: String { name }
}

/// A model with a field of every container kind — a nested struct, an array, `[String: V]`,
/// `[Int: V]`, an enum-keyed dictionary, a set of strings, a set of structs, an optional, and a
/// struct in an enum-keyed dictionary in an array — a base value of it, and one change per kind.
enum LeafScenarios {
    static let schema = HandBuiltCase.schema(
        [
            FieldSchema(name: "name", type: .string),
            FieldSchema(name: "inner", type: .structure("Inner")),
            FieldSchema(name: "list", type: .array(.integer(.int))),
            FieldSchema(name: "byName", type: .dictionary(key: .string, value: .integer(.int))),
            FieldSchema(name: "byNumber", type: .dictionary(key: .int, value: .string)),
            FieldSchema(name: "byRole", type: .dictionary(key: .enumeration("Role"), value: .integer(.int))),
            FieldSchema(name: "tags", type: .set(.string)),
            FieldSchema(name: "parts", type: .set(.structure("Part"))),
            FieldSchema(name: "maybe", type: .optional(.integer(.int))),
            FieldSchema(name: "rows", type: .array(.structure("Row"))),
        ],
        structs: [
            StructSchema(name: "Inner", fields: [FieldSchema(name: "level", type: .integer(.int))]),
            StructSchema(name: "Part", fields: [FieldSchema(name: "id", type: .integer(.int)), FieldSchema(name: "label", type: .string)]),
            StructSchema(name: "Row", fields: [FieldSchema(name: "byRole", type: .dictionary(key: .enumeration("Role"), value: .structure("Part")))]),
        ],
        enums: [EnumSchema(name: "Role", rawType: .string, cases: [EnumCase(name: "admin", rawValue: .string("ADMIN")), EnumCase(name: "guest")])]
    )

    static func part(_ id: Int64, _ label: String) -> ModelValue {
        HandBuiltCase.structure(["id": .int(id), "label": .string(label)])
    }

    static func entry(_ key: ModelValue, _ value: ModelValue) -> ModelDictionaryEntry {
        ModelDictionaryEntry(key: key, value: value)
    }

    /// The base value with some fields replaced.
    static func value(
        inner: Int64 = 1, list: [Int64] = [1, 2, 3], byName: [ModelDictionaryEntry] = [entry(.string("a"), .int(1)), entry(.string("b"), .int(2))],
        byNumber: [ModelDictionaryEntry] = [entry(.int(7), .string("x"))],
        byRole: [ModelDictionaryEntry] = [entry(.enumCase("admin"), .int(1)), entry(.enumCase("guest"), .int(2))],
        tags: [String] = ["a", "b"], parts: [ModelValue] = [part(1, "x"), part(2, "y")], maybe: ModelValue = .null, rowLabel: String = "x"
    ) -> ModelValue {
        HandBuiltCase.structure([
            "name": .string("n"), "inner": HandBuiltCase.structure(["level": .int(inner)]), "list": .array(list.map(ModelValue.int)),
            "byName": .dictionary(byName), "byNumber": .dictionary(byNumber), "byRole": .dictionary(byRole),
            "tags": .set(tags.map(ModelValue.string)), "parts": .set(parts), "maybe": maybe,
            "rows": .array([HandBuiltCase.structure(["byRole": .dictionary([entry(.enumCase("admin"), part(1, rowLabel))])])]),
        ])
    }

    static let base = value()

    private static func path(_ components: ValuePath.Component...) -> ValuePath { ValuePath(components) }
    private static func model(_ value: ModelValue) -> LeafValue { .model(value) }
    private static func stored(_ value: FirestoreValue) -> LeafValue { .stored(value) }

    static let all: [LeafScenario] = [
        LeafScenario(name: "struct field", changed: value(inner: 2), leaves: [
            ExpectedLeaf(path: path(.key("inner"), .key("level")), left: model(.int(1)), right: model(.int(2)), container: .structField,
                         type: .integer(.int), held: stored(.integer(1)), storedRight: stored(.integer(2))),
        ]),
        LeafScenario(name: "array element, same count", changed: value(list: [1, 5, 3]), leaves: [
            ExpectedLeaf(path: path(.key("list"), .index(1)), left: model(.int(2)), right: model(.int(5)), container: .arrayElement,
                         type: .integer(.int), held: stored(.integer(2)), storedRight: stored(.integer(5))),
        ]),
        LeafScenario(name: "array element only the changed value has", changed: value(list: [1, 2, 3, 4]), leaves: [
            ExpectedLeaf(path: path(.key("list"), .index(3)), left: .absent, right: model(.int(4)), container: .arrayElement,
                         type: .integer(.int), held: .absent, storedRight: stored(.integer(4))),
        ]),
        LeafScenario(name: "array element only the base value has", changed: value(list: [1, 2]), leaves: [
            ExpectedLeaf(path: path(.key("list"), .index(2)), left: model(.int(3)), right: .absent, container: .arrayElement,
                         type: .integer(.int), held: stored(.integer(3)), storedRight: .absent),
        ]),
        LeafScenario(name: "[String: V] value changed, and an entry only the base value has",
                     changed: value(byName: [entry(.string("a"), .int(9))]), leaves: [
            ExpectedLeaf(path: path(.key("byName"), .key("a")), left: model(.int(1)), right: model(.int(9)), container: .stringKeyedValue,
                         type: .integer(.int), held: stored(.integer(1)), storedRight: stored(.integer(9))),
            ExpectedLeaf(path: path(.key("byName"), .key("b")), left: model(.int(2)), right: .absent, container: .stringKeyedValue,
                         type: .integer(.int), held: stored(.integer(2)), storedRight: .absent),
        ]),
        LeafScenario(name: "[Int: V] value changed, and an entry only the changed value has",
                     changed: value(byNumber: [entry(.int(7), .string("y")), entry(.int(8), .string("z"))]), leaves: [
            ExpectedLeaf(path: path(.key("byNumber"), .key("7")), left: model(.string("x")), right: model(.string("y")), container: .intKeyedValue,
                         type: .string, held: stored(.string("x")), storedRight: stored(.string("y"))),
            ExpectedLeaf(path: path(.key("byNumber"), .key("8")), left: .absent, right: model(.string("z")), container: .intKeyedValue,
                         type: .string, held: .absent, storedRight: stored(.string("z"))),
        ]),
        LeafScenario(name: "enum-keyed dictionary value, named by its stored key",
                     changed: value(byRole: [entry(.enumCase("admin"), .int(3)), entry(.enumCase("guest"), .int(2))]), leaves: [
            ExpectedLeaf(path: path(.key("byRole"), .key("ADMIN")), left: model(.int(1)), right: model(.int(3)), container: .enumKeyedValue,
                         type: .integer(.int), held: stored(.integer(1)), storedRight: stored(.integer(3))),
        ]),
        LeafScenario(name: "set element in one and not the other", changed: value(tags: ["a"]), leaves: [
            ExpectedLeaf(path: path(.key("tags"), .index(1)), left: model(.string("b")), right: .absent, container: .setElement,
                         type: .string, held: stored(.string("b")), storedRight: .absent),
        ]),
        LeafScenario(name: "set element paired with the element that took its place", changed: value(tags: ["a", "c"]), leaves: [
            ExpectedLeaf(path: path(.key("tags"), .index(1)), left: model(.string("b")), right: model(.string("c")), container: .setElement,
                         type: .string, held: stored(.string("b")), storedRight: stored(.string("c"))),
        ]),
        LeafScenario(name: "set of structs that differ in one field: that field", changed: value(parts: [part(1, "x"), part(2, "z")]), leaves: [
            ExpectedLeaf(path: path(.key("parts"), .index(1), .key("label")), left: model(.string("y")), right: model(.string("z")),
                         container: .structField, type: .string, held: stored(.string("y")), storedRight: stored(.string("z"))),
        ]),
        LeafScenario(name: "optional nil and a value", changed: value(maybe: .int(3)), leaves: [
            ExpectedLeaf(path: path(.key("maybe")), left: model(.null), right: model(.int(3)), container: .structField,
                         type: .optional(.integer(.int)), held: .absent, storedRight: stored(.integer(3))),
        ]),
        LeafScenario(name: "struct in an enum-keyed dictionary in an array", changed: value(rowLabel: "q"), leaves: [
            ExpectedLeaf(path: path(.key("rows"), .index(0), .key("byRole"), .key("ADMIN"), .key("label")), left: model(.string("x")),
                         right: model(.string("q")), container: .structField, type: .string, held: stored(.string("x")), storedRight: stored(.string("q"))),
        ]),
    ]
}
