import FirestoreModel
import ModelSchema

/// Stands for a hand-written single-value wrapper type of a scalar (`FieldCoding.singleValue`):
/// `singleValueContainer()` and its concrete overload for `T`, as the wrapper `SwiftEmitter`
/// writes (`_SingleValueInt8`) codes it.
struct DynamicSingleValue<T: ConcreteScalar>: Codable {
    let value: T

    init(_ value: T) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try T.decodeSingle(decoder.singleValueContainer())
    }

    func encode(to encoder: any Encoder) throws {
        var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
        try value.encodeSingle(&container)
    }
}

/// Stands for a hand-written single-value wrapper type of an optional scalar: null is nil
/// (`decodeNil()`), nil is written as null (`encodeNil()`), as `_SingleValueOptionalInt8` codes it.
struct DynamicOptionalSingleValue<T: ConcreteScalar>: Codable {
    let value: T?

    init(_ value: T?) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try T.decodeSingle(container)
    }

    func encode(to encoder: any Encoder) throws {
        var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
        if let value {
            try value.encodeSingle(&container)
        } else {
            try container.encodeNil()
        }
    }
}
