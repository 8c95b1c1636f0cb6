import Foundation

/// Where the tests find the repository, its data, and the built tool.
enum TestPaths {
    /// The repository root: three levels up from `Tests/FirestoreJSONTests/Support/<file>`.
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `<repo>/Corpus/external`: Firestore JSON copied from public repositories.
    static let external = repository.appendingPathComponent("Corpus/external")

    /// `<repo>/Corpus/documents`.
    static let corpusDocuments = repository.appendingPathComponent("Corpus/documents")

    /// The `crossfire` executable in the build products directory that holds this test binary.
    static var crossfireExecutable: URL? {
        let directories = [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL]
        for case let directory? in directories {
            let candidate = directory.appendingPathComponent("crossfire")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The bytes of a file.
    static func bytes(of url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }
}
