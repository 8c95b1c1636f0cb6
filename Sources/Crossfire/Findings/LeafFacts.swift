import FirestoreModel
import ModelSchema

/// The kind of container a leaf sits in: where in a model the rule that two mappers disagree
/// on applies. Part of a finding's class (`FindingClassKey`); the path itself never is.
package enum LeafContainer: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The document itself (a failure at the root, a foreign tree, an error without a path).
    case topLevel
    /// A stored property of a struct, the root struct's or a nested one's.
    case structField
    /// An element of an array.
    case arrayElement
    /// An element of a set.
    case setElement
    /// A value of a `[String: V]`.
    case stringKeyedValue
    /// A value of an `[Int: V]`.
    case intKeyedValue
    /// A key of an enum-keyed dictionary (stored as the even elements of a flat array).
    case enumKeyedKey
    /// A value of an enum-keyed dictionary (the odd elements of the flat array).
    case enumKeyedValue

    /// How people call it: `struct field`, `[String: V] value`, ….
    package var title: String {
        switch self {
        case .topLevel: return "top level"
        case .structField: return "struct field"
        case .arrayElement: return "array element"
        case .setElement: return "set element"
        case .stringKeyedValue: return "[String: V] value"
        case .intKeyedValue: return "[Int: V] value"
        case .enumKeyedKey: return "enum-keyed key"
        case .enumKeyedValue: return "enum-keyed value"
        }
    }

    package static func < (lhs: LeafContainer, rhs: LeafContainer) -> Bool {
        DeclarationOrder.precedes(lhs, rhs)
    }
}

/// The Swift type at a leaf, as far as Firestore's mapping rules tell types apart: every
/// integer width is one family (the rules for them differ only in range), `Float` and
/// `Double` are two (a `Float` is range-checked), an enum with raw values is one family whatever
/// their type (it reads its raw value, then `init(rawValue:)`; what was held tells a `String`
/// raw value from an `Int` one) and an enum without raw values another, and containers go by
/// their kind. The exact type of an example is kept beside its class, never in it.
package enum TypeFamily: String, Hashable, Sendable, CaseIterable, Comparable {
    case string, bool, integer, float, double, decimal, date, url, data, timestamp, geoPoint, documentReference, color
    case rawEnum, caseEnum, structure, array, set, stringDictionary, intDictionary, enumDictionary

    /// The family of a type (optionals unwrapped).
    package init(_ type: FieldType, schema: ModelSchema) {
        switch type.unwrapped {
        case .string: self = .string
        case .bool: self = .bool
        case .integer: self = .integer
        case .float: self = .float
        case .double: self = .double
        case .decimal: self = .decimal
        case .date: self = .date
        case .url: self = .url
        case .data: self = .data
        case .timestamp: self = .timestamp
        case .geoPoint: self = .geoPoint
        case .documentReference: self = .documentReference
        case .hexColor: self = .color
        case .enumeration(let name):
            self = schema.enumSchema(named: name)?.rawType == EnumSchema.RawType.none ? .caseEnum : .rawEnum
        case .structure: self = .structure
        case .array: self = .array
        case .set: self = .set
        case .dictionary(.string, _): self = .stringDictionary
        case .dictionary(.int, _): self = .intDictionary
        case .dictionary(.enumeration, _): self = .enumDictionary
        case .optional(let inner): self = TypeFamily(inner, schema: schema)
        }
    }

    /// How people call it: `integer`, `enum with raw values`, `[String: V]`, ….
    package var title: String {
        switch self {
        case .string: return "String"
        case .bool: return "Bool"
        case .integer: return "integer"
        case .float: return "Float"
        case .double: return "Double"
        case .decimal: return "Decimal"
        case .date: return "Date"
        case .url: return "URL"
        case .data: return "Data"
        case .timestamp: return "Timestamp"
        case .geoPoint: return "GeoPoint"
        case .documentReference: return "DocumentReference"
        case .color: return "Color"
        case .rawEnum: return "enum with raw values"
        case .caseEnum: return "enum without raw values"
        case .structure: return "struct"
        case .array: return "[T]"
        case .set: return "Set<T>"
        case .stringDictionary: return "[String: V]"
        case .intDictionary: return "[Int: V]"
        case .enumDictionary: return "[Enum: V]"
        }
    }

    package static func < (lhs: TypeFamily, rhs: TypeFamily) -> Bool {
        DeclarationOrder.precedes(lhs, rhs)
    }
}

/// A value at a leaf: what a document or a stored document holds there, what a model value
/// holds there, or nothing at all.
package enum LeafValue: Hashable, Sendable, CustomStringConvertible {
    /// Nothing there: the key, element or entry is missing.
    case absent
    /// A Firestore value (a document's, or what the write path stored).
    case stored(FirestoreValue)
    /// A model value (what a mapper decoded, or what an encoder was given).
    case model(ModelValue)

    /// The Firestore value, when it is one.
    var storedValue: FirestoreValue? {
        if case .stored(let value) = self { return value }
        return nil
    }

    /// Whether it is absent or a null/nil.
    package var isAbsentOrNull: Bool {
        switch self {
        case .absent, .stored(.null), .model(.null): return true
        default: return false
        }
    }

    /// The rendering for people: `nothing`, a Firestore value, a model value.
    package var description: String {
        switch self {
        case .absent: return "nothing"
        case .stored(let value): return value.description
        case .model(let value): return value.description
        }
    }
}

/// The facts about a leaf that a finding's class and the allowlist reason over: the Swift
/// type and wrapper the schema has there, the container it sits in, and what the input
/// (the document, or the stored document) held there.
package struct LeafFacts: Hashable, Sendable {
    /// The exact Swift type at the leaf; nil where the path leaves the schema.
    package var type: FieldType?
    /// The type's family (nil where the path leaves the schema).
    package var family: TypeFamily?
    /// The property wrapper, when the leaf is a wrapped struct field.
    package var wrapper: PropertyWrapper?
    /// The hand-written coding the leaf is coded with (`ModelSchema.handCoding(at:)`).
    package var coding: FieldCoding?
    /// The container the leaf sits in.
    package var container: LeafContainer
    /// What the document (decode) or the stored document (encode, round trip) held there.
    package var held: LeafValue
    /// Whether the input also holds a key equal to the leaf's only under Swift's `String ==`
    /// (`"é"` and `"e\u{301}"`) beside it: the two fall into one entry of a `[String: Any]`,
    /// so a mapper may have read the other key's value (set by the differ).
    package var keyTwinnedInInput = false

    /// The exact Swift type's name as the class tallies count leaf types (`Int8`, `UInt64?`), or
    /// `(outside the schema)`.
    package var typeName: String { type?.description ?? Self.outsideTheSchema }

    /// The leaf type name of a leaf outside the schema (and of a crash, which has no leaf).
    package static let outsideTheSchema = "(outside the schema)"

    /// Creates facts.
    package init(type: FieldType?, family: TypeFamily?, wrapper: PropertyWrapper?, coding: FieldCoding? = nil, container: LeafContainer,
                held: LeafValue) {
        self.type = type
        self.family = family
        self.wrapper = wrapper
        self.coding = coding
        self.container = container
        self.held = held
    }

    /// The facts of the leaf at `path` of `schema`'s model, `held` being what the input holds there.
    package init(path: ValuePath, schema: ModelSchema, held: LeafValue) {
        self = SchemaCursor(schema: schema, path: path).facts(held: held)
    }

    /// The Firestore kind held there (nil when absent, or when a model value is held).
    package var heldKind: FirestoreValue.Kind? { held.storedValue?.kind }
}

extension ModelSchema {
    /// The hand-written coding the value at `path` is coded with: its property's
    /// (`FieldSchema.coding`), or — for an element of a list coded element by element — the
    /// list's; nil for the calls synthesized code makes.
    package func handCoding(at path: ValuePath) -> FieldCoding? {
        SchemaCursor(schema: self, path: path).coding
    }

    /// The kind of container the value at `path` sits in (struct fields by coding key, array
    /// and set elements by index, `[String: V]`/`[Int: V]` and enum-keyed entries by key, or
    /// by index into their flat array).
    package func container(of path: ValuePath) -> LeafContainer {
        SchemaCursor(schema: self, path: path).container
    }
}
