import Foundation
import Testing

/// The built `crossfire` binary, which the tests that run the tool find next to their own test
/// bundle (`swift build` and `swift test` put every product in one build products folder).
package enum CrossfireExecutable {
    /// The executable in the build products folder that holds this test binary, or nil when
    /// there is none.
    package static var url: URL? {
        let directories = [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL]
        for case let directory? in directories {
            let candidate = directory.appendingPathComponent("crossfire")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The executable; the test fails, saying to build first, when there is none.
    package static func required() throws -> URL {
        try #require(url, "the crossfire executable is not next to the test bundle; run `swift build` first")
    }
}
