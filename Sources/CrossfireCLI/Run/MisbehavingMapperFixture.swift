import Crossfire
import FirestoreModel
import ModelSchema
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// TEST FIXTURES, not mappers under test: `--mappers codable,trap` and `--mappers codable,hang`
/// make `crossfire run --isolate` meet a mapper that crashes or never returns, so that its
/// crash handling and its `--case-timeout` can be tested end to end.
///
/// Each maps like the strict hand mapper, except that its decode misbehaves whenever the
/// document data has `fieldThreshold` or more top-level fields: `trap` traps (the process dies
/// of the signal a Swift runtime trap raises; without `--isolate` that ends the whole run, the
/// journal keeping every finding written before it), `hang` sleeps forever (accepted only with
/// `--isolate`, where the worker is killed after `--case-timeout`).
struct MisbehavingMapperFixture: MapperFactory {
    /// How the fixture's decode misbehaves.
    enum Misbehaviour: String {
        case trap
        case hang
    }

    /// The number of top-level fields from which decode misbehaves.
    static let fieldThreshold = 6

    /// The trapping fixture as `--mappers` selects it.
    static let trap = MapperSpec(factory: MisbehavingMapperFixture(misbehaviour: .trap), style: .strict)
    /// The hanging fixture as `--mappers` selects it.
    static let hang = MapperSpec(factory: MisbehavingMapperFixture(misbehaviour: .hang), style: .strict)

    /// What its decode does on a large document.
    let misbehaviour: Misbehaviour

    /// `trap` or `hang`.
    var name: String { misbehaviour.rawValue }

    func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        MisbehavingMapper(inner: try StrictHandMapperFactory().makeMapper(for: schema), misbehaviour: misbehaviour)
    }
}

/// The strict hand mapper with the fixture's misbehaviour in front of decode.
private struct MisbehavingMapper: DocumentMapper {
    let inner: any DocumentMapper
    let misbehaviour: MisbehavingMapperFixture.Misbehaviour

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        if data.count >= MisbehavingMapperFixture.fieldThreshold {
            switch misbehaviour {
            case .trap:
                // The fixture's whole purpose: a deliberate runtime trap, as a mapper bug would raise.
                fatalError("trap fixture: decode of a document with \(data.count) top-level fields")
            case .hang:
                // The fixture's whole purpose: a call that never returns, as a mapper stuck in a loop.
                while true { sleep(60) }
            }
        }
        return inner.decode(data, reference: reference)
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        inner.encode(value)
    }
}
