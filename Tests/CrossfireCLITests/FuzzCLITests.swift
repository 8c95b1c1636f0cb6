import Crossfire
import CrossfireTestSupport
import Foundation
import Testing

/// `crossfire fuzz-seeds`, and `replay`/`promote` of libFuzzer inputs, through the built binary.
@Suite(.serialized) struct FuzzCLITests {
    /// Writes bytes to a new file in `folder`.
    private func file(_ name: String, _ bytes: [UInt8], in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// The byte input of the first seeded case whose findings are all expected (and at least one).
    private func expectedOnlyInput() throws -> (bytes: [UInt8], title: String, explanation: String) {
        let target = DifferentialFuzzTarget.standard
        for seed in UInt64(0)..<200 {
            var source = ChoiceSource(seed: seed)
            _ = target.runner.generate(from: &source)
            let findings = target.execute(source.byteInput).findings
            if let first = findings.first, let explanation = first.explanation, findings.allSatisfy(\.isExpected) {
                return (source.byteInput, first.key.description, explanation.id)
            }
        }
        throw CLITestFailure("no seeded case with only expected findings")
    }

    struct CLITestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func fuzzSeedsWritesTheSeededCasesByteInputs() throws {
        let scratch = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("seeds")
        let run = try CLITool.run(["fuzz-seeds", "FuzzDifferential", "--out", folder.path, "--seed", "5", "--cases", "3"])
        #expect(run.status == 0 && run.errorOutput.isEmpty)
        #expect(run.output == "wrote 3 FuzzDifferential seeds to \(folder.path)\n")
        let expected = FuzzSeeds.differential(seed: 5, cases: 3)
        #expect(expected.map(\.name) == ["seed5-case0000", "seed5-case0001", "seed5-case0002"])
        for seed in expected {
            #expect(Array(try Data(contentsOf: folder.appendingPathComponent(seed.name))) == seed.bytes)
        }
    }

    @Test func fuzzSeedsFindsTheRESTDocumentsInJSONFiles() throws {
        let scratch = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputs = scratch.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let events = try file("events.json", Array(#"""
            {"oldValue": {"fields": {"a": {"integerValue": "1"}}}, "value": {"name": "projects/p/databases/(default)/documents/c/d", "fields": {"m": {"mapValue": {"fields": {}}}}}, "other": {"x": 1}}
            """#.utf8), in: inputs)
        let document = try file("plain.json", Array(#"{"fields": {"n": {"doubleValue": "-0"}}}"#.utf8), in: inputs)
        let folder = scratch.appendingPathComponent("seeds")
        let run = try CLITool.run(["fuzz-seeds", "FuzzRESTJSON", "--out", folder.path, events.path, document.path])
        #expect(run.status == 0)
        #expect(run.output == "wrote 3 FuzzRESTJSON seeds to \(folder.path)\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["inputs-events-1.json", "inputs-events-2.json", "inputs-plain.json"])
        // A file that is a document is kept as it is; documents inside others are written out.
        #expect(try Data(contentsOf: folder.appendingPathComponent("inputs-plain.json")) == Data(contentsOf: document))
        let first = try String(contentsOf: folder.appendingPathComponent("inputs-events-1.json"), encoding: .utf8)
        #expect(first.contains("\"integerValue\": \"1\"") && !first.contains("oldValue"))
        for name in names {
            #expect(RESTJSONRoundTrip.check(Array(try Data(contentsOf: folder.appendingPathComponent(name)))) == .pass)
        }
    }

    @Test(arguments: [
        (["fuzz-seeds", "FuzzNothing", "--out", "x"], "crossfire fuzz-seeds: error: unknown TARGET 'FuzzNothing' (known: FuzzDifferential, FuzzRESTJSON, FuzzSchemaJSON)"),
        (["fuzz-seeds", "FuzzDifferential", "--out", "x", "a.json"], "crossfire fuzz-seeds: error: FuzzDifferential seeds are generated; it takes no INPUT"),
        (["fuzz-seeds", "FuzzRESTJSON", "--out", "x"], "crossfire fuzz-seeds: error: FuzzRESTJSON seeds come from files: give at least one INPUT"),
        (["fuzz-seeds", "FuzzSchemaJSON", "--out", "x", "--cases", "3", "a.json"], "crossfire fuzz-seeds: error: --seed and --cases apply to FuzzDifferential only"),
        (["fuzz-seeds", "FuzzDifferential", "--out", "x", "--cases", "0"], "crossfire fuzz-seeds: error: invalid value '0' for --cases (expected a whole number of 1 or more)"),
        (["replay", "crash-1", "--class", "1"], "crossfire replay: error: --class applies to a journal, and crash-1 is a libFuzzer input"),
    ])
    func usageErrorsExitWith2(arguments: [String], message: String) throws {
        let scratch = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: scratch) }
        if arguments.first == "replay" { try Data([1, 2]).write(to: scratch.appendingPathComponent("crash-1")) }
        let run = try CLITool.run(arguments, in: scratch)
        #expect(run.status == 2)
        #expect(run.errorOutput.hasPrefix(message + "\n"), "\(run.errorOutput)")
    }

    @Test func anInputWithoutAnUnexpectedClassReplaysAsChangedAndCannotBePromoted() throws {
        let input = try expectedOnlyInput()
        let scratch = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let crash = try file("crash-expected", input.bytes, in: scratch)
        let replay = try CLITool.run(["replay", crash.path])
        #expect(replay.status == 1)
        #expect(replay.output.hasPrefix("\(crash.path) CHANGED\n  as a FuzzDifferential input, its case shows no unexpected finding; expected: \(input.explanation): \(input.title)"))
        #expect(replay.output.hasSuffix("replayed 1: 0 as recorded, 1 changed\n"))
        let promote = try CLITool.run(["promote", crash.path, "--corpus", scratch.path])
        #expect(promote.status == 1)
        #expect(promote.errorOutput.hasPrefix("crossfire promote: error: \(crash.path): as a FuzzDifferential input, its case shows no unexpected finding; expected: "))
        let empty = try file("crash-empty", [], in: scratch)
        let nothing = try CLITool.run(["shrink", empty.path])
        #expect(nothing.status == 1)
        #expect(nothing.errorOutput == "crossfire shrink: error: \(empty.path): as a FuzzDifferential input, its case shows no unexpected finding (nor any expected one)\n")
    }
}
