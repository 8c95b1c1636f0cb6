import FirestoreCodable
import FirestoreModel
import ModelSchema

/// A schema compiled for coding: for every struct, the codec of each coded field, built once
/// so that decoding and encoding many documents of one schema opens no types again.
///
/// This is the Codable mapper's side of the harness: `decode` and `encode` run
/// `Firestore.Decoder` and `Firestore.Encoder` over a `DynamicModel`, which makes exactly the
/// container calls compiler-synthesized `Codable` makes for the equivalent structs.
package final class DynamicModelType: @unchecked Sendable {
    /// The schema this type was compiled from.
    package let schema: ModelSchema
    /// Each struct's field codecs, by struct name (nil entries are fields left out of CodingKeys).
    let structs: [String: StructLayout]

    /// Compiles a schema. Throws when it names a type it does not define or nests
    /// enum-keyed dictionaries more than four deep in one field type.
    package init(schema: ModelSchema) throws {
        self.schema = schema
        var structs: [String: StructLayout] = [:]
        for structSchema in schema.structs {
            let codecs = try structSchema.fields.map { field -> FieldCodec? in
                guard let key = field.codingKey else { return nil }
                do {
                    return try FieldCodec(field: field, codingKey: key, schema: schema)
                } catch let error as DynamicModelError {
                    throw DynamicModelError(path: ValuePath(keys: structSchema.name, field.name), message: error.message)
                }
            }
            structs[structSchema.name] = StructLayout(schema: structSchema, codecs: codecs)
        }
        guard structs[schema.root] != nil else {
            throw DynamicModelError(path: .root, message: "the root struct \(schema.root) is not defined")
        }
        self.structs = structs
    }

    /// Decodes a document's data, as `DocumentSnapshot.data()` hands it to an app, into a
    /// model value, through `decoder` (a fresh `Firestore.Decoder` by default).
    package func decode(_ data: [String: Any], reference: DocumentReference?, decoder: Firestore.Decoder = Firestore.Decoder()) throws -> ModelValue {
        decoder.userInfo[.crossfireDynamicContext] = DynamicDecodingContext(layout: self)
        return try decoder.decode(DynamicModel.self, from: data, in: reference).value
    }

    /// Decodes typed document fields into a model value.
    package func decode(_ fields: FirestoreMap, reference: DocumentReference?, decoder: Firestore.Decoder = Firestore.Decoder()) throws -> ModelValue {
        decoder.userInfo[.crossfireDynamicContext] = DynamicDecodingContext(layout: self)
        return try decoder.decode(DynamicModel.self, from: fields, in: reference).value
    }

    /// Decodes a snapshot as an app does with `snapshot.data(as: Model.self)`: references
    /// rooted in the snapshot's database, `@DocumentID` from its reference, and a document
    /// that does not exist decoded from null.
    package func decode(_ snapshot: DocumentSnapshot, decoder: Firestore.Decoder = Firestore.Decoder()) throws -> ModelValue {
        decoder.userInfo[.crossfireDynamicContext] = DynamicDecodingContext(layout: self)
        return try snapshot.data(as: DynamicModel.self, decoder: decoder).value
    }

    /// Encodes a model value to what `Firestore.Encoder.encode(_:)` hands the write path.
    package func encode(_ value: ModelValue, encoder: Firestore.Encoder = Firestore.Encoder()) throws -> [String: Any] {
        encoder.userInfo[.crossfireDynamicContext] = DynamicEncodingContext(layout: self)
        return try encoder.encode(model(value))
    }

    /// Decodes as `decode(_:reference:decoder:)` does, a failure with the place in the model
    /// it is at where its coding path does not say (`MappingFailure.place`).
    func decodeLocatingFailure(_ data: [String: Any], reference: DocumentReference?) -> Result<ModelValue, MappingFailure> {
        let decoder = Firestore.Decoder()
        let context = DynamicDecodingContext(layout: self)
        decoder.userInfo[.crossfireDynamicContext] = context
        do {
            return .success(try decoder.decode(DynamicModel.self, from: data, in: reference).value)
        } catch {
            var failure = MappingFailure(codingError: error)
            failure.place = context.places.failurePlace ?? (failure.hasPath ? context.places.place(ofUnlocated: failure.path, in: schema) : nil)
            return .failure(failure)
        }
    }

    /// Encodes as `encode(_:encoder:)` does, a failure with the place in the model it is at
    /// where its coding path does not say (`MappingFailure.place`).
    func encodeLocatingFailure(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        let encoder = Firestore.Encoder()
        let context = DynamicEncodingContext(layout: self)
        encoder.userInfo[.crossfireDynamicContext] = context
        do {
            return .success(try encoder.encode(model(value)))
        } catch {
            var failure = MappingFailure(codingError: error)
            failure.place = context.places.failurePlace ?? (failure.hasPath ? context.places.place(ofUnlocated: failure.path, in: schema) : nil)
            return .failure(failure)
        }
    }

    /// The `Encodable` stand-in for a model value of this schema's root struct.
    package func model(_ value: ModelValue) throws -> DynamicModel {
        let root = try DynamicStruct.make(value, frame: DynamicFrame(root: schema.root), layout: self, path: .root)
        return DynamicModel(root: root)
    }
}

/// One struct's coding layout.
struct StructLayout {
    let schema: StructSchema
    let codecs: [FieldCodec?]
    /// Whether some field is coded: synthesized `init(from:)` asks for a keyed container
    /// only then (its `CodingKeys` have a case).
    let hasCodedFields: Bool
    /// Whether some field is coded by hand (`FieldCoding`).
    let isHandCoded: Bool

    init(schema: StructSchema, codecs: [FieldCodec?]) {
        self.schema = schema
        self.codecs = codecs
        hasCodedFields = codecs.contains { $0 != nil }
        isHandCoded = schema.isHandCoded
    }
}

/// A document of a schema as a `Codable` value: the root struct's stand-in.
package struct DynamicModel: Codable {
    let root: DynamicStruct

    init(root: DynamicStruct) {
        self.root = root
    }

    /// The model value.
    package var value: ModelValue { root.modelValue }

    /// Decodes the root struct; the decoder must come from `DynamicModelType.decode`.
    package init(from decoder: any Decoder) throws {
        root = try DynamicStruct(from: decoder)
    }

    /// Encodes the root struct.
    package func encode(to encoder: any Encoder) throws {
        try root.encode(to: encoder)
    }
}
