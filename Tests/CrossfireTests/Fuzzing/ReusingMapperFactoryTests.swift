@testable import Crossfire
import FirestoreModel
import ModelSchema
import Synchronization
import Testing

/// `ReusingMapperFactory`: the fuzz target prepares a mapper once for a run of cases of one
/// schema, and again when the schema changes or the factory threw.
@Suite struct ReusingMapperFactoryTests {
    /// Counts the mappers it makes; throws for a schema whose root is `Broken`.
    final class CountingFactory: MapperFactory {
        let made = Mutex(0)
        var name: String { "counting" }

        struct Refused: Error {}

        func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
            made.withLock { $0 += 1 }
            if schema.root == "Broken" { throw Refused() }
            return try CodableMapperFactory().makeMapper(for: schema)
        }
    }

    static func schema(root: String, field: String) -> ModelSchema {
        ModelSchema(root: root, structs: [StructSchema(name: root, fields: [FieldSchema(name: field, type: .integer(.int))])])
    }

    @Test("the same schema in a row gets the same mapper; another schema a new one")
    func reusesWhileTheSchemaStays() throws {
        let counting = CountingFactory()
        let reusing = ReusingMapperFactory(base: counting)
        let first = Self.schema(root: "Model", field: "a")
        let second = Self.schema(root: "Model", field: "b")
        let a = try reusing.makeMapper(for: first)
        _ = try reusing.makeMapper(for: first)
        #expect(counting.made.withLock { $0 } == 1)
        _ = try reusing.makeMapper(for: second)
        #expect(counting.made.withLock { $0 } == 2)
        let again = try reusing.makeMapper(for: first)
        #expect(counting.made.withLock { $0 } == 3)
        // A reused mapper decodes as a fresh one does.
        let document: [String: Any] = ["a": 7]
        #expect(again.decode(document, reference: nil) == a.decode(document, reference: nil))
        #expect(reusing.name == "counting")
    }

    @Test("a schema whose key is canonically equivalent to the last one's, not byte-equal, gets a mapper of its own")
    func canonicallyEquivalentKeysAreOtherSchemas() throws {
        let counting = CountingFactory()
        let reusing = ReusingMapperFactory(base: counting)
        let composed = Self.schema(root: "Model", field: "\u{00C5}")
        let angstrom = Self.schema(root: "Model", field: "\u{212B}")
        #expect(composed == angstrom, "ModelSchema's == compares by canonical equivalence")
        _ = try reusing.makeMapper(for: composed)
        let mapper = try reusing.makeMapper(for: angstrom)
        #expect(counting.made.withLock { $0 } == 2)
        // The mapper made for the Ångström sign's key writes that key, byte for byte.
        let encoded = try mapper.encode(.structure([ModelField(name: "\u{212B}", value: .int(7))])).get()
        #expect(encoded.keys.map { Array($0.unicodeScalars) } == [["\u{212B}"]])
    }

    /// Makes mappers that may keep state between calls.
    struct StatefulFactory: MapperFactory {
        let counting = CountingFactory()
        var name: String { "stateful" }

        struct Stateful: DocumentMapper {
            let inner: any DocumentMapper
            func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult { inner.decode(data, reference: reference) }
            func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> { inner.encode(value) }
        }

        func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
            Stateful(inner: try counting.makeMapper(for: schema))
        }
    }

    @Test("a mapper that is not stateless is made for every case")
    func statefulMappersAreNotReused() throws {
        let stateful = StatefulFactory()
        let reusing = ReusingMapperFactory(base: stateful)
        let schema = Self.schema(root: "Model", field: "a")
        _ = try reusing.makeMapper(for: schema)
        _ = try reusing.makeMapper(for: schema)
        #expect(stateful.counting.made.withLock { $0 } == 2)
    }

    @Test("a factory that threw is asked again")
    func failuresAreNotKept() {
        let counting = CountingFactory()
        let reusing = ReusingMapperFactory(base: counting)
        let broken = Self.schema(root: "Broken", field: "a")
        #expect(throws: CountingFactory.Refused.self) { try reusing.makeMapper(for: broken) }
        #expect(throws: CountingFactory.Refused.self) { try reusing.makeMapper(for: broken) }
        #expect(counting.made.withLock { $0 } == 2)
    }

    @Test("the fuzz target's cases run as with mappers made afresh")
    func targetUnchanged() {
        let fresh = CaseRunner(mappers: MapperSpec.builtIn, generator: CaseGenerator(profile: .default))
        let target = DifferentialFuzzTarget()
        for seed in UInt64(0)..<40 {
            var source = ChoiceSource(seed: seed)
            let record = fresh.generate(from: &source)
            // Twice in a row, so the second run reuses every mapper.
            _ = target.runner.run(record)
            let reused = target.runner.run(record)
            let expected = fresh.run(record)
            #expect(reused.findings.map(\.key) == expected.findings.map(\.key), "seed \(seed)")
            #expect(reused.setupFailure == expected.setupFailure, "seed \(seed)")
        }
    }
}
