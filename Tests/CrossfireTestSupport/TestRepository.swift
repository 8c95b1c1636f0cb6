import Foundation

/// The repository the tests run in, for its committed data (`Corpus/…`).
public enum TestRepository {
    /// The repository root: three levels up from `Tests/CrossfireTestSupport/<file>`.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The file or folder at `path` below the root.
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
