import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// `crossfire report`, run as the built binary on the journal of a `crossfire run`.
@Suite(.serialized) struct CLIReportTests {
    /// A folder holding `run/journal.jsonl` of a short seeded run.
    private func runFolder() throws -> URL {
        let directory = try TemporaryFolder.make()
        let run = try CLITool.run(["run", "--seed", "2", "--cases", "40", "--out", "run", "--shrink-attempts", "10"], in: directory)
        try #require(run.status == 0, "crossfire run failed: \(run.errorOutput)")
        return directory
    }

    /// A JSON file in `folder`, read back.
    private func json(_ name: String, in folder: URL) throws -> FirestoreMap {
        let reader = PlainJSONReader(options: JSONReadOptions(maximumStringBytes: 1 << 26, maximumDepth: JSONReadOptions.depthCeiling))
        guard case .map(let map) = try reader.readValue(from: Array(try Data(contentsOf: folder.appendingPathComponent(name)))) else {
            throw CLIJournalError.notAnObject(name)
        }
        return map
    }

    /// Writes a JSON object as a file (sorted keys, compact).
    private func write(_ map: FirestoreMap, to url: URL) throws {
        let writer = PlainJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact, maximumDepth: 2000))
        try Data(try writer.write(FirestoreValue.map(map))).write(to: url)
    }

    /// The classes of a journal's records.
    private func classRecords(_ directory: URL) throws -> [FirestoreMap] {
        CLIJournal.records(try CLIJournal.records(directory.appendingPathComponent("run/journal.jsonl")), kind: "class")
    }

    /// `1 class`, `2 classes`.
    private func classes(_ count: Int) -> String {
        count == 1 ? "1 class" : "\(count) classes"
    }

    @Test func aRunFolderIsReportedNextToItsJournal() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try CLITool.run(["report", "run"], in: directory)
        #expect(report.exitedNormally)
        #expect(report.status == 0, "\(report.errorOutput)")
        let count = try classRecords(directory).count
        let json = try json("report.json", in: directory.appendingPathComponent("run"))
        let coverage = try #require(json["coverage"].flatMap { value -> FirestoreMap? in if case .map(let map) = value { map } else { nil } })
        let reached = try #require(CLIJournal.integer(coverage, "reached"))
        let reachable = try #require(CLIJournal.integer(coverage, "reachable"))
        #expect(report.outputLines == [
            "run/report.json", "run/report.html",
            "run completed: 40 cases, \(classes(count)) (0 unexpected, \(count) expected), \(reached) of \(reachable) grid cells",
        ])
        #expect(report.errorOutput.isEmpty)
        #expect(json["report"] == .integer(4))
        #expect(json["baseline"] == .null)
        guard case .array(let entries)? = json["classes"] else {
            Issue.record("report.json has no classes array")
            return
        }
        #expect(entries.count == count)
        let page = try String(contentsOf: directory.appendingPathComponent("run/report.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<section id=\"grid\">"))
        #expect(page.contains("<h2>Expected classes (\(count))</h2>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("run").path).sorted()
                == ["journal.jsonl", "report.html", "report.json"])
    }

    @Test func aReportRunsNoCase() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The run line as another Crossfire wrote it: its profile and a mapper are unknown here,
        // so no case of it could run again; and its classes could not be found again.
        let journal = directory.appendingPathComponent("run/journal.jsonl")
        var records = try CLIJournal.records(journal)
        records[0]["profile"] = .string("no-such-profile")
        records[0]["mappers"] = .array([.string("codable"), .string("planted-gone")])
        let writer = PlainJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact, maximumDepth: 2000))
        try Data(try records.flatMap { try writer.write(FirestoreValue.map($0)) + [0x0A] }).write(to: journal)
        let count = try classRecords(directory).count
        try #require(count >= 1, "the run found no class")
        let report = try CLITool.run(["report", "run"], in: directory)
        #expect(report.status == 0, "\(report.errorOutput)")
        #expect(report.errorOutput.isEmpty)
        let json = try json("report.json", in: directory.appendingPathComponent("run"))
        guard case .map(let run)? = json["run"], case .array(let entries)? = json["classes"] else {
            Issue.record("report.json has no run or classes")
            return
        }
        #expect(run["profile"] == .string("no-such-profile"))
        #expect(entries.count == count)
        for case .map(let entry) in entries {
            guard case .map(let example)? = entry["example"] else {
                Issue.record("class \(entry["id"] ?? .null) has no example")
                continue
            }
            #expect(example["outcomes"] != nil && example["path"] != nil)
        }
    }

    @Test func aJournalFileIsReportedIntoOutTheSameBytesEachTime() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try CLITool.run(["report", "run/journal.jsonl", "--out", "elsewhere/reports"], in: directory)
        #expect(report.status == 0, "\(report.errorOutput)")
        #expect(Array(report.outputLines.prefix(2)) == ["elsewhere/reports/report.json", "elsewhere/reports/report.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("elsewhere/reports").path).sorted()
                == ["report.html", "report.json"])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("run/report.json").path))
        let again = try CLITool.run(["report", "run/journal.jsonl", "--out", "again"], in: directory)
        #expect(again.status == 0)
        for name in ["report.json", "report.html"] {
            #expect(try Data(contentsOf: directory.appendingPathComponent("elsewhere/reports/\(name)"))
                    == Data(contentsOf: directory.appendingPathComponent("again/\(name)")))
        }
    }

    @Test func anUnexpectedClassExitsOneAndGetsACard() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The planted bug of the dropnull fixture: a null read as a missing key, an unexpected
        // class for each outcome of Codable's it contradicts.
        let run = try CLITool.run(["run", "--seed", "2", "--cases", "40", "--out", "run", "--shrink-attempts", "10",
                                   "--mappers", "codable,dropnull"], in: directory)
        try #require(run.status == 1, "crossfire run found nothing unexpected: \(run.output)")
        let classes = CLIJournal.records(try CLIJournal.records(directory.appendingPathComponent("run/journal.jsonl")), kind: "class")
        let unexpectedClasses = classes.filter { $0["expected"] == .boolean(false) }
        let unexpected = try #require(unexpectedClasses.first.flatMap { CLIJournal.integer($0, "id") })
        let report = try CLITool.run(["report", "run"], in: directory)
        #expect(report.status == 1)
        #expect(report.outputLines.last?.contains(" (\(unexpectedClasses.count) unexpected, ") == true)
        let json = try json("report.json", in: directory.appendingPathComponent("run"))
        guard case .array(let entries)? = json["classes"], case .map(let first)? = entries.first else {
            Issue.record("report.json has no classes")
            return
        }
        #expect(first["id"] == .integer(Int64(unexpected)))
        #expect(first["expected"] == .boolean(false))
        let page = try String(contentsOf: directory.appendingPathComponent("run/report.html"), encoding: .utf8)
        #expect(page.contains("<article class=\"card unexpected\" id=\"class-\(unexpected)\">"))
        #expect(page.contains("class=\"s-disagree\""))
    }

    @Test func aKilledRunIsReportedAndTheSkippedLineNamed() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent("run/journal.jsonl")
        let lines = ProcessResult.lines(try String(contentsOf: journal, encoding: .utf8))
        // Killed while writing its third line: two whole lines and half of the third.
        try Data((lines[0] + "\n" + lines[1] + "\n" + lines[2].prefix(lines[2].count / 2)).utf8).write(to: journal)
        let report = try CLITool.run(["report", "run"], in: directory)
        #expect(report.status == 0, "\(report.errorOutput)")
        #expect(report.errorLines == ["run/journal.jsonl:3: an unfinished last line (a run killed while writing it) was skipped"])
        #expect(report.outputLines.last == "run truncated: 1 class (0 unexpected, 1 expected)")
        let json = try json("report.json", in: directory.appendingPathComponent("run"))
        guard case .map(let status)? = json["status"] else {
            Issue.record("report.json has no status")
            return
        }
        #expect(status["state"] == .string("truncated"))
        #expect(status["truncatedLine"] == .integer(3))
    }

    @Test func aDamagedLineIsSkippedAndNamedAndEveryIntactRecordIsReported() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent("run/journal.jsonl")
        let intact = try CLITool.run(["report", "run", "--out", "intact"], in: directory)
        #expect(intact.status == 0 && intact.errorLines.isEmpty)
        var lines = ProcessResult.lines(try String(contentsOf: journal, encoding: .utf8))
        // Line 3, a class record in the middle of the journal, cut in half.
        lines[2] = String(lines[2].prefix(lines[2].count / 2))
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal)
        let report = try CLITool.run(["report", "run"], in: directory)
        #expect(report.status == 0, "\(report.errorOutput)")
        #expect(report.errorLines.count == 1)
        #expect(report.errorLines.first?.hasPrefix("run/journal.jsonl:3: a damaged line was skipped: not a JSON line: ") == true)
        let json = try json("report.json", in: directory.appendingPathComponent("run"))
        let before = try self.json("report.json", in: directory.appendingPathComponent("intact"))
        guard case .map(let status)? = json["status"], case .array(let damaged)? = status["damagedLines"],
              case .array(let classes)? = json["classes"], case .array(let classesBefore)? = before["classes"] else {
            Issue.record("report.json lacks its status or classes")
            return
        }
        #expect(status["state"] == .string("completed"), "the summary after the damaged line is read")
        #expect(damaged.count == 1)
        guard case .map(let first)? = damaged.first else { return }
        #expect(first["line"] == .integer(3))
        #expect(classes.count == classesBefore.count - 1)
        let page = try String(contentsOf: directory.appendingPathComponent("run/report.html"), encoding: .utf8)
        #expect(page.contains("<ul class=\"damaged\"><li>line 3: not a JSON line: "))
    }

    @Test func aBaselineSaysWhichClassesAreNewGoneOrUnchanged() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try CLITool.run(["report", "run", "--out", "old"], in: directory)
        #expect(first.status == 0)
        let count = try classRecords(directory).count
        try #require(count >= 2, "the run found fewer than two classes")
        // Against itself: nothing new, nothing gone.
        let same = try CLITool.run(["report", "run", "--baseline", "old/report.json", "--out", "same"], in: directory)
        #expect(same.status == 0, "\(same.errorOutput)")
        #expect(same.outputLines.last?.hasSuffix("; against old/report.json: 0 new, 0 gone, \(count) unchanged") == true)
        // An old report that lacked the first class and had one this run did not show.
        var old = try json("report.json", in: directory.appendingPathComponent("old"))
        guard case .array(var entries)? = old["classes"], case .map(let removed)? = entries.first else {
            Issue.record("report.json has no classes")
            return
        }
        entries.removeFirst()
        let gone = "codable:write/integer/integer/integer/double"
        entries.append(.map(["id": .integer(999), "cause": .string(gone), "expected": .boolean(false)]))
        old["classes"] = .array(entries)
        try write(old, to: directory.appendingPathComponent("old/report.json"))
        let compared = try CLITool.run(["report", "run", "--baseline", "old/report.json"], in: directory)
        #expect(compared.status == 0, "\(compared.errorOutput)")
        #expect(compared.outputLines.last?.hasSuffix("; against old/report.json: 1 new, 1 gone, \(count - 1) unchanged") == true)
        let json = try json("report.json", in: directory.appendingPathComponent("run"))
        guard case .map(let baseline)? = json["baseline"] else {
            Issue.record("report.json has no baseline")
            return
        }
        #expect(baseline["new"] == .array([removed["cause"] ?? .null]))
        #expect(baseline["unchanged"] == .integer(Int64(count - 1)))
        guard case .array(let goneEntries)? = baseline["gone"], case .map(let goneEntry)? = goneEntries.first else {
            Issue.record("the baseline has no gone class")
            return
        }
        #expect(goneEntry["cause"] == .string(gone))
        let page = try String(contentsOf: directory.appendingPathComponent("run/report.html"), encoding: .utf8)
        #expect(page.contains("<section id=\"baseline\">"))
        #expect(page.contains("<span class=\"new\">new</span>"))
    }

    @Test func aBadBaselineIsAnErrorNamingTheFile() throws {
        let directory = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{\"report\": 1, \"findings\": []}".utf8).write(to: directory.appendingPathComponent("old.json"))
        let old = try CLITool.run(["report", "run", "--baseline", "old.json"], in: directory)
        #expect(old.status == 1)
        #expect(old.output.isEmpty)
        #expect(old.errorLines == ["crossfire report: error: --baseline old.json: report: report format version 1; --baseline reads versions 3 to 4, the report.json this Crossfire writes and the ones before it"])
        let missing = try CLITool.run(["report", "run", "--baseline", "missing.json"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.errorLines == ["crossfire report: error: --baseline missing.json: no such file"])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("run/report.json").path))
    }

    @Test(arguments: [
        (["report", "missing.jsonl"], 1, "crossfire report: error: missing.jsonl: no such file or folder"),
        (["report", "."], 1, "crossfire report: error: .: the folder holds no journal.jsonl"),
        (["report"], 2, "crossfire report: error: missing argument JOURNAL"),
        (["report", "x", "--bogus"], 2, "crossfire report: error: unknown option --bogus"),
        (["report", "x", "--baseline", ""], 2, "crossfire report: error: --baseline must not be empty"),
    ])
    func badInputAndUsageErrorsHaveTheirExitCodes(arguments: [String], status: Int32, message: String) throws {
        let result = try CLITool.run(arguments)
        #expect(result.status == status)
        #expect(result.errorLines.first == message)
        if status == 2 {
            #expect(result.errorLines.dropFirst().first == "usage: crossfire report [--out DIR] [--baseline OLD_REPORT.json] JOURNAL")
        }
    }

    @Test func theHelpListsTheCommandAndItsOptions() throws {
        let help = try CLITool.run(["--help"])
        #expect(help.status == 0)
        #expect(help.outputLines.contains { $0.hasPrefix("  report ") && $0.hasSuffix("Write report.json and report.html from a run's journal.") })
        let commandHelp = try CLITool.run(["report", "--help"])
        #expect(commandHelp.status == 0)
        #expect(commandHelp.outputLines.first == "usage: crossfire report [--out DIR] [--baseline OLD_REPORT.json] JOURNAL")
        #expect(commandHelp.output.contains("--out DIR"))
        #expect(commandHelp.output.contains("--baseline OLD_REPORT.json"))
    }
}
