import FirestoreCodable
import FirestoreModel
import ModelSchema

/// The Codable mapper: `Firestore.Decoder` and `Firestore.Encoder` over `DynamicModel`, as an
/// app using the SDK's Codable support maps its documents.
public struct CodableMapperFactory: MapperFactory {
    /// `codable`.
    public let name = "codable"

    /// Creates the factory.
    public init() {}

    public func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        CodableMapper(type: try DynamicModelType(schema: schema))
    }
}

/// The Codable mapper prepared for one schema.
public struct CodableMapper: StatelessDocumentMapper {
    /// The compiled schema.
    public let type: DynamicModelType

    /// Creates the mapper for a compiled schema.
    public init(type: DynamicModelType) {
        self.type = type
    }

    public func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        DecodeResult(outcome: type.decodeLocatingFailure(data, reference: reference))
    }

    public func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        type.encodeLocatingFailure(value)
    }
}
