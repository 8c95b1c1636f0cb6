/// A description of a Swift model type, as data: the root struct, the nested structs and
/// the enums it uses.
///
/// Swift cannot create types at run time, so the harness describes each random model type
/// as a schema and drives both mappers by it. A schema is a value: it has a JSON form
/// (`init(json:)`, `jsonData()`), equality, and it can be turned into Swift source
/// (`SwiftEmitter`).
public struct ModelSchema: Hashable, Sendable {
    /// The name of the root struct: the document type.
    public var root: String
    /// Every struct, the root included, in declaration order.
    public var structs: [StructSchema]
    /// Every enum the structs use, in declaration order.
    public var enums: [EnumSchema]

    /// Creates a schema. Use `validated()` to check it.
    public init(root: String, structs: [StructSchema], enums: [EnumSchema] = []) {
        self.root = root
        self.structs = structs
        self.enums = enums
    }

    /// The struct with the given name.
    package func structSchema(named name: String) -> StructSchema? {
        structs.first { $0.name == name }
    }

    /// The enum with the given name.
    package func enumSchema(named name: String) -> EnumSchema? {
        enums.first { $0.name == name }
    }

    /// The root struct (nil only in an invalid schema).
    package var rootStruct: StructSchema? { structSchema(named: root) }

    /// The position in `structs` of the struct each name names: its first definition, the
    /// one `structSchema(named:)` finds.
    package var structPositions: [String: Int] { Self.firstPositions(of: structs.lazy.map(\.name)) }

    /// The position in `enums` of the enum each name names: its first definition, the one
    /// `enumSchema(named:)` finds.
    package var enumPositions: [String: Int] { Self.firstPositions(of: enums.lazy.map(\.name)) }

    private static func firstPositions(of names: some Sequence<String>) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (position, name) in names.enumerated() where positions[name] == nil {
            positions[name] = position
        }
        return positions
    }
}

/// A struct of a model: its name and its stored properties in declaration order.
public struct StructSchema: Hashable, Sendable {
    /// The Swift type name.
    public var name: String
    /// The stored properties, in declaration order.
    public var fields: [FieldSchema]

    /// Creates a struct description.
    public init(name: String, fields: [FieldSchema]) {
        self.name = name
        self.fields = fields
    }

    /// Whether the struct needs an explicit `CodingKeys` enum: some key differs from its
    /// property name in code points (Firestore keeps `café` and `cafe\u{301}` apart, though
    /// Swift's `==` does not), or some property is left out of the keys.
    package var needsCodingKeys: Bool {
        fields.contains { field in
            guard let key = field.codingKey else { return true }
            return !key.unicodeScalars.elementsEqual(field.name.unicodeScalars)
        }
    }

    /// The fields that take part in coding (those with a coding key), in declaration order.
    package var codedFields: [FieldSchema] {
        fields.filter { $0.codingKey != nil }
    }

    /// Whether the struct codes some property by hand (`FieldCoding`), and so declares its own
    /// `init(from:)` and `encode(to:)`.
    package var isHandCoded: Bool {
        fields.contains { $0.codingKey != nil && $0.coding != nil }
    }
}

/// One stored property of a struct.
public struct FieldSchema: Hashable, Sendable {
    /// The Swift property name.
    public var name: String
    /// The coding key (the Firestore field name); equal to `name` unless `CodingKeys`
    /// renames it; nil when the property is left out of `CodingKeys` and keeps its default.
    public var codingKey: String?
    /// The property's Swift type (for wrapped properties, the wrapped value's type, e.g. `Date?`).
    public var type: FieldType
    /// The property wrapper, if any.
    public var wrapper: PropertyWrapper?
    /// Whether the reflective model lists the property in its `ignore` (seed 002, Salada's
    /// `override var ignore: [String]`): the reflective mapper never writes or reads it. Only
    /// the reflective mapper family reads this.
    public var reflectiveIgnore: Bool
    /// The reflective model's hook for the property, which takes precedence over the family's
    /// table of property kinds. Only the reflective mapper family reads this.
    public var hook: ReflectiveHook?
    /// The property's hand-written coding, when its struct codes it by hand (`FieldCoding`);
    /// nil for the calls synthesized `Codable` makes. Only the Codable side reads this: the
    /// value and its stored form are those of `type`.
    public var coding: FieldCoding?

    /// Creates a field. By default the coding key is the property name.
    public init(name: String, codingKey: String? = nil, keyed: Bool = true, type: FieldType, wrapper: PropertyWrapper? = nil,
                reflectiveIgnore: Bool = false, hook: ReflectiveHook? = nil, coding: FieldCoding? = nil) {
        self.name = name
        self.codingKey = keyed ? (codingKey ?? name) : nil
        self.type = type
        self.wrapper = wrapper
        self.reflectiveIgnore = reflectiveIgnore
        self.hook = hook
        self.coding = coding
    }

    /// Whether the field uses a member of schema format version 2 (`ignore`, `hook`).
    var needsVersion2: Bool { reflectiveIgnore || hook != nil }

    /// Whether the key must be in a document even though the type is optional: the
    /// `@ServerTimestamp` and `@ExplicitNull` wrappers and a single-value wrapper of an
    /// optional decode with `decode`, not `decodeIfPresent`, so an absent key is `keyNotFound`
    /// and nil is written (as null or the server-timestamp sentinel).
    package var requiresKey: Bool {
        wrapper == .serverTimestamp || wrapper == .explicitNull || coding == .singleValue
    }
}

/// A Firestore property wrapper on a field.
public enum PropertyWrapper: String, Hashable, Sendable, CaseIterable {
    /// `@DocumentID`: filled from the document reference, never encoded. Type `String?` or `DocumentReference?`.
    case documentID = "DocumentID"
    /// `@ServerTimestamp`: nil encodes as the server-timestamp sentinel. Type `Date?` or `Timestamp?`.
    case serverTimestamp = "ServerTimestamp"
    /// `@ExplicitNull`: nil encodes as null. Type any optional.
    case explicitNull = "ExplicitNull"
}
