import Crossfire
import Synchronization
import Testing

/// `CallObservingMapperFactory`: every mapper call of a case, in order, with its check.
@Suite struct MapperCallTests {
    @Test("a case calls each mapper's decode in the decode check, encode in the encode check, then decode again in the round trip")
    func callsInOrder() throws {
        let calls = Mutex<[MapperCall]>([])
        let mappers = MapperSpec.builtIn.map { spec in CallObservingMapperFactory.spec(spec) { call in calls.withLock { $0.append(call) } } }
        let runner = CaseRunner(mappers: mappers, generator: CaseGenerator(profile: .default))
        var seed: UInt64 = 0
        var record: CaseRecord
        repeat {
            var source = ChoiceSource(seed: seed)
            record = runner.generate(from: &source)
            seed += 1
        } while record.document == nil || record.model == nil
        calls.withLock { $0 = [] }
        _ = runner.run(record)
        let made = calls.withLock { $0 }
        let names = MapperSpec.builtIn.map(\.name)
        let decodes = made.filter { $0.check == .decode }
        #expect(decodes == names.map { MapperCall(mapper: $0, function: .decode, check: .decode) })
        #expect(made.filter { $0.check == .encode } == names.map { MapperCall(mapper: $0, function: .encode, check: .encode) })
        let roundTrip = made.filter { $0.check == .roundTrip }
        // The round trip reads back the documents the encode check stored: decodes only, one per
        // mapper whose encode stored a document, in mapper order.
        #expect(!roundTrip.isEmpty)
        #expect(roundTrip.allSatisfy { $0.function == .decode })
        #expect(roundTrip.map(\.mapper) == names.filter { name in roundTrip.contains { $0.mapper == name } })
        #expect(made.allSatisfy { MapperCall.all(mappers: names).contains($0) })
        #expect(made.first?.description == "codable's decode in the decode check")
    }
}
