import FirestoreCodable
import FirestoreModel
import ModelSchema

/// The Codable mapper: `Firestore.Decoder` and `Firestore.Encoder` over `DynamicModel`, as an
/// app using the SDK's Codable support maps its documents.
package struct CodableMapperFactory: MapperFactory {
    /// `codable`.
    package let name = "codable"

    /// Creates the factory.
    package init() {}

    package func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        CodableMapper(type: try DynamicModelType(schema: schema))
    }
}

/// The Codable mapper prepared for one schema.
package struct CodableMapper: StatelessDocumentMapper {
    /// The compiled schema.
    package let type: DynamicModelType

    /// Creates the mapper for a compiled schema.
    package init(type: DynamicModelType) {
        self.type = type
    }

    package func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        DecodeResult(outcome: type.decodeLocatingFailure(data, reference: reference))
    }

    package func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        type.encodeLocatingFailure(value)
    }
}
