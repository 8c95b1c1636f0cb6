import Crossfire
import FirestoreModel
import ModelSchema

/// The reflective mapper, under its name and style, or what a test makes it return instead:
/// the data an encode gives, or the result of a decode. It puts a reflective outcome a test
/// chooses beside the Codable mapper's, for the allowlist's near misses.
struct ReflectiveStandIn: MapperFactory {
    /// What every encode gives, when given (made anew for each call: `[String: Any]` is not
    /// `Sendable`).
    var encoded: (@Sendable () -> [String: Any])?
    /// What every decode gives, when given.
    var decoded: DecodeResult?
    /// `reflective` unless a test names it otherwise.
    var name = ReflectiveMapperFactory.mapperName

    /// Its style: the reflective family's, unless a test stands in for another.
    var style = MapperStyle.lenientDecode

    /// The stand-in as a campaign's mapper.
    var spec: MapperSpec { MapperSpec(factory: self, style: style) }

    func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        StandInMapper(real: try ReflectiveMapperFactory().makeMapper(for: schema), encoded: encoded, decoded: decoded)
    }
}

/// The mapper a `ReflectiveStandIn` makes.
private struct StandInMapper: DocumentMapper {
    let real: any DocumentMapper
    let encoded: (@Sendable () -> [String: Any])?
    let decoded: DecodeResult?

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        decoded ?? real.decode(data, reference: reference)
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        encoded.map { .success($0()) } ?? real.encode(value)
    }
}
