import FirestoreModel
import ModelSchema

/// Stands for a struct of the schema: decodes and encodes its coded fields in declaration
/// order through a keyed container, as synthesized `Codable` does; fields left out of
/// `CodingKeys` keep their declared default.
struct DynamicStruct: DynamicValue {
    let layout: DynamicModelType
    let name: String
    let fields: [ModelField]

    init(layout: DynamicModelType, name: String, fields: [ModelField]) {
        self.layout = layout
        self.name = name
        self.fields = fields
    }

    init(from decoder: any Decoder) throws {
        let context = try DynamicDecodingContext.from(decoder)
        guard let name = context.top.leafStruct, let structLayout = context.layout.structs[name] else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no struct in frame"))
        }
        // Synthesized `init(from:)` asks for no container when `CodingKeys` has no case, and
        // so decodes from anything, null included.
        let container = structLayout.hasCodedFields ? try decoder.container(keyedBy: CodingKeys.self) : nil
        self = try DynamicStruct.decodeFields(of: name, from: container, context: context)
    }

    /// The struct `name` with its coded fields read from `container` in declaration order (as
    /// its `init(from:)` reads them, or an enclosing struct's hand-written one inline, which
    /// gives the struct's place as `inline`); the others keep their declared default.
    static func decodeFields(of name: String, from container: KeyedDecodingContainer<CodingKeys>?, context: DynamicDecodingContext,
                             inline: CodingPlaces.Frame? = nil) throws -> DynamicStruct {
        guard let structLayout = context.layout.structs[name] else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container?.codingPath ?? [], debugDescription: "unknown struct \(name)"))
        }
        func decodeAll() throws -> [ModelField] {
            var fields: [ModelField] = []
            fields.reserveCapacity(structLayout.schema.fields.count)
            for (field, codec) in zip(structLayout.schema.fields, structLayout.codecs) {
                let value: ModelValue
                if let codec, let container {
                    value = codec.frame.isNeeded
                        ? try context.with(codec.frame) { try codec.decode(container, codec.key, context) }
                        : try codec.decode(container, codec.key, context)
                } else {
                    value = field.type.zeroValue ?? .null
                }
                fields.append(ModelField(name: field.name, value: value))
            }
            return fields
        }
        // Only the codecs of hand-coded properties ask where their struct is.
        guard structLayout.isHandCoded, let container else { return DynamicStruct(layout: context.layout, name: name, fields: try decodeAll()) }
        let frame = inline ?? context.places.frame(ofStructAt: ValuePath(codingPath: container.codingPath))
        return DynamicStruct(layout: context.layout, name: name, fields: try context.places.coding(struct: frame, decodeAll))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try encodeFields(into: &container, context: DynamicEncodingContext.from(encoder, layout: layout), path: ValuePath(codingPath: encoder.codingPath))
    }

    /// Writes the coded fields into `container` in declaration order (the struct's own, or one
    /// an enclosing struct's hand-written `encode(to:)` opened, which gives the struct's place as
    /// `inline`); `path` is where the struct is, for the errors of values that do not fit their
    /// types.
    func encodeFields(into container: inout KeyedEncodingContainer<CodingKeys>, context: DynamicEncodingContext, path: ValuePath,
                      inline: CodingPlaces.Frame? = nil) throws {
        guard let structLayout = layout.structs[name] else {
            throw EncodingError.invalidValue(name, EncodingError.Context(codingPath: container.codingPath, debugDescription: "unknown struct \(name)"))
        }
        func encodeAll(_ container: inout KeyedEncodingContainer<CodingKeys>) throws {
            for (field, codec) in zip(fields, structLayout.codecs) {
                guard let codec else { continue }
                try codec.encode(&container, codec.key, field.value, codec.frame, context, path.appending(key: field.name))
            }
        }
        guard structLayout.isHandCoded else { return try encodeAll(&container) }
        let frame = inline ?? context.places.frame(ofStructAt: ValuePath(codingPath: container.codingPath))
        try context.places.coding(struct: frame) { try encodeAll(&container) }
    }

    static func make(_ value: ModelValue, frame: DynamicFrame, layout: DynamicModelType, path: ValuePath) throws -> DynamicStruct {
        guard let name = frame.leafStruct, let structLayout = layout.structs[name] else {
            throw DynamicModelError(path: path, message: "no struct in the schema for \(value)")
        }
        guard case .structure(let fields) = value,
              fields.count == structLayout.schema.fields.count,
              zip(fields, structLayout.schema.fields).allSatisfy({ $0.name == $1.name })
        else {
            throw DynamicModelError(path: path, message: "expected a \(name) with fields \(structLayout.schema.fields.map(\.name)), found \(value)")
        }
        return DynamicStruct(layout: layout, name: name, fields: fields)
    }

    var modelValue: ModelValue { .structure(fields) }

    /// Synthesized `==`: field by field, each by its Swift type's own `==` (so a `Set` of
    /// stand-ins keeps the elements a `Set` of the real struct keeps).
    static func == (lhs: DynamicStruct, rhs: DynamicStruct) -> Bool {
        lhs.name == rhs.name && SwiftValueSemantics.equal(.structure(lhs.fields), .structure(rhs.fields))
    }

    func hash(into hasher: inout Hasher) { SwiftValueSemantics.hash(.structure(fields), into: &hasher) }
}
