import Crossfire
import FirestoreModel
import ModelSchema

/// A mapper factory whose mappers' preparation and calls are timed on a `PhaseClock`, and
/// whose encoders' outputs are kept (the phase table runs the write path on them again).
struct TimedMapperFactory: MapperFactory, @unchecked Sendable {
    // The bench runs its phase campaign on one thread; the clock and the outputs are touched
    // only there.
    let inner: any MapperFactory
    let clock: PhaseClock
    let outputs: EncodedOutputs

    var name: String { inner.name }

    /// The spec with its factory wrapped.
    static func spec(_ spec: MapperSpec, clock: PhaseClock, outputs: EncodedOutputs) -> MapperSpec {
        MapperSpec(factory: TimedMapperFactory(inner: spec.factory, clock: clock, outputs: outputs), style: spec.style)
    }

    func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        let mapper = clock.paused ? try inner.makeMapper(for: schema) : try clock.time(.mapperSetup) { try inner.makeMapper(for: schema) }
        return TimedMapper(inner: mapper, clock: clock, outputs: outputs)
    }
}

/// The encoders' outputs of the case under way.
final class EncodedOutputs {
    /// Each successful encode's data, in call order.
    var data: [[String: Any]] = []
}

/// A mapper whose calls are timed as `Phase.mappers`.
private struct TimedMapper: DocumentMapper {
    let inner: any DocumentMapper
    let clock: PhaseClock
    let outputs: EncodedOutputs

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        clock.paused ? inner.decode(data, reference: reference) : clock.time(.mappers) { inner.decode(data, reference: reference) }
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        guard !clock.paused else { return inner.encode(value) }
        let result = clock.time(.mappers) { inner.encode(value) }
        if case .success(let data) = result { outputs.data.append(data) }
        return result
    }
}
