import Crossfire
import FirestoreModel
import ModelSchema
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// TEST FIXTURE, not a mapper under test: `--mappers codable,hang` makes `crossfire run
/// --isolate` meet a mapper that never returns, so that its hang handling (`--case-timeout`)
/// can be tested end to end.
///
/// `hang` maps like the strict hand mapper, except that its decode sleeps forever whenever the
/// document data has `TrapMapperFixture.fieldThreshold` or more top-level fields. It is only
/// accepted with `--isolate`, where the worker running it is killed after `--case-timeout`.
struct HangMapperFixture: MapperFactory {
    /// The fixture as `--mappers` selects it.
    static let spec = MapperSpec(factory: HangMapperFixture(), style: .strict)

    /// `hang`.
    let name = "hang"

    func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        HangingMapper(inner: try StrictHandMapperFactory().makeMapper(for: schema))
    }
}

/// The strict hand mapper with the fixture's endless sleep in front of decode.
private struct HangingMapper: DocumentMapper {
    let inner: any DocumentMapper

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        // The fixture's whole purpose: a call that never returns, as a mapper stuck in a loop.
        while data.count >= TrapMapperFixture.fieldThreshold {
            sleep(60)
        }
        return inner.decode(data, reference: reference)
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        inner.encode(value)
    }
}
