import FirestoreModel
import ModelSchema

/// A mapper factory whose mappers tell `observe` of each call before they make it, with the
/// check it belongs to; otherwise they are the inner factory's mappers. An isolated run's
/// worker announces its calls this way, and `CrashProbe` marks them, so that a process that
/// dies in a mapper can be told which call killed it.
package struct CallObservingMapperFactory: MapperFactory {
    /// The factory whose mappers are observed.
    package let inner: any MapperFactory
    /// Told of each call, before it is made.
    package let observe: @Sendable (MapperCall) -> Void

    /// Observes `inner`'s mappers.
    package init(inner: any MapperFactory, observe: @escaping @Sendable (MapperCall) -> Void) {
        self.inner = inner
        self.observe = observe
    }

    /// The inner factory's name.
    package var name: String { inner.name }

    /// A spec whose mappers are observed, compared as `spec`'s are.
    package static func spec(_ spec: MapperSpec, observe: @escaping @Sendable (MapperCall) -> Void) -> MapperSpec {
        MapperSpec(factory: CallObservingMapperFactory(inner: spec.factory, observe: observe), style: spec.style)
    }

    package func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        CallObservingMapper(inner: try inner.makeMapper(for: schema), name: inner.name, observe: observe)
    }
}

/// A mapper whose calls are observed. A case makes one per mapper and tells the checks apart by
/// the order of the calls: decodes before the encode are the decode check's, the encode is the
/// encode check's, and decodes after it are the round trip's (which reads back what the encode
/// check stored and never encodes again).
private final class CallObservingMapper: DocumentMapper {
    let inner: any DocumentMapper
    let name: String
    let observe: @Sendable (MapperCall) -> Void
    private var hasEncoded = false

    init(inner: any DocumentMapper, name: String, observe: @escaping @Sendable (MapperCall) -> Void) {
        self.inner = inner
        self.name = name
        self.observe = observe
    }

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        observe(MapperCall(mapper: name, function: .decode, check: hasEncoded ? .roundTrip : .decode))
        return inner.decode(data, reference: reference)
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        hasEncoded = true
        observe(MapperCall(mapper: name, function: .encode, check: .encode))
        return inner.encode(value)
    }
}
