import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

/// TEST FIXTURE, not a mapper under test: `--mappers codable,dropnull` gives a run a planted
/// bug, so that what Crossfire does with an unexpected finding class — the line it prints, the
/// shrink, the summary, the exit code, the report's card — can be tested end to end.
///
/// It maps like the strict hand mapper, except that its decode drops the top-level nulls of a
/// document first: a null required field then reads as a missing key (`keyNotFound`) where the
/// SDK reports a null (`valueNotFound`).
struct DropNullsFixture: MapperFactory {
    /// The fixture as `--mappers` selects it.
    static let spec = MapperSpec(factory: DropNullsFixture(), style: .strict)

    /// `dropnull`.
    let name = "dropnull"

    func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        DropNullsMapper(inner: try StrictHandMapperFactory().makeMapper(for: schema))
    }
}

/// The strict hand mapper with the fixture's bug in front of decode.
private struct DropNullsMapper: DocumentMapper {
    let inner: any DocumentMapper

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        inner.decode(data.filter { !($0.value is NSNull) }, reference: reference)
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        inner.encode(value)
    }
}
