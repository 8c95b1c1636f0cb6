import Foundation

/// Where the tests find the repository and its data.
enum TestPaths {
    /// The repository root: three levels up from `Tests/FirestoreJSONTests/Support/<file>`.
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `<repo>/Corpus/external`: Firestore JSON copied from public repositories.
    static let external = repository.appendingPathComponent("Corpus/external")

    /// `<repo>/Corpus/documents`.
    static let corpusDocuments = repository.appendingPathComponent("Corpus/documents")

    /// The bytes of a file.
    static func bytes(of url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }
}
