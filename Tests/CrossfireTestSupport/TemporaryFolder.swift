import Foundation

/// Fresh folders under the temporary directory for the files a test writes.
package enum TemporaryFolder {
    /// A new empty folder, named by `prefix` and a UUID.
    package static func make(prefix: String = "crossfire-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
