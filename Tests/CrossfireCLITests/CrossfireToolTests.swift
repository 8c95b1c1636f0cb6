import CrossfireTestSupport
import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Runs the built `crossfire` binary and checks exit codes, outputs and messages.
@Suite(.serialized) struct CrossfireToolTests {
    private func crossfire(_ arguments: [String], input: [UInt8] = [], closedOutput: Bool = false) throws -> ProcessResult {
        try ProcessRunner.crossfire(arguments, input: input, closedOutput: closedOutput)
    }

    private func temporaryFile(_ bytes: [UInt8], name: String = "input.json") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    private static func bytes(of url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    private func corpus(_ name: String) -> String {
        TestRepository.url("Corpus/documents").appendingPathComponent(name).path
    }

    @Test func helpOnTheToolAndOnEachCommand() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let run = try crossfire(arguments)
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("usage: crossfire COMMAND [OPTIONS] [ARGUMENTS]\n"))
            #expect(run.output.contains("  convert "))
            #expect(run.errorOutput.isEmpty)
        }
        for arguments in [["convert", "--help"], ["help", "convert"], ["convert", "--from", "xml", "-h"]] {
            let run = try crossfire(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.output.hasPrefix("usage: crossfire convert --from rest|plain --to rest|plain [--sorted-keys] FILE\n"))
            #expect(run.output.contains("--sorted-keys"))
        }
    }

    /// `--version` and `version` print one line, `crossfire` and a version number; the tool's
    /// help names the same line.
    @Test func versionIsOneLineThatTheHelpRepeats() throws {
        let long = try crossfire(["--version"])
        #expect(long.status == 0)
        #expect(long.errorOutput.isEmpty)
        let line = long.output
        #expect(line.wholeMatch(of: /crossfire [0-9]+\.[0-9]+\.[0-9]+\n/) != nil, "\(line)")
        #expect(try crossfire(["version"]).output == line)
        #expect(try crossfire(["--help"]).output.contains("Print the version: \(line.dropLast())."))
        let extra = try crossfire(["--version", "now"])
        #expect(extra.status == 2)
        #expect(extra.errorLines.first == "crossfire: error: unexpected argument 'now' after --version")
    }

    @Test(arguments: [
        ([], "crossfire: error: missing command", "usage: crossfire COMMAND [OPTIONS] [ARGUMENTS]"),
        (["frobnicate"], "crossfire: error: unknown command 'frobnicate'", "usage: crossfire COMMAND [OPTIONS] [ARGUMENTS]"),
        (["--verbose"], "crossfire: error: unknown option --verbose", "usage: crossfire COMMAND [OPTIONS] [ARGUMENTS]"),
        (["help", "nope"], "crossfire: error: unknown command 'nope'", "usage: crossfire COMMAND [OPTIONS] [ARGUMENTS]"),
        (["convert", "--to", "rest", "x.json"], "crossfire convert: error: missing option --from rest|plain", convertUsage),
        (["convert", "--from", "xml", "--to", "rest", "x.json"], "crossfire convert: error: invalid value 'xml' for --from (expected rest or plain)", convertUsage),
        (["convert", "--from", "rest", "--to", "rest"], "crossfire convert: error: missing argument FILE", convertUsage),
        (["convert", "--from", "rest", "--to", "rest", "a", "b"], "crossfire convert: error: unexpected argument 'b'", convertUsage),
        (["convert", "--from", "rest", "--from", "plain", "--to", "rest", "a"], "crossfire convert: error: option --from given more than once", convertUsage),
        (["convert", "--from"], "crossfire convert: error: option --from needs a value (--from rest|plain)", convertUsage),
        (["convert", "--sorted-keys=yes", "--from", "rest", "--to", "rest", "a"], "crossfire convert: error: option --sorted-keys takes no value", convertUsage),
        (["convert", "-x", "--from", "rest", "--to", "rest", "a"], "crossfire convert: error: unknown option -x", convertUsage),
    ])
    func usageErrorsExitTwoWithOneLineAndTheUsage(arguments: [String], message: String, usage: String) throws {
        let run = try crossfire(arguments)
        #expect(run.status == 2)
        #expect(run.exitedNormally)
        #expect(run.outputBytes.isEmpty)
        #expect(run.errorLines.count == 3)
        #expect(run.errorLines.first == message)
        #expect(run.errorLines.dropFirst().first == usage)
    }

    static let convertUsage = "usage: crossfire convert --from rest|plain --to rest|plain [--sorted-keys] FILE"

    @Test func canonicalCorpusFilesConvertToThemselves() throws {
        for (name, form) in [("all-types.rest.json", "rest"), ("all-types.plain.json", "plain")] {
            let run = try crossfire(["convert", "--from", form, "--to", form, corpus(name)])
            #expect(run.status == 0)
            #expect(run.errorOutput.isEmpty)
            #expect(run.outputBytes == (try Self.bytes(of: TestRepository.url("Corpus/documents").appendingPathComponent(name))), "\(name)")
        }
        let toPlain = try crossfire(["convert", "--from", "rest", "--to", "plain", corpus("all-types.rest.json")])
        #expect(toPlain.outputBytes == (try Self.bytes(of: TestRepository.url("Corpus/documents").appendingPathComponent("all-types.plain.json"))))
    }

    @Test func conversionsAgreeWithTheLibrary() throws {
        for name in ["spellings.rest.json", "empty.rest.json", "all-types.rest.json"] {
            let run = try crossfire(["convert", "--from", "rest", "--to", "rest", "--sorted-keys", corpus(name)])
            #expect(run.status == 0)
            let original = try RESTJSONReader().readDocument(from: Self.bytes(of: TestRepository.url("Corpus/documents").appendingPathComponent(name)))
            #expect(try RESTJSONReader().readDocument(from: run.outputBytes) == original, "\(name)")
            #expect(run.outputBytes == (try RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true)).write(original)) + [0x0A])
        }
        let plain = try crossfire(["convert", "--from", "plain", "--to", "rest", corpus("nested.plain.json")])
        #expect(plain.status == 0)
        let fields = try PlainJSONReader().readDocument(from: Self.bytes(of: TestRepository.url("Corpus/documents").appendingPathComponent("nested.plain.json")))
        #expect(try RESTJSONReader().readDocument(from: plain.outputBytes) == RESTDocument(fields: fields))
        #expect(fields["ratio"] == .double(0.75))
        #expect(fields["integralReal"] == .double(2))
        #expect(fields["count"] == .integer(3))
    }

    @Test func standardInputIsTheDash() throws {
        let run = try crossfire(["convert", "--from", "plain", "--to", "rest", "-"], input: Array(#"{"a": 1.0, "b": [null]}"#.utf8))
        #expect(run.status == 0)
        #expect(run.output == """
            {
              "fields": {
                "a": {
                  "doubleValue": 1.0
                },
                "b": {
                  "arrayValue": {
                    "values": [
                      {
                        "nullValue": null
                      }
                    ]
                  }
                }
              }
            }

            """)
    }

    @Test func invalidInputExitsOneWithOneLineNamingFileLocationAndExpectation() throws {
        let file = try temporaryFile(Array(#"{"fields": {"tags": {"arrayValue": {"values": [{"integerValue": "1.5"}]}}}}"#.utf8))
        let run = try crossfire(["convert", "--from", "rest", "--to", "plain", file.path])
        #expect(run.status == 1)
        #expect(run.outputBytes.isEmpty)
        #expect(run.errorOutput == "crossfire convert: error: \(file.path): at /fields/tags/arrayValue/values/0/integerValue (field tags[0]): expected a decimal Int64 string or a JSON integer, found the string \"1.5\"\n")
        let stdin = try crossfire(["convert", "--from", "rest", "--to", "rest", "-"], input: Array(#"{"fields": {"a": {}}}"#.utf8))
        #expect(stdin.status == 1)
        #expect(stdin.errorOutput.hasPrefix("crossfire convert: error: <stdin>: at /fields/a (field a): expected exactly one of nullValue"))
        let missing = try crossfire(["convert", "--from", "rest", "--to", "rest", "/nonexistent/doc.json"])
        #expect(missing.status == 1)
        #expect(missing.errorOutput == "crossfire convert: error: /nonexistent/doc.json: cannot open: No such file or directory\n")
        let directory = try crossfire(["convert", "--from", "rest", "--to", "rest", TestRepository.url("Corpus/documents").path])
        #expect(directory.status == 1)
        #expect(directory.errorOutput.hasSuffix(": cannot read: Is a directory\n"))
    }

    @Test func hostileInputNeverKillsTheTool() throws {
        let depth = 100_000
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let bigString = Array(#"{"s": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 2_000_000) + Array(#""}"#.utf8)
        let cases: [([UInt8], String, String)] = [
            (deep, "plain", "(root) (line 1, column 2049): expected at most 2,048 levels of nested arrays and objects, found maximum parsing depth reached near '['"),
            ([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], "plain", "(root) (line 1, column 2): expected valid UTF-8, found unable to decode byte 0xff near '\"'"),
            (bigString, "plain", "/s (field s): expected a string of at most 1048487 bytes, found a string of 2000000 bytes"),
            (Array(#"{"a": 1, "a": 2}"#.utf8), "plain", "(root) (line 1, column 12): expected each key at most once in an object, found duplicate object key near '\"a\"'"),
            (Array(#"{"fields": {"k": {"functionValue": {}}}}"#.utf8), "rest", "/fields/k/functionValue (field k): expected a stored value type"),
            (Array(#"{"n": 99999999999999999999}"#.utf8), "plain", "(root) (line 1, column 26): expected an integer within Int64 or a finite binary64 number, found too big integer near '99999999999999999999'"),
            (Array(#"{"a\u0000": 1}"#.utf8), "plain", "(root) (line 1, column 10): expected an object key without NUL (\\u0000), found NUL byte in object key not supported near '\"a\\u0000\"'"),
            ([], "rest", "(root) (line 1, column 0): expected more JSON text, found unexpected token near end of file"),
        ]
        for (bytes, form, detail) in cases {
            let run = try crossfire(["convert", "--from", form, "--to", "rest", "-"], input: bytes)
            #expect(run.exitedNormally)
            #expect(run.status == 1)
            #expect(run.errorLines.count == 1)
            #expect(run.errorOutput.hasPrefix("crossfire convert: error: <stdin>: at \(detail)"), "\(run.errorOutput)")
        }
    }

    @Test func aClosedOutputPipeIsAnErrorNotASignal() throws {
        let run = try crossfire(["convert", "--from", "rest", "--to", "rest", corpus("all-types.rest.json")], closedOutput: true)
        #expect(run.exitedNormally)
        #expect(run.status == 1)
        #expect(run.errorOutput == "crossfire convert: error: cannot write to standard output: Broken pipe\n")
    }
}
