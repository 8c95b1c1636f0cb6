import Crossfire
import Foundation
import ModelSchema
import Testing

/// The `salada-user` profile: every case is seed 002's `User`, as its corpus file holds it.
@Suite struct SeedModelProfileTests {
    @Test func theCompiledSchemaIsTheCorpusFile() throws {
        let data = try Data(contentsOf: FaithfulnessCorpus.schemasDirectory.appendingPathComponent("salada_user.json"))
        #expect(SeedModelSchemas.saladaUser == (try ModelSchema(json: data).validated()))
    }

    @Test func everyCaseOfTheProfileIsTheUserAndReplaysFromItsChoices() throws {
        let profile = try GenerationProfile.named("salada-user")
        #expect(profile.fixedSchema == SeedModelSchemas.saladaUser)
        #expect(GenerationProfile.isPreset("salada-user"))
        let runner = CaseRunner(mappers: MapperSpec.builtIn, generator: CaseGenerator(profile: profile))
        for index in 0..<20 {
            var source = ChoiceSource(seed: UInt64(index))
            let record = runner.generate(from: &source, seed: 1, caseIndex: index)
            #expect(record.schema == SeedModelSchemas.saladaUser)
            var replay = ChoiceSource(replaying: ChoiceSequence(record.choices ?? []))
            let again = runner.generate(from: &replay, seed: 1, caseIndex: index)
            #expect(again.document == record.document && again.model == record.model)
        }
    }
}
