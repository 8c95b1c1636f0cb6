import Foundation

/// The schema corpus and the generated Swift files, found from this file's path
/// (`<repo>/Tests/ModelSchemaTests/Corpus.swift`) as CI lays the repository out.
enum Corpus {
    /// The repository root.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Corpus/schemas/`.
    static let schemasDirectory = repositoryRoot.appendingPathComponent("Corpus/schemas")

    /// `Tests/GeneratedModels/`.
    static let generatedDirectory = repositoryRoot.appendingPathComponent("Tests/GeneratedModels")

    /// The name, without `.swift`, of the index file `make generate` writes next to the emitted files.
    static let indexFileStem = "GeneratedModelIndex"

    /// The file names (`book.json` …) of every corpus schema, sorted.
    static func schemaFileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: schemasDirectory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
    }

    /// The bytes of one corpus schema.
    static func schemaData(_ fileName: String) throws -> Data {
        try Data(contentsOf: schemasDirectory.appendingPathComponent(fileName))
    }
}
