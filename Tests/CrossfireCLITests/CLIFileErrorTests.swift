import CrossfireTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A folder or file a command cannot create, read or write is one line on standard error naming
/// the path and the system's reason, with exit code 1 — never Foundation's `Error Domain=…`
/// dump or its "The operation could not be completed".
@Suite(.serialized) struct CLIFileErrorTests {
    /// A regression file of the corpus, for the commands that need a finding.
    static let regression = TestRepository.root.appendingPathComponent("Corpus/regressions/canonically-equivalent-keys-read-alike.json").path

    /// A folder holding `afile`, a regular file, and `out`, a small run's folder.
    private func workspace() throws -> URL {
        let directory = try TemporaryFolder.make()
        try Data("not a folder\n".utf8).write(to: directory.appendingPathComponent("afile"))
        let run = try CLITool.run(["run", "--cases", "20", "--out", "out"], in: directory)
        #expect(run.status == 0, "\(run.errorOutput)")
        return directory
    }

    /// Checks that a run of the tool failed with exactly `line` on standard error.
    private func expectOneLine(_ arguments: [String], in directory: URL, _ line: String) throws {
        let run = try CLITool.run(arguments, in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 1, "\(arguments)")
        #expect(run.errorLines == [line], "\(arguments)")
        #expect(!run.errorOutput.contains("Domain="))
        #expect(!run.errorOutput.contains("could not be completed"))
    }

    @Test func aFolderUnderARegularFileIsOneLineNamingItAndWhy() throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let why = "afile/sub: cannot create the folder: Not a directory"
        try expectOneLine(["run", "--cases", "5", "--out", "afile/sub"], in: directory, "crossfire run: error: \(why)")
        try expectOneLine(["run", "--cases", "5", "--out", "afile/sub", "--isolate"], in: directory, "crossfire run: error: \(why)")
        try expectOneLine(["report", "out", "--out", "afile/sub"], in: directory, "crossfire report: error: \(why)")
        try expectOneLine(["fuzz-seeds", "FuzzDifferential", "--cases", "2", "--out", "afile/sub"], in: directory,
                          "crossfire fuzz-seeds: error: \(why)")
        try expectOneLine(["promote", Self.regression, "--corpus", "afile/sub"], in: directory, "crossfire promote: error: \(why)")
        let written = directory.appendingPathComponent("afile/x.json").path
        let shrink = try CLITool.run(["shrink", Self.regression, "--out", "afile/x.json"], in: directory)
        #expect(shrink.status == 1)
        #expect(shrink.errorLines.count == 1)
        #expect(shrink.errorLines.first?.hasPrefix("crossfire shrink: error: \(written): cannot write: ") == true, "\(shrink.errorOutput)")
        #expect(!shrink.errorOutput.contains("could not be completed"))
    }

    @Test func aFileThatCannotBeReadSaysWhy() throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try expectOneLine(["shrink", "missing/journal.jsonl#1"], in: directory,
                          "crossfire shrink: error: missing/journal.jsonl: cannot read the file: No such file or directory")
        try expectOneLine(["report", "out", "--baseline", "afile/report.json"], in: directory,
                          "crossfire report: error: --baseline afile/report.json: no such file")
    }

    /// A read-only folder stops only a user who is not root.
    @Test(.enabled(if: geteuid() != 0, "root writes into read-only folders"))
    func aReadOnlyFolderIsOneLineNamingItAndWhy() throws {
        let directory = try workspace()
        let readOnly = directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        chmod(readOnly.path, 0o555)
        defer {
            chmod(readOnly.path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        try expectOneLine(["run", "--cases", "5", "--out", "locked/run"], in: directory,
                          "crossfire run: error: locked/run: cannot create the folder: Permission denied")
    }
}
