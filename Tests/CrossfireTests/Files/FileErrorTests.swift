import Crossfire
import CrossfireTestSupport
import Foundation
import Testing

/// `FileError`: the system's reason for a failed file operation, in words, on one line.
@Suite struct FileErrorTests {
    @Test func foundationsFileErrorsGiveTheErrnoTheyWrap() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file")
        try Data().write(to: file)
        do {
            try FileManager.default.createDirectory(atPath: file.path + "/sub", withIntermediateDirectories: true)
            Issue.record("a folder was created under a regular file")
        } catch {
            #expect(FileError(path: "x/sub", cannot: "create the folder", error: error).description == "x/sub: cannot create the folder: Not a directory")
        }
        #expect(throws: FileError(path: directory.path + "/missing", cannot: "read the file", error: POSIXError(.ENOENT))) {
            try FileError.contents(of: directory.path + "/missing").get()
        }
    }

    @Test func anErrorWithoutAnErrnoIsItsDescriptionsFirstLine() {
        struct Plain: LocalizedError {
            var errorDescription: String? { "first line\nsecond line" }
        }
        #expect(FileError.reason(of: POSIXError(.EACCES)) == "Permission denied")
        #expect(FileError.reason(of: Plain()) == "first line")
    }
}
