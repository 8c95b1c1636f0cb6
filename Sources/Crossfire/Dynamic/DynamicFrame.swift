import ModelSchema

/// What the dynamic stand-in types mean while one field is coded: the struct or enum at
/// the field type's leaf, and the enum of each enum-keyed dictionary level.
///
/// Swift cannot make types at run time, so `DynamicStruct`, `DynamicEnum` and
/// `DynamicKeyEnum<Level>` stand in for every struct and enum of a schema; a frame tells
/// them which one they are. One field type has one leaf, and each dictionary level gets its
/// own key type (`DynamicKeyEnum<KeyLevel0>`, `<KeyLevel1>`, …), so a frame is never ambiguous.
struct DynamicFrame: Sendable {
    /// The struct at the leaf of the field type, if the leaf is a struct.
    var leafStruct: String?
    /// The enum at the leaf of the field type, if the leaf is an enum.
    var leafEnum: EnumSchema?
    /// The key enum of each enum-keyed dictionary level, outermost first.
    var keyEnums: [EnumSchema]

    /// The frame of a field type, resolved against the schema.
    init(for type: FieldType, in schema: ModelSchema) {
        leafStruct = nil
        leafEnum = nil
        keyEnums = []
        var current = type
        while true {
            switch current {
            case .optional(let inner), .array(let inner), .set(let inner):
                current = inner
                continue
            case .dictionary(let key, let value):
                if case .enumeration(let name) = key, let keyEnum = schema.enumSchema(named: name) {
                    keyEnums.append(keyEnum)
                }
                current = value
                continue
            case .structure(let name):
                leafStruct = name
            case .enumeration(let name):
                leafEnum = schema.enumSchema(named: name)
            default:
                break
            }
            return
        }
    }

    /// The frame of the document root: its leaf is the root struct.
    init(root: String) {
        leafStruct = root
        leafEnum = nil
        keyEnums = []
    }

    /// Whether coding this field needs the frame at all (its type mentions a struct or enum).
    var isNeeded: Bool { leafStruct != nil || leafEnum != nil || !keyEnums.isEmpty }
}

/// The decoding-time stack of frames, handed to the stand-in types through the decoder's
/// `userInfo`. Decoding is synchronous and nested, so pushes and pops pair up.
final class DynamicDecodingContext: @unchecked Sendable {
    /// The schema's coding layout.
    let layout: DynamicModelType
    /// Where in the model the decode is, where the SDK's coding path parts from it.
    let places = CodingPlaces()
    private var frames: [DynamicFrame]

    init(layout: DynamicModelType) {
        self.layout = layout
        self.frames = [DynamicFrame(root: layout.schema.root)]
    }

    /// The innermost frame.
    var top: DynamicFrame { frames[frames.count - 1] }

    /// Runs `body` with `frame` on top of the stack.
    func with<T>(_ frame: DynamicFrame, _ body: () throws -> T) rethrows -> T {
        frames.append(frame)
        defer { frames.removeLast() }
        return try body()
    }

    /// The context a decoder carries, or an error naming where it is missing.
    static func from(_ decoder: any Decoder) throws -> DynamicDecodingContext {
        guard let context = decoder.userInfo[.crossfireDynamicContext] as? DynamicDecodingContext else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "DynamicModel values can only be decoded by DynamicModel.decode (no schema in userInfo)."
            ))
        }
        return context
    }
}

/// What one encode of `DynamicModel` carries through the encoder's `userInfo`: the schema's
/// coding layout, and where in the model the encode is (`CodingPlaces`).
final class DynamicEncodingContext: @unchecked Sendable {
    /// The schema's coding layout.
    let layout: DynamicModelType
    /// Where in the model the encode is, where the SDK's coding path parts from it.
    let places = CodingPlaces()

    init(layout: DynamicModelType) {
        self.layout = layout
    }

    /// The context an encoder carries, or a new one for `layout` (an encoder that did not come
    /// from `DynamicModelType.encode`).
    static func from(_ encoder: any Encoder, layout: DynamicModelType) -> DynamicEncodingContext {
        encoder.userInfo[.crossfireDynamicContext] as? DynamicEncodingContext ?? DynamicEncodingContext(layout: layout)
    }
}

extension CodingUserInfoKey {
    /// Where `DynamicModel` puts its decoding or encoding context in a coder's `userInfo`.
    // `init?(rawValue:)` never returns nil; it is failable only because `RawRepresentable` says so.
    static let crossfireDynamicContext = CodingUserInfoKey(rawValue: "CrossfireDynamicContext").unsafelyUnwrapped
}
