import ModelSchema

/// Fast lookups into a schema — structs and enums by name — and the nesting height of
/// every type, computed once per schema for the generators and the mutator.
///
/// The *height* of a type is how many levels its document value reaches below its own:
/// 0 for scalars and raw-value enums, 1 for enums without raw values (`{"case": {}}`),
/// 1 + the element's height for arrays, sets and dictionaries, 1 + the tallest coded
/// field for structs (0 for a struct without coded fields). A value at level L of a
/// document (top-level field values are at level 1) reaches level L + height.
struct SchemaIndex: Sendable {
    /// The schema.
    let schema: ModelSchema
    private let structPositions: [String: Int]
    private let enumPositions: [String: Int]
    private let structHeights: [String: Int]

    /// The height given to a struct that (in an invalid schema) contains itself.
    static let unbounded = 1 << 20

    /// Indexes a schema. Structs that contain themselves get the height `unbounded`.
    init(_ schema: ModelSchema) {
        self.schema = schema
        let structPositions = schema.structPositions
        let enumPositions = schema.enumPositions
        self.structPositions = structPositions
        self.enumPositions = enumPositions
        var heights: [String: Int] = [:]
        var visiting: Set<String> = []
        func structHeight(_ name: String) -> Int {
            if let known = heights[name] { return known }
            guard let position = structPositions[name], !visiting.contains(name) else { return SchemaIndex.unbounded }
            visiting.insert(name)
            var tallest = -1
            for field in schema.structs[position].fields where field.codingKey != nil {
                tallest = max(tallest, typeHeight(field.type))
            }
            visiting.remove(name)
            let height = tallest < 0 ? 0 : min(tallest + 1, SchemaIndex.unbounded)
            heights[name] = height
            return height
        }
        func typeHeight(_ type: FieldType) -> Int {
            SchemaIndex.height(of: type, enumHasRawValues: { name in
                enumPositions[name].map { schema.enums[$0].rawType != .none } ?? true
            }, structHeight: structHeight)
        }
        for structSchema in schema.structs { _ = structHeight(structSchema.name) }
        structHeights = heights
    }

    /// The struct with the given name.
    func structSchema(named name: String) -> StructSchema? {
        structPositions[name].map { schema.structs[$0] }
    }

    /// The enum with the given name.
    func enumSchema(named name: String) -> EnumSchema? {
        enumPositions[name].map { schema.enums[$0] }
    }

    /// The root struct.
    var rootStruct: StructSchema? { structSchema(named: schema.root) }

    /// The height of a type (see the type's documentation).
    func height(of type: FieldType) -> Int {
        SchemaIndex.height(of: type, enumHasRawValues: { enumSchema(named: $0)?.rawType != EnumSchema.RawType.none }, structHeight: { structHeights[$0] ?? 0 })
    }

    /// The height of a type, given how to look up enums and the heights of structs.
    static func height(
        of type: FieldType, enumHasRawValues: (String) -> Bool, structHeight: (String) -> Int
    ) -> Int {
        func height(_ type: FieldType) -> Int {
            switch type {
            case .optional(let inner): return height(inner)
            case .array(let element), .set(let element): return min(1 + height(element), unbounded)
            case .dictionary(.enumeration(let name), let value): return min(1 + max(height(.enumeration(name)), height(value)), unbounded)
            case .dictionary(_, let value): return min(1 + height(value), unbounded)
            case .structure(let name): return structHeight(name)
            case .enumeration(let name): return enumHasRawValues(name) ? 0 : 1
            default: return 0
            }
        }
        return height(type)
    }

    /// Whether the type's document value is an array (arrays, sets, enum-keyed dictionaries,
    /// optionals of those): such a type cannot be an element of another array.
    static func isStoredAsArray(_ type: FieldType) -> Bool {
        switch type.unwrapped {
        case .array, .set, .dictionary(.enumeration, _): return true
        default: return false
        }
    }
}
