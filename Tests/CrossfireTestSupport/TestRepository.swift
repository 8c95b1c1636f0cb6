import Foundation

/// The repository the tests run in, for its committed data (`Corpus/…`).
package enum TestRepository {
    /// The repository root: three levels up from `Tests/CrossfireTestSupport/<file>`.
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The file or folder at `path` below the root.
    package static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
