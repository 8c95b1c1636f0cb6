import CrossfireTestSupport
import Foundation
import Testing

/// `crossfire validate`, run as the built binary.
@Suite(.serialized) struct CLIValidateTests {
    private let usage = "usage: crossfire validate [--format rest|plain|auto] [--max-depth N] [--max-document-bytes N] "
        + "[--max-field-name-bytes N] [--max-field-path-bytes N] [--max-value-bytes N] [--allow-nested-arrays] FILE..."

    /// Writes `files` (name → content) into a fresh folder.
    private func folder(_ files: [String: [UInt8]]) throws -> URL {
        let directory = try TemporaryFolder.make()
        for (name, bytes) in files { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    private func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    /// A plain value nested `depth` maps deep: `{"a": {"a": … 1}}`.
    private func nestedPlain(_ depth: Int) -> String {
        String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth)
    }

    @Test func validDocumentsInEveryFormExitZeroWithoutOutput() throws {
        let directory = try folder([
            "plain.json": text(#"{"title": "Dune", "pages": 412, "tags": ["a", "b"], "name": "not a resource name"}"#),
            "rest.json": text(#"{"name": "projects/p/databases/(default)/documents/books/b1", "fields": {"pages": {"integerValue": "412"}}}"#),
            "fields.json": text(#"{"pages": {"integerValue": "412"}, "tags": {"arrayValue": {"values": [{"stringValue": "a"}]}}}"#),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["validate", "plain.json", "rest.json", "fields.json"], in: directory)
        #expect(run.status == 0)
        #expect(run.exitedNormally)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.isEmpty)
        for arguments in [["--format", "rest", "rest.json"], ["--format", "plain", "plain.json"], ["--format", "plain", "fields.json"]] {
            let explicit = try CLITool.run(["validate"] + arguments, in: directory)
            #expect(explicit.status == 0, "\(arguments): \(explicit.errorOutput)")
        }
    }

    @Test func eachViolationIsOneLineWithFileAndPath() throws {
        let directory = try folder([
            "bad.json": text(#"{"": 1, "__x__": 2, "list": [1, [2]], "ok": "fine", "deep": "# + nestedPlain(21) + "}"),
            "good.json": text(#"{"a": 1}"#),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["validate", "good.json", "bad.json"], in: directory)
        #expect(run.status == 1)
        #expect(run.exitedNormally)
        #expect(run.errorOutput.isEmpty)
        let deepPath = Array(repeating: "a", count: 21).joined(separator: ".")
        #expect(run.outputLines == [
            "bad.json: ``: field name is empty",
            "bad.json: __x__: field name matches the reserved form __.*__",
            "bad.json: deep.\(deepPath.dropLast(2)): maps and arrays nested 21 levels deep; the limit is 20",
            "bad.json: list[1]: an array directly inside an array (Nested arrays are not supported)",
        ])
    }

    @Test func limitOptionsMoveTheLimits() throws {
        let directory = try folder(["doc.json": text(#"{"m": {"n": {"o": {"p": 1}}}, "list": [[1]], "s": "abcdef", "longname": 1}"#)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let moved = try CLITool.run(["validate", "--max-depth", "2", "--max-value-bytes", "5", "--max-field-name-bytes", "6",
                                     "--allow-nested-arrays", "doc.json"], in: directory)
        #expect(moved.status == 1)
        #expect(moved.outputLines == [
            "doc.json: longname: field name is 8 bytes of UTF-8; the limit is 6",
            "doc.json: m.n.o: maps and arrays nested 3 levels deep; the limit is 2",
            "doc.json: s: string is 6 bytes of UTF-8; the limit is 5",
        ])
        let size = try CLITool.run(["validate", "--max-document-bytes", "40", "doc.json"], in: directory)
        #expect(size.status == 1)
        #expect(size.outputLines == [
            "doc.json: list[0]: an array directly inside an array (Nested arrays are not supported)",
            "doc.json: (root): document is 87 bytes by the storage-size formula; the limit is 40",
        ])
        let defaults = try CLITool.run(["validate", "--max-depth", "4", "--max-document-bytes", "87", "--allow-nested-arrays", "doc.json"], in: directory)
        #expect(defaults.status == 0)
        #expect(defaults.output.isEmpty)
    }

    @Test func unreadableFilesGetOneErrorLineAndTheOthersAreStillChecked() throws {
        let directory = try folder(["good.json": text(#"{"a": 1}"#), "bad.json": text(#"{"__x__": 1}"#)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["validate", "missing.json", "good.json", "bad.json", "-"], in: directory, input: text(#"{"a": "#))
        #expect(run.status == 1)
        #expect(run.exitedNormally)
        #expect(run.outputLines == ["bad.json: __x__: field name matches the reserved form __.*__"])
        #expect(run.errorLines == [
            "crossfire validate: error: missing.json: cannot open: No such file or directory",
            "crossfire validate: error: <stdin>: at (root) (line 1, column 6): expected more JSON text, found unexpected token near end of file",
        ])
    }

    /// Every hostile input of the foundation issue: exit 1, one line on standard error naming
    /// the file and the location, never a signal.
    @Test(arguments: [
        ("deep-arrays", "", "(root) (line 1, column 2049): expected at most 2,048 levels"),
        ("invalid-utf8", "", "(root) (line 1, column 6): expected valid UTF-8"),
        ("duplicate-key", "", "(root) (line 1, column 20): expected each key at most once in an object"),
        ("two-type-keys", "", "/fields/a (field a): expected exactly one of nullValue"),
        ("no-type-key", "", "/fields/a (field a): expected exactly one of nullValue"),
        ("unknown-type-key", "", "/fields/a/fooValue (field a): expected exactly one of nullValue"),
        ("big-integer-plain", "", "(root) (line 1, column 26): expected an integer within Int64"),
        ("big-integer-rest", "", "/fields/n/integerValue (field n): expected an integer from -9223372036854775808 to 9223372036854775807"),
        ("nul-in-key", "", "(root) (line 1, column 10): expected an object key without NUL"),
        ("deep-rest", "--format=rest", "(root) (line 1, column "),
    ])
    func hostileInputExitsOneWithOneLineNamingTheLocation(name: String, option: String, location: String) throws {
        let inputs: [String: [UInt8]] = [
            "deep-arrays": [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000),
            "invalid-utf8": [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D],
            "duplicate-key": text(#"{"a": 1, "b": 2, "a": 3}"#),
            "two-type-keys": text(#"{"fields": {"a": {"stringValue": "x", "integerValue": "1"}}}"#),
            "no-type-key": text(#"{"fields": {"a": {}}}"#),
            "unknown-type-key": text(#"{"fields": {"a": {"fooValue": 1}}}"#),
            "big-integer-plain": text(#"{"n": 99999999999999999999}"#),
            "big-integer-rest": text(#"{"fields": {"n": {"integerValue": "99999999999999999999"}}}"#),
            "nul-in-key": text(#"{"a\u0000": 1}"#),
            "deep-rest": text(String(repeating: #"{"fields": {"a": {"mapValue": "#, count: 50_000)),
        ]
        let directory = try folder(["\(name).json": try #require(inputs[name])])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["validate"] + (option.isEmpty ? [] : [option]) + ["\(name).json"], in: directory)
        #expect(run.exitedNormally, "died of signal \(run.status)")
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errorLines.count == 1, "\(run.errorLines)")
        #expect(run.errorOutput.hasPrefix("crossfire validate: error: \(name).json: at \(location)"), "\(run.errorOutput)")
    }

    @Test func aHundredMegabyteStringIsRefusedWhileReading() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        var file = Data(text(#"{"title": "ok", "s": ""#))
        file.append(Data([UInt8](repeating: UInt8(ascii: "x"), count: 100_000_000)))
        file.append(Data(text(#""}"#)))
        try file.write(to: directory.appendingPathComponent("big.json"))
        let run = try CLITool.run(["validate", "big.json"], in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 1)
        #expect(run.errorLines == ["crossfire validate: error: big.json: at /s: expected a string of at most 1048576 bytes, found a string of 100000000 bytes"])
    }

    @Test func autoTellsRESTFromPlainByTheTopLevel() throws {
        let directory = try folder([
            // A plain document may have a name member: it is not a resource name.
            "plain-named.json": text(#"{"name": "Ada", "__bad__": 1}"#),
            // A REST document whose Value is wrong: read as REST, so the error names the Value.
            "rest.json": text(#"{"fields": {"__bad__": {"integerValue": "1"}, "x": {"integerValue": 1.5}}}"#),
            // Bare REST fields: locations are given in the file as it is.
            "fields.json": text(#"{"a": {"integerValue": "x"}}"#),
            "fields-ok.json": text(#"{"__bad__": {"booleanValue": true}}"#),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let named = try CLITool.run(["validate", "plain-named.json"], in: directory)
        #expect(named.outputLines == ["plain-named.json: __bad__: field name matches the reserved form __.*__"])
        let rest = try CLITool.run(["validate", "rest.json"], in: directory)
        #expect(rest.errorLines == ["crossfire validate: error: rest.json: at /fields/x/integerValue (field x): expected a decimal Int64 string or a JSON integer, found the real number 1.5"])
        let fields = try CLITool.run(["validate", "fields.json", "fields-ok.json"], in: directory)
        #expect(fields.errorLines == [#"crossfire validate: error: fields.json: at /a/integerValue (field a): expected a decimal Int64 string or a JSON integer, found the string "x""#])
        #expect(fields.outputLines == ["fields-ok.json: __bad__: field name matches the reserved form __.*__"])
        let forcedPlain = try CLITool.run(["validate", "--format", "plain", "fields-ok.json"], in: directory)
        #expect(forcedPlain.outputLines == ["fields-ok.json: __bad__: field name matches the reserved form __.*__"])
        let forcedREST = try CLITool.run(["validate", "--format", "rest", "plain-named.json"], in: directory)
        #expect(forcedREST.status == 1)
        #expect(forcedREST.errorOutput.hasPrefix("crossfire validate: error: plain-named.json: at /name: expected a resource name"))
    }

    @Test(arguments: [
        (["validate"], "crossfire validate: error: missing argument FILE"),
        (["validate", "--format", "xml", "a.json"], "crossfire validate: error: invalid value 'xml' for --format (expected rest or plain or auto)"),
        (["validate", "--max-depth", "x", "a.json"], "crossfire validate: error: invalid value 'x' for --max-depth (expected a whole number of 0 or more)"),
        (["validate", "--max-value-bytes", "-1", "a.json"], "crossfire validate: error: invalid value '-1' for --max-value-bytes (expected a whole number of 0 or more)"),
        (["validate", "--strict", "a.json"], "crossfire validate: error: unknown option --strict"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let run = try CLITool.run(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errorLines.count == 3)
        #expect(run.errorLines.first == message)
        #expect(run.errorLines.dropFirst().first == usage)
    }
}
