import FirestoreModel
import ModelSchema

/// Coding of one value of a schema enum, the way the compiler synthesizes it: raw-value
/// enums through `RawRepresentable`'s single value (with the standard library's error for an
/// unknown raw value), raw-less enums as a keyed container holding one case key whose value
/// is an empty keyed container.
enum EnumCoding {
    /// Decodes the case of `schema` that the decoder holds; returns its Swift name.
    static func decodeCase(of schema: EnumSchema, from decoder: any Decoder) throws -> String {
        switch schema.rawType {
        case .string:
            let raw = try decoder.singleValueContainer().decode(String.self)
            if let match = schema.cases.first(where: { schema.rawValue(of: $0) == .string(raw) }) { return match.name }
            throw invalidRaw(schema, "String", raw, decoder)
        case .int:
            let raw = try decoder.singleValueContainer().decode(Int.self)
            if let match = schema.cases.first(where: { schema.rawValue(of: $0) == .int(Int64(raw)) }) { return match.name }
            throw invalidRaw(schema, "Int", "\(raw)", decoder)
        case .none:
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let known = container.allKeys.filter { key in schema.cases.contains { $0.name == key.stringValue } }
            guard known.count == 1, let only = known.first else {
                throw DecodingError.typeMismatch(DynamicEnum.self, DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "Invalid number of keys found, expected one."
                ))
            }
            _ = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: only)
            return only.stringValue
        }
    }

    /// Encodes the case named `caseName` of `schema`.
    static func encodeCase(_ caseName: String, of schema: EnumSchema, to encoder: any Encoder) throws {
        guard let enumCase = schema.enumCase(named: caseName) else {
            throw EncodingError.invalidValue(caseName, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "\(schema.name) has no case \(caseName)"
            ))
        }
        switch schema.rawValue(of: enumCase) {
        case .string(let raw)?:
            var container = encoder.singleValueContainer()
            try container.encode(raw)
        case .int(let raw)?:
            var container = encoder.singleValueContainer()
            try container.encode(Int(raw))
        case nil:
            var container = encoder.container(keyedBy: CodingKeys.self)
            _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: CodingKeys(stringValue: caseName))
        }
    }

    private static func invalidRaw(_ schema: EnumSchema, _ rawType: String, _ raw: String, _ decoder: any Decoder) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "Cannot initialize \(schema.name) from invalid \(rawType) value \(raw)"
        ))
    }

    /// The case name of a model value, checked against the enum.
    static func caseName(_ value: ModelValue, in schema: EnumSchema?, path: ValuePath) throws -> (String, EnumSchema) {
        guard let schema else { throw DynamicModelError(path: path, message: "no enum in the schema for \(value)") }
        guard case .enumCase(let name) = value, schema.enumCase(named: name) != nil else {
            throw DynamicModelError(path: path, message: "expected a case of \(schema.name), found \(value)")
        }
        return (name, schema)
    }
}

/// Stands for the enum at the leaf of a field type.
struct DynamicEnum: DynamicValue {
    let schema: EnumSchema
    let caseName: String

    init(from decoder: any Decoder) throws {
        let context = try DynamicDecodingContext.from(decoder)
        guard let schema = context.top.leafEnum else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no enum in frame"))
        }
        self.schema = schema
        self.caseName = try EnumCoding.decodeCase(of: schema, from: decoder)
    }

    init(schema: EnumSchema, caseName: String) {
        self.schema = schema
        self.caseName = caseName
    }

    func encode(to encoder: any Encoder) throws {
        try EnumCoding.encodeCase(caseName, of: schema, to: encoder)
    }

    static func make(_ value: ModelValue, frame: DynamicFrame, layout: DynamicModelType, path: ValuePath) throws -> DynamicEnum {
        let (name, schema) = try EnumCoding.caseName(value, in: frame.leafEnum, path: path)
        return DynamicEnum(schema: schema, caseName: name)
    }

    var modelValue: ModelValue { .enumCase(caseName) }

    static func == (lhs: DynamicEnum, rhs: DynamicEnum) -> Bool { lhs.caseName == rhs.caseName }
    func hash(into hasher: inout Hasher) { hasher.combine(caseName) }
}

/// Which enum-keyed dictionary level a `DynamicKeyEnum` stands for.
protocol DynamicKeyLevel: Sendable {
    /// Zero-based nesting level of the dictionary within one field type.
    static var index: Int { get }
}

/// Level 0: the outermost enum-keyed dictionary of a field type.
enum KeyLevel0: DynamicKeyLevel { static var index: Int { 0 } }
/// Level 1.
enum KeyLevel1: DynamicKeyLevel { static var index: Int { 1 } }
/// Level 2.
enum KeyLevel2: DynamicKeyLevel { static var index: Int { 2 } }
/// Level 3: the deepest level the dynamic model supports.
enum KeyLevel3: DynamicKeyLevel { static var index: Int { 3 } }

/// Stands for the key enum of the enum-keyed dictionary at `Level`. Like an enum the
/// compiler sees, it is not `CodingKeyRepresentable`, so the standard library codes the
/// dictionary as a flat array `[k1, v1, k2, v2, …]`.
struct DynamicKeyEnum<Level: DynamicKeyLevel>: DynamicDictionaryKey {
    let schema: EnumSchema
    let caseName: String

    init(schema: EnumSchema, caseName: String) {
        self.schema = schema
        self.caseName = caseName
    }

    init(from decoder: any Decoder) throws {
        let context = try DynamicDecodingContext.from(decoder)
        guard Level.index < context.top.keyEnums.count else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no key enum in frame"))
        }
        schema = context.top.keyEnums[Level.index]
        caseName = try EnumCoding.decodeCase(of: schema, from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try EnumCoding.encodeCase(caseName, of: schema, to: encoder)
    }

    static func makeKey(_ value: ModelValue, frame: DynamicFrame, path: ValuePath) throws -> DynamicKeyEnum<Level> {
        let schema = Level.index < frame.keyEnums.count ? frame.keyEnums[Level.index] : nil
        let (name, resolved) = try EnumCoding.caseName(value, in: schema, path: path)
        return DynamicKeyEnum(schema: resolved, caseName: name)
    }

    var modelKey: ModelValue { .enumCase(caseName) }

    static func == (lhs: DynamicKeyEnum, rhs: DynamicKeyEnum) -> Bool { lhs.caseName == rhs.caseName }
    func hash(into hasher: inout Hasher) { hasher.combine(caseName) }
}
