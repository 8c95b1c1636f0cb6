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
        var fields: [ModelField] = []
        fields.reserveCapacity(structLayout.schema.fields.count)
        // Synthesized `init(from:)` asks for no container when `CodingKeys` has no case, and
        // so decodes from anything, null included.
        let container = structLayout.hasCodedFields ? try decoder.container(keyedBy: CodingKeys.self) : nil
        for (field, codec) in zip(structLayout.schema.fields, structLayout.codecs) {
            let value: ModelValue
            if let codec, let container {
                value = codec.frame.isNeeded
                    ? try context.with(codec.frame) { try codec.decode(container, codec.key) }
                    : try codec.decode(container, codec.key)
            } else {
                value = field.type.zeroValue ?? .null
            }
            fields.append(ModelField(name: field.name, value: value))
        }
        self.init(layout: context.layout, name: name, fields: fields)
    }

    func encode(to encoder: any Encoder) throws {
        guard let structLayout = layout.structs[name] else {
            throw EncodingError.invalidValue(name, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "unknown struct \(name)"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        let path = ValuePath(codingPath: encoder.codingPath)
        for (field, codec) in zip(fields, structLayout.codecs) {
            guard let codec else { continue }
            try codec.encode(&container, codec.key, field.value, codec.frame, layout, path.appending(key: field.name))
        }
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
