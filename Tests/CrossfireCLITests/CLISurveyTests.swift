import CrossfireTestSupport
import Foundation
import Testing

/// `crossfire survey`, run as the built binary from the repository root.
@Suite(.serialized) struct CLISurveyTests {
    private let usage = "usage: crossfire survey --schema SCHEMA.json [--out DIR] [--emulator [HOST:PORT]] [--collection PATH] [--project ID] [DOCUMENTS...]"
    private let cardLines = [
        "Card: 16 documents in 5 inputs; compactMap { try? $0.data(as: Card.self) } drops 6 of them silently (5 causes)",
        "  2 × successful: keyNotFound, expected Bool, found nothing — cards/c03, cards/c09",
        "  1 × answer: valueNotFound, expected String, found null — cards/c07",
        "  1 × successful: typeMismatch, expected Bool, found a string — cards/c05",
        "  1 × successful: typeMismatch, expected Bool, found an integer — cards/c13",
        "  1 × userId: typeMismatch, expected String?, found an integer — cards/c11",
        "hand mappers on the 6 dropped: strict rejects 6 (6 with Codable's error); lenient keeps all 6, putting defaults into 5",
    ]

    /// `crossfire survey --schema card.json ARGUMENTS --out OUT`, run from the repository root.
    private func survey(_ arguments: [String], out: URL) throws -> ProcessResult {
        try CLITool.run(["survey", "--schema", "Corpus/schemas/card.json", "--out", out.path] + arguments, in: TestRepository.root)
    }

    @Test func theCardCollectionGivesOneLinePerCauseAndTheReportPaths() throws {
        let out = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try survey(["Corpus/survey/cards"], out: out)
        #expect(run.status == 1)
        #expect(run.errorOutput.isEmpty)
        #expect(run.outputLines == cardLines + [out.appendingPathComponent("survey.json").path, out.appendingPathComponent("survey.html").path])
        let again = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(try survey(["Corpus/survey/cards"], out: again).status == 1)
        for name in ["survey.json", "survey.html"] {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == Data(contentsOf: again.appendingPathComponent(name)),
                    "\(name) differs between two surveys of the same documents")
        }
    }

    @Test func noDroppedDocumentExitsZero() throws {
        let out = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try survey(["Corpus/survey/cards/single-c15.json", "Corpus/survey/cards/single-c16.json"], out: out)
        #expect(run.status == 0)
        #expect(run.errorOutput.isEmpty)
        #expect(run.outputLines.first == "Card: 2 documents in 2 inputs; compactMap { try? $0.data(as: Card.self) } keeps every one")
    }

    @Test func unreadableInputsAreOneLineEachAndTheOthersAreSurveyed() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let card = #"{"name":"projects/p/databases/(default)/documents/cards/a","fields":{"question":{"stringValue":"Q"},"answer":{"stringValue":"A"},"successful":{"booleanValue":true}}}"#
        try Data(("[{\"document\":" + card + "}]").utf8).write(to: directory.appendingPathComponent("good.runquery.json"))
        try Data(#"{"documents":[{"name":"projects/p/databases/(default)/documents/cards/b","fields":{"n":{"integerValue":"x"}}}]}"#.utf8)
            .write(to: directory.appendingPathComponent("bad-document.json"))
        try Data("[not json".utf8).write(to: directory.appendingPathComponent("broken.json"))
        let schema = TestRepository.root.appendingPathComponent("Corpus/schemas/card.json").path
        let run = try CLITool.run(["survey", "--schema", schema, "--out", "out", "good.runquery.json", "broken.json", "missing.json", "bad-document.json"],
                                  in: directory)
        #expect(run.status == 1)
        #expect(run.errorLines == [
            "crossfire survey: error: broken.json: at (root) (line 1, column 4): expected well-formed JSON, found invalid token near 'not'",
            "crossfire survey: error: missing.json: cannot open: No such file or directory",
            "crossfire survey: error: bad-document.json: at /documents/0/fields/n/integerValue (field n): expected a decimal Int64 string or a JSON integer, found the string \"x\"",
            "crossfire survey: 2 of 4 inputs could not be read; the others were surveyed",
        ])
        #expect(run.outputLines == [
            "Card: 1 document in 4 inputs; compactMap { try? $0.data(as: Card.self) } keeps every one; unreadable: 2 inputs, 1 document",
            "out/survey.json", "out/survey.html",
        ])
    }

    @Test func theRealWorldSourcesArePinned() throws {
        let out = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: out) }
        let folders = ["firebase-sdk-bundle-spec", "google-cloudevents-firestore", "tekartik-firestore-rest-capture"].map { "Corpus/external/" + $0 }
        let run = try survey(folders, out: out)
        #expect(run.status == 1)
        #expect(run.outputLines.prefix(2) == [
            "Card: 3 documents in 11 inputs; compactMap { try? $0.data(as: Card.self) } drops 3 of them silently (1 cause); unreadable: 8 inputs, 0 documents",
            "  3 × question: keyNotFound, expected String, found nothing — gcf-test/IH75dRdeYJKd4uuQiqch, gcf-test/2Vm2mI1d0wIaK2Waj5to, tests/data-types",
        ])
        #expect(run.errorLines.count == 9)
        #expect(run.errorLines.last == "crossfire survey: 8 of 11 inputs could not be read; the others were surveyed")
        #expect(run.errorLines.contains(
            "crossfire survey: error: Corpus/external/google-cloudevents-firestore/DocumentEventData.schema.json: at /$id: "
                + "expected only name, fields, createTime and updateTime in a Document, found the member \"$id\""))
    }

    @Test func theReportGoesToANewFolderUnderReportsByDefault() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = TestRepository.root.appendingPathComponent("Corpus/survey/cards/single-c15.json").path
        let schema = TestRepository.root.appendingPathComponent("Corpus/schemas/card.json").path
        let first = try CLITool.run(["survey", "--schema", schema, document], in: directory)
        let second = try CLITool.run(["survey", "--schema", schema, document], in: directory)
        #expect(first.status == 0 && second.status == 0)
        let firstPath = try #require(first.outputLines.dropLast().last)
        let secondPath = try #require(second.outputLines.dropLast().last)
        #expect(firstPath.hasPrefix("Reports/survey-") && firstPath.hasSuffix("/survey.json"))
        #expect(firstPath != secondPath, "a second survey gets a folder of its own")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(secondPath).path))
    }

    @Test func usageAndSchemaErrors() throws {
        let missingSchema = try CLITool.run(["survey", "Corpus/survey/cards"], in: TestRepository.root)
        #expect(missingSchema.status == 2)
        #expect(missingSchema.errorLines == ["crossfire survey: error: missing option --schema SCHEMA.json", usage, "Run 'crossfire survey --help' for help."])
        let noDocuments = try CLITool.run(["survey", "--schema", "Corpus/schemas/card.json"], in: TestRepository.root)
        #expect(noDocuments.status == 2)
        #expect(noDocuments.errorLines.first?.hasPrefix("crossfire survey: error: missing argument") == true)
        let twice = try CLITool.run(["survey", "--schema", "-", "-"], in: TestRepository.root)
        #expect(twice.status == 2)
        #expect(twice.errorLines.first == "crossfire survey: error: standard input (-) can be read once, by --schema or by DOCUMENTS")
        let badSchema = try CLITool.run(["survey", "--schema", "Corpus/survey/cards/single-c15.json", "Corpus/survey/cards"], in: TestRepository.root)
        #expect(badSchema.status == 1)
        #expect(badSchema.errorLines.count == 1)
        #expect(badSchema.errorLines.first?.hasPrefix("crossfire survey: error: Corpus/survey/cards/single-c15.json: ") == true)
        #expect(badSchema.output.isEmpty)
    }

    @Test func emulatorUsageErrorsAndAnUnreachableEmulator() throws {
        let schema = ["survey", "--schema", "Corpus/schemas/card.json"]
        let cases: [([String], String)] = [
            (["--emulator", "127.0.0.1:8080", "--project", "p"], "--emulator needs --collection PATH"),
            (["--collection", "cards"], "--collection and --project go with --emulator"),
            (["--emulator", "127.0.0.1:8080", "--project", "p", "--collection", "users/u1"],
             "--collection users/u1 is not a collection's path (expected an odd number of non-empty segments: cards, users/u1/cards)"),
            (["--emulator", "127.0.0.1:8080", "--collection", "cards"], "name the collection's project: --project ID (or GCLOUD_PROJECT)"),
            (["--emulator", "nowhere", "--collection", "cards"], "--emulator nowhere is not HOST:PORT (expected e.g. 127.0.0.1:8080)"),
            (["--emulator", "127.0.0.1:8080", "--project", "p", "--collection", "cards", "Corpus/survey/cards"],
             "--emulator surveys a collection in place of DOCUMENTS: give one or the other"),
        ]
        for (arguments, message) in cases {
            let run = try CLITool.run(schema + arguments, in: TestRepository.root, environment: ["GCLOUD_PROJECT": ""])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errorLines == ["crossfire survey: error: \(message)", usage, "Run 'crossfire survey --help' for help."], "\(arguments)")
        }
        // Port 1 of the loopback refuses the connection: one line, exit 1, no report written.
        let out = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: out) }
        let unreachable = try survey(["--emulator", "127.0.0.1:1", "--project", "p", "--collection", "cards"], out: out)
        #expect(unreachable.status == 1)
        #expect(unreachable.output.isEmpty)
        #expect(unreachable.errorLines.count == 1)
        #expect(unreachable.errorLines.first?.hasPrefix(
            "crossfire survey: error: the Firestore emulator at 127.0.0.1:1: GET /v1/projects/p/databases/(default)/documents/cards?pageSize=300: no answer from the emulator (") == true,
            "\(unreachable.errorLines)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}
