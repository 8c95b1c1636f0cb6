import Crossfire
import Foundation
import Testing

/// The committed seed corpora of the libFuzzer targets (`Corpus/fuzz/<Target>/`, made by
/// `make fuzz-seeds`): reproducible, and replayed here like the regression corpus — every
/// input, seeds and crash inputs added after a fix alike, must pass its target's check.
@Suite struct FuzzCorpusTests {
    static let differential = FuzzFixtures.seeds("FuzzDifferential")
    static let rest = FuzzFixtures.seeds("FuzzRESTJSON")
    static let schema = FuzzFixtures.seeds("FuzzSchemaJSON")

    @Test("the FuzzDifferential seeds are what `crossfire fuzz-seeds` generates now")
    func differentialSeedsAreReproducible() throws {
        let generated = FuzzSeeds.differential(seed: FuzzSeeds.differentialSeed, cases: FuzzSeeds.differentialCases)
        let committed = Self.differential.filter { $0.hasPrefix("seed") }
        #expect(committed == generated.map(\.name), "run `make fuzz-seeds` after changing the generators")
        for seed in generated where committed.contains(seed.name) {
            #expect(try FuzzFixtures.seed("FuzzDifferential", seed.name) == seed.bytes, "\(seed.name) is stale: run `make fuzz-seeds`")
        }
    }

    @Test("the corpora are there", arguments: [("FuzzDifferential", 40), ("FuzzRESTJSON", 100), ("FuzzSchemaJSON", 30)])
    func corporaExist(target: String, minimum: Int) {
        #expect(FuzzFixtures.seeds(target).count >= minimum, "\(FuzzFixtures.corpus(target).path)")
    }

    @Test(arguments: differential)
    func differentialInputPasses(name: String) throws {
        let report = DifferentialFuzzTarget.standard.check(try FuzzFixtures.seed("FuzzDifferential", name)).report
        #expect(report == nil, "\(name): \(report ?? "")")
    }

    @Test(arguments: rest)
    func restInputPasses(name: String) throws {
        let report = RESTJSONRoundTrip.check(try FuzzFixtures.seed("FuzzRESTJSON", name)).report
        #expect(report == nil, "\(name): \(report ?? "")")
    }

    @Test(arguments: schema)
    func schemaInputPasses(name: String) throws {
        let report = SchemaJSONRoundTrip.check(try FuzzFixtures.seed("FuzzSchemaJSON", name)).report
        #expect(report == nil, "\(name): \(report ?? "")")
    }
}
