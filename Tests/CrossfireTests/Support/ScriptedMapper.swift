import Crossfire
import FirestoreModel
import ModelSchema

/// A mapper that decodes every document as a given model value and encodes every model value
/// as the Codable mapper encodes a given one — or, where none is given, maps as the Codable
/// mapper does: two such mappers make the checks compare exactly the two values a test chooses.
struct ScriptedMapper: DocumentMapper {
    /// The Codable mapper for the case's schema.
    let codable: any DocumentMapper
    /// What every decode gives, when given.
    var decoded: ModelValue?
    /// What every encode encodes in place of its input, when given.
    var encoded: ModelValue?

    /// The mapper for `schema`.
    init(schema: ModelSchema, decoded: ModelValue? = nil, encoded: ModelValue? = nil) throws {
        codable = try CodableMapperFactory().makeMapper(for: schema)
        self.decoded = decoded
        self.encoded = encoded
    }

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        decoded.map { DecodeResult(outcome: .success($0)) } ?? codable.decode(data, reference: reference)
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        codable.encode(encoded ?? value)
    }
}
