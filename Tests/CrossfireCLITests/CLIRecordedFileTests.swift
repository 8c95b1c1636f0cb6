import CrossfireTestSupport
import Foundation
import Testing

/// What `replay`, `shrink` and `promote` say about the file or class they are given: an
/// unknown class id is one line naming the ids the journal has and how to list them; a file
/// that records nothing is one line saying what it is and what was expected.
@Suite(.serialized) struct CLIRecordedFileTests {
    /// A folder holding `out/journal.jsonl`, a 40-case run's journal.
    private func runFolder() throws -> (folder: URL, classes: Int) {
        let directory = try TemporaryFolder.make()
        let run = try CLITool.run(["run", "--cases", "40", "--out", "out"], in: directory)
        #expect(run.status == 0, "\(run.errorOutput)")
        let classes = CLIJournal.records(try CLIJournal.records(directory.appendingPathComponent("out/journal.jsonl")), kind: "class").count
        return (directory, classes)
    }

    @Test func anUnknownClassIsOneLineWithTheJournalsIDsAndHowToListThem() throws {
        let (directory, count) = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(count > 1)
        let command = try #require(CLITool.printedCommand)
        let known = "the journal has \(count) classes, 1 to \(count); list them with: \(command) replay out/journal.jsonl --list"
        for (arguments, prefix) in [(["replay", "out/journal.jsonl", "--class", "99999"], "crossfire replay"),
                                    (["shrink", "out/journal.jsonl#99999"], "crossfire shrink"),
                                    (["promote", "out/journal.jsonl#99999"], "crossfire promote")] {
            let run = try CLITool.run(arguments, in: directory)
            #expect(run.status == 1)
            #expect(run.errorLines == ["\(prefix): error: out/journal.jsonl: no class 99999; \(known)"])
        }
        // A journal without an id is refused, naming its classes.
        let noID = try CLITool.run(["shrink", "out/journal.jsonl"], in: directory)
        #expect(noID.status == 1)
        #expect(noID.errorLines == ["crossfire shrink: error: out/journal.jsonl: a journal; name one of its classes as out/journal.jsonl#ID: \(known)"])

        // The printed command lists them, as printed, one line each, without running them.
        let list = try CLITool.shell("\(command) replay out/journal.jsonl --list", in: directory)
        #expect(list.status == 0, "\(list.errorOutput)")
        let lines = CLIClassLine.all(in: list.outputLines)
        #expect(lines.map(\.id) == Array(1...count))
        let records = CLIJournal.records(try CLIJournal.records(directory.appendingPathComponent("out/journal.jsonl")), kind: "class")
        #expect(lines.map(\.title) == records.compactMap { CLIJournal.title($0).map(CLITool.oneLine) })
        #expect(list.outputLines.last == "listed \(count): 0 unexpected, \(count) expected")
        #expect(try CLITool.run(["replay", "out", "--list", "--class", "2"], in: directory).outputLines.first?.contains("class 2 ") == true)
    }

    @Test(arguments: [
        (["replay", "out/journal.jsonl", "--list", "--isolate"], "crossfire replay: error: --list runs nothing; it takes no --isolate"),
        (["replay", "fixture.json", "--list"], "crossfire replay: error: --list applies to a journal, and fixture.json is a regression file"),
    ])
    func listIsForAJournal(arguments: [String], message: String) throws {
        let (directory, _) = try runFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(contentsOf: URL(fileURLWithPath: CLIFileErrorTests.regression)).write(to: directory.appendingPathComponent("fixture.json"))
        let run = try CLITool.run(arguments, in: directory)
        #expect(run.status == 2)
        #expect(run.errorLines.first == message)
    }

    /// Files that are no journal, regression file or FuzzDifferential input, and what each is called.
    static let notRecordings: [(name: String, bytes: [UInt8], what: String)] = [
        ("README.md", Array("# Notes\n\nsome text\n".utf8), "a text file"),
        ("empty", [], "an empty file"),
        ("document.json", Array(#"{"title": "a document"}"#.utf8), "a JSON object"),
        ("list.json", Array("[1, 2]".utf8), "JSON that is not an object"),
        ("events.jsonl", Array("{\"record\": \"run\"}\n{\"record\": \"class\"}\n".utf8), "JSON lines whose first line has no \"journal\""),
        ("broken.json", [0xFF, 0x00, 0x01], "neither JSON nor text"),
    ]

    @Test func aFileThatRecordsNothingIsOneLineSayingWhatItIs() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in Self.notRecordings {
            try Data(file.bytes).write(to: directory.appendingPathComponent(file.name))
            for command in ["replay", "shrink", "promote"] {
                let run = try CLITool.run([command, file.name], in: directory)
                #expect(run.exitedNormally)
                #expect(run.status == 1, "\(command) \(file.name)")
                #expect(run.errorLines.count == 1, "\(command) \(file.name): \(run.errorOutput)")
                #expect(run.errorLines.first?.hasPrefix("crossfire \(command): error: \(file.name): \(file.what), not a journal (") == true,
                        "\(command) \(file.name): \(run.errorOutput)")
                #expect(run.errorOutput.contains("a regression file (a .json file with \"crossfireRegression\")"))
                #expect(run.output.isEmpty)
            }
        }
        for command in ["replay", "shrink", "promote"] {
            let missing = try CLITool.run([command, "missing"], in: directory)
            #expect(missing.status == 1)
            #expect(missing.errorLines.count == 1)
            #expect(missing.errorLines.first?.hasPrefix("crossfire \(command): error: missing: ") == true, "\(missing.errorOutput)")
        }
    }

    @Test func bytesOrALibFuzzerArtifactsNameMakeAFuzzDifferentialInput() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, bytes) in [("input", [UInt8](repeating: 0x01, count: 16)), ("crash-0123", Array("text, but named as libFuzzer names a crash\n".utf8))] {
            try Data(bytes).write(to: directory.appendingPathComponent(name))
            let run = try CLITool.run(["replay", name], in: directory)
            #expect(run.exitedNormally)
            #expect(run.outputLines.first?.hasPrefix("\(name) ") == true, "\(run.output)\(run.errorOutput)")
            #expect(run.outputLines.last?.hasPrefix("replayed 1: ") == true)
        }
    }
}
