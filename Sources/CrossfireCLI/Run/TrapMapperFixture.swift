import Crossfire
import FirestoreModel
import ModelSchema

/// TEST FIXTURE, not a mapper under test: `--mappers codable,trap` makes `crossfire run
/// --isolate` meet a mapper that crashes, so that its crash handling can be tested end to end.
///
/// `trap` maps like the strict hand mapper, except that its decode traps — the process dies
/// of the signal a Swift runtime trap raises — whenever the document data has
/// `TrapMapperFixture.fieldThreshold` or more top-level fields. Without `--isolate` the trap
/// ends the whole run (the journal keeps every finding written before it).
struct TrapMapperFixture: MapperFactory {
    /// The number of top-level fields from which decode traps.
    static let fieldThreshold = 6

    /// The fixture as `--mappers` selects it.
    static let spec = MapperSpec(factory: TrapMapperFixture(), style: .strict)

    /// `trap`.
    let name = "trap"

    func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        TrappingMapper(inner: try StrictHandMapperFactory().makeMapper(for: schema))
    }
}

/// The strict hand mapper with the fixture's trap in front of decode.
private struct TrappingMapper: DocumentMapper {
    let inner: any DocumentMapper

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        if data.count >= TrapMapperFixture.fieldThreshold {
            // The fixture's whole purpose: a deliberate runtime trap, as a mapper bug would raise.
            fatalError("trap fixture: decode of a document with \(data.count) top-level fields")
        }
        return inner.decode(data, reference: reference)
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        inner.encode(value)
    }
}
