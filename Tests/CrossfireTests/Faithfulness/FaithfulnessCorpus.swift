import CrossfireTestSupport
import Foundation
import GeneratedModels
import ModelSchema

/// The corpus schemas and their compiled emitted root structs, for the faithfulness tests.
/// Found below `TestRepository.root`.
enum FaithfulnessCorpus {
    /// `Corpus/schemas/`.
    static let schemasDirectory = TestRepository.root.appendingPathComponent("Corpus/schemas")

    /// The file names of every corpus schema, sorted (`all_integers.json` …).
    static let schemaFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: schemasDirectory.path)) ?? [])
        .filter { $0.hasSuffix(".json") }
        .sorted()

    /// One corpus schema, read and validated, with the emitted root struct of the same file.
    struct Entry {
        let schemaFile: String
        let schema: ModelSchema
        let emitted: any EmittedModel.Type
    }

    /// The schema in `schemaFile` and its emitted root struct.
    static func entry(_ schemaFile: String) throws -> Entry {
        let data = try Data(contentsOf: schemasDirectory.appendingPathComponent(schemaFile))
        let schema = try ModelSchema(json: data).validated()
        guard let emitted = GeneratedModelIndex.models.first(where: { $0.schemaFile == schemaFile })?.type else {
            throw MissingEmittedModel(schemaFile: schemaFile)
        }
        return Entry(schemaFile: schemaFile, schema: schema, emitted: emitted)
    }

    /// A seed of its own for each schema file and purpose (FNV-1a of the name), the same on
    /// every run and platform, so that each case can be replayed from its seed.
    static func seed(_ schemaFile: String, _ purpose: String, _ number: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (schemaFile + "/" + purpose).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash &+ UInt64(number)
    }
}

/// A corpus schema whose emitted Swift is missing from `GeneratedModelIndex`.
struct MissingEmittedModel: Error, CustomStringConvertible {
    let schemaFile: String
    var description: String { "GeneratedModelIndex has no model for \(schemaFile): run `make generate`" }
}
