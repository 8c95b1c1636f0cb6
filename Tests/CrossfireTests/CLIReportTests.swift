import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// `crossfire report`, run as the built binary on the journal of a `crossfire run`.
@Suite(.serialized) struct CLIReportTests {
    /// A folder holding `run/journal.jsonl` of a short seeded run.
    private func runFolder() throws -> URL {
        let directory = try CLITool.temporaryDirectory()
        let run = try CLITool.run(["run", "--seed", "2", "--cases", "12", "--out", "run", "--shrink-attempts", "10"], in: directory)
        try #require(run.status == 0, "crossfire run failed: \(run.errorOutput)")
        return directory
    }

    /// `report.json` in `folder`, read back.
    private func reportJSON(in folder: URL) throws -> FirestoreMap {
        let reader = PlainJSONReader(options: JSONReadOptions(maximumStringBytes: 1 << 26, maximumDepth: JSONReadOptions.depthCeiling))
        guard case .map(let map) = try reader.readValue(from: Array(try Data(contentsOf: folder.appendingPathComponent("report.json")))) else {
            throw CLIJournalError.notAnObject("report.json")
        }
        return map
    }

    @Test func aRunFolderIsReportedNextToItsJournal() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try CLITool.run(["report", "run"], in: directory)
        #expect(report.exitedNormally)
        #expect(report.status == 0, "\(report.errorOutput)")
        let records = try CLIJournal.records(directory.appendingPathComponent("run/journal.jsonl"))
        let findings = CLIJournal.records(records, kind: "finding").count
        let census = try #require(records.last.flatMap { record -> Int? in if case .array(let entries)? = record["census"] { return entries.count } else { return nil } })
        #expect(report.outputLines == [
            "run/report.json", "run/report.html",
            "run completed: 12 cases, \(findings) findings (0 unexpected, \(findings) expected), \(census) error signatures",
        ])
        #expect(report.errorOutput.isEmpty)
        let json = try reportJSON(in: directory.appendingPathComponent("run"))
        #expect(json["report"] == .integer(1))
        guard case .array(let entries)? = json["findings"] else {
            Issue.record("report.json has no findings array")
            return
        }
        #expect(entries.count == findings)
        let page = try String(contentsOf: directory.appendingPathComponent("run/report.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<h2>Expected findings (allowlisted) (\(findings))</h2>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("run").path).sorted()
                == ["journal.jsonl", "report.html", "report.json"])
    }

    @Test func aJournalFileIsReportedIntoOut() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try CLITool.run(["report", "run/journal.jsonl", "--out", "elsewhere/reports"], in: directory)
        #expect(report.status == 0, "\(report.errorOutput)")
        #expect(Array(report.outputLines.prefix(2)) == ["elsewhere/reports/report.json", "elsewhere/reports/report.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("elsewhere/reports").path).sorted()
                == ["report.html", "report.json"])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("run/report.json").path))
        // The same journal reported twice gives the same bytes.
        let again = try CLITool.run(["report", "run/journal.jsonl", "--out", "again"], in: directory)
        #expect(again.status == 0)
        for name in ["report.json", "report.html"] {
            #expect(try Data(contentsOf: directory.appendingPathComponent("elsewhere/reports/\(name)"))
                    == Data(contentsOf: directory.appendingPathComponent("again/\(name)")))
        }
    }

    @Test func anUnexpectedFindingExitsOne() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The journal as a run without the allowlist would have written it for finding 1.
        let journal = directory.appendingPathComponent("run/journal.jsonl")
        let writer = PlainJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact, maximumDepth: 2000))
        var bytes: [UInt8] = []
        for var record in try CLIJournal.records(journal) {
            if record["id"] == .integer(1) {
                record["expected"] = .boolean(false)
                record["explanation"] = .null
            }
            bytes += try writer.write(FirestoreValue.map(record)) + [0x0A]
        }
        try Data(bytes).write(to: journal)
        let report = try CLITool.run(["report", "run"], in: directory)
        #expect(report.status == 1)
        #expect(report.outputLines.last?.contains(" (1 unexpected, ") == true)
        let json = try reportJSON(in: directory.appendingPathComponent("run"))
        guard case .array(let findings)? = json["findings"], case .map(let first)? = findings.first else {
            Issue.record("report.json has no findings")
            return
        }
        #expect(first["id"] == .integer(1))
        #expect(first["expected"] == .boolean(false))
        let page = try String(contentsOf: directory.appendingPathComponent("run/report.html"), encoding: .utf8)
        #expect(page.contains("<article class=\"finding unexpected\" id=\"finding-1\">"))
    }

    @Test func aKilledRunIsReportedAndTheSkippedLineNamed() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent("run/journal.jsonl")
        let lines = CLITool.lines(try String(contentsOf: journal, encoding: .utf8))
        // Killed while writing its third line: two whole lines and half of the third.
        try Data((lines[0] + "\n" + lines[1] + "\n" + lines[2].prefix(lines[2].count / 2)).utf8).write(to: journal)
        let report = try CLITool.run(["report", "run"], in: directory)
        #expect(report.status == 0, "\(report.errorOutput)")
        #expect(report.errorLines == ["run/journal.jsonl:3: an unfinished last line (a run killed while writing it) was skipped"])
        #expect(report.outputLines.last == "run truncated: 1 finding (0 unexpected, 1 expected)")
        let json = try reportJSON(in: directory.appendingPathComponent("run"))
        guard case .map(let status)? = json["status"] else {
            Issue.record("report.json has no status")
            return
        }
        #expect(status["state"] == .string("truncated"))
        #expect(status["truncatedLine"] == .integer(3))
    }

    @Test func aMalformedJournalIsAnErrorNamingTheFileAndLine() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = #"{"journal":1,"record":"run","seed":"1","profile":"default","mappers":["codable","strict"]}"#
        try Data("\(run)\n{\"journal\":1,\"record\":\"finding\",\"id\":\n\(run)\n".utf8).write(to: directory.appendingPathComponent("journal.jsonl"))
        let report = try CLITool.run(["report", "journal.jsonl"], in: directory)
        #expect(report.status == 1)
        #expect(report.output.isEmpty)
        #expect(report.errorLines.first?.hasPrefix("crossfire report: error: journal.jsonl:2: not a JSON line:") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.json").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["journal.jsonl"])
    }

    @Test(arguments: [
        (["report", "missing.jsonl"], 1, "crossfire report: error: missing.jsonl: no such file or folder"),
        (["report", "."], 1, "crossfire report: error: .: the folder holds no journal.jsonl"),
        (["report"], 2, "crossfire report: error: missing argument JOURNAL"),
        (["report", "x", "--bogus"], 2, "crossfire report: error: unknown option --bogus"),
    ])
    func badInputAndUsageErrorsHaveTheirExitCodes(arguments: [String], status: Int32, message: String) throws {
        let result = try CLITool.run(arguments)
        #expect(result.status == status)
        #expect(result.errorLines.first == message)
        if status == 2 {
            #expect(result.errorLines.dropFirst().first == "usage: crossfire report [--out DIR] JOURNAL")
        }
    }

    @Test func theHelpListsTheCommand() throws {
        let help = try CLITool.run(["--help"])
        #expect(help.status == 0)
        #expect(help.outputLines.contains { $0.hasPrefix("  report ") && $0.hasSuffix("Write report.json and report.html from a run's journal.") })
        let commandHelp = try CLITool.run(["report", "--help"])
        #expect(commandHelp.status == 0)
        #expect(commandHelp.outputLines.first == "usage: crossfire report [--out DIR] JOURNAL")
        #expect(commandHelp.output.contains("--out DIR"))
    }
}
