import Crossfire
import EmulatorStorageCheck
import FirestoreEmulator
import FirestoreModel
import Foundation
import Testing

/// The storage check in a campaign (`crossfire run --storage emulator`): Crossfire's model
/// gives no unexpected storage class, and a fault planted in it (−0.0 kept: the generated
/// documents hold −0.0 in every kind of place) is found as storage classes at those places,
/// which the mapper differential alone does not see. The other planted faults need documents
/// the generator does not make (a nested reserved name, 21 levels, a timestamp that rounds
/// up): `StorageConformanceTests` plants them over documents that have them.
@Suite struct StorageCampaignTests {
    /// A campaign of `cases` cases of `profile` with the storage check over `model`: its classes.
    private func classes(cases: Int, profile: GenerationProfile, model: any StoragePrediction = StorageModel()) throws -> [FindingClass] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storage-campaign-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = CampaignOptions(seed: 7, cases: cases, profile: profile, outputDirectory: directory.path, shrinkAttempts: 30,
                                      shrinkTime: .seconds(5), jobs: 2)
        options.storageCheck = EmulatorStorageCheck(client: try SharedEmulator.emulator().client(), model: model)
        return try Campaign(options: options).run().classes
    }

    @Test(arguments: [GenerationProfile.default, .edges])
    func crossfiresModelGivesNoUnexpectedStorageClass(_ profile: GenerationProfile) throws {
        let storage = try classes(cases: 150, profile: profile).filter { $0.key.check == .storage }
        let unexpected = storage.filter(\.isUnexpected).map { "\($0.key.canonical) at \($0.first.discrepancy.path)" }
        #expect(unexpected.isEmpty, "\(unexpected)")
    }

    /// The unexpected storage classes of a campaign over a planted model; each is checked by `leaves`
    /// (what the model and the emulator hold at its example's leaf).
    private func plantedClasses(_ fault: StorageConformanceTests.PlantedModel.Fault, cases: Int,
                                leaves: (LeafValue?, LeafValue?) -> Bool) throws {
        let found = try classes(cases: cases, profile: .edges, model: StorageConformanceTests.PlantedModel(fault: fault))
        #expect(found.filter { $0.isUnexpected && $0.key.check != .storage }.isEmpty, "the mapper checks see nothing of it")
        let unexpected = found.filter { $0.isUnexpected && $0.key.check == .storage }
        #expect(!unexpected.isEmpty, "\(fault) is found")
        for found in unexpected {
            let finding = found.example.discrepancy
            #expect(finding.kind == .storageDisagreement)
            #expect(finding.outcomes.map(\.mapper) == [StorageParticipant.model, StorageParticipant.emulator])
            #expect(leaves(finding.outcomes[0].leaf, finding.outcomes[1].leaf), "\(found.key.canonical) at \(finding.path): \(finding.outcomes)")
        }
    }

    @Test func negativeZeroKeptIsFoundWhereADoubleIsMinusZero() throws {
        try plantedClasses(.negativeZeroKept, cases: 150) { model, emulator in
            model == .stored(.double(-0.0)) && emulator == .stored(.double(0.0))
        }
    }
}
