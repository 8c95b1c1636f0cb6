import CrossfireReports
import CrossfireTestSupport
import Foundation
import Testing

/// Report files are written to a temporary file and renamed; nothing is left behind.
struct AtomicWriteTests {
    @Test func aWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.json").path
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second, longer".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer")
        #expect(try ReportFixtures.names(in: directory) == ["report.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test func aFailedRenameLeavesNoTemporaryFileAndTheTargetAsItWas() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A folder where the file should go: the rename fails after the bytes were written.
        let target = directory.appendingPathComponent("report.html")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("kept"), withIntermediateDirectories: true)
        #expect {
            try AtomicFile.write(Array("<html>".utf8), to: target.path)
        } throws: { error in
            guard let failure = error as? ReportWriteError else { return false }
            return failure.path == target.path && failure.message.hasPrefix("cannot rename the temporary file into place: ")
        }
        #expect(try ReportFixtures.names(in: directory) == ["report.html"])
        #expect(try ReportFixtures.names(in: target) == ["kept"])
    }

    @Test func aMissingFolderIsAnErrorNamingTheFile() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("missing/report.json").path
        #expect(throws: ReportWriteError(path: path, message: "cannot create a temporary file in \(directory.path)/missing: No such file or directory")) {
            try AtomicFile.write([1, 2, 3], to: path)
        }
    }

    @Test func reportFilesWritesBothAndFailsCleanly() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let crash = ReportFixtures.crashFinding()
        let report = try ReportFixtures.report(try ReportFixtures.journalBytes([ReportFixtures.runLine(), try ReportFixtures.classLine(crash, id: 1)]))
        let out = directory.appendingPathComponent("new/out")
        let written = try ReportFiles.write(report, to: out.path)
        #expect(written.json == out.appendingPathComponent("report.json").path)
        #expect(written.html == out.appendingPathComponent("report.html").path)
        #expect(try ReportFixtures.names(in: out) == ["report.html", "report.json"])
        #expect(try Data(contentsOf: out.appendingPathComponent("report.json")) == Data(try ReportJSON.bytes(of: report)))
        #expect(try Data(contentsOf: out.appendingPathComponent("report.html")) == Data(ReportHTML.page(of: report).utf8))

        // report.html cannot be replaced: report.json is written, no temporary file remains.
        let blocked = directory.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("report.html"), withIntermediateDirectories: true)
        #expect(throws: ReportWriteError.self) { try ReportFiles.write(report, to: blocked.path) }
        #expect(try ReportFixtures.names(in: blocked) == ["report.html", "report.json"])
    }
}
