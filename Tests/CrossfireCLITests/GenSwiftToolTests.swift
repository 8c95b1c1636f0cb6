import CrossfireTestSupport
import Foundation
import Testing

/// Runs the built `crossfire gen-swift` and `gen-swift-index` on good and malformed schema
/// files: a malformed one ends with exit code 1 and one line naming the file and the field,
/// never with a crash.
@Suite(.serialized) struct GenSwiftToolTests {
    private func crossfire(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.crossfire(arguments)
    }

    /// A schema file with the given bytes, in a fresh directory.
    private func schemaFile(_ bytes: [UInt8], name: String = "schema.json") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    private func schemaFile(_ text: String) throws -> URL {
        try schemaFile(Array(text.utf8))
    }

    static let malformed: [(schema: String, location: String, problem: String)] = [
        (#"{"crossfireSchema": 1, "root": "Book", "structs": [{"name": "Book", "fields": [{"name": "tags", "type": "[Tagg]"}]}]}"#,
         "structs[0].fields[0].type (Book.tags)", "unknown type Tagg"),
        (#"{"crossfireSchema": 1, "root": "Book", "structs": [{"name": "Book", "fields": [{"name": "title", "typ": "String"}]}]}"#,
         "structs[0].fields[0] (Book.title)", "unknown key \"typ\""),
        (#"{"crossfireSchema": 1, "root": "Book", "structs": [{"name": "Book", "fields": [{"name": "id", "type": "Int?", "wrapper": "DocumentID"}]}]}"#,
         "structs[0].fields[0]", "DocumentID"),
        (#"{"crossfireSchema": 1, "root": "Book", "structs": [{"name": "Book", "fields": [{"name": "n", "type": "[Int: String"}]}]}"#,
         "structs[0].fields[0].type (Book.n)", "expected ']' to close the dictionary type"),
        ("{\"crossfireSchema\": 1, \"root\": \"Book\",\n \"structs\": [{\"name\": \"Book\", \"fields\": [{\"name\": \"title\", \"type\": \"String\",}]}]}",
         "line 2, column 77", "string or '}' expected near '}'"),
        (#"{"crossfireSchema": 4, "root": "Book", "structs": []}"#, "crossfireSchema", "unsupported schema format version 4"),
        (#"{"crossfireSchema": 1, "root": "Book", "structs": [{"name": "Book", "fields": [{"name": "self", "type": "String"}]}]}"#,
         "structs[0].fields[0].name", "self"),
    ]

    @Test("a malformed schema: exit 1, one line naming the file and the field, nothing on standard output",
          arguments: malformed.indices)
    func malformedSchema(index: Int) throws {
        let (schema, location, problem) = Self.malformed[index]
        let url = try schemaFile(schema)
        for command in ["gen-swift", "gen-swift-index"] {
            let run = try crossfire([command, url.path])
            #expect(run.exitedNormally, "\(command) crashed")
            #expect(run.status == 1)
            #expect(run.output.isEmpty)
            let lines = run.errorOutput.split(separator: "\n")
            #expect(lines.count == 1, "\(run.errorOutput)")
            #expect(run.errorOutput.hasPrefix("crossfire \(command): error: \(url.path): \(location)"), "\(run.errorOutput)")
            #expect(run.errorOutput.contains(problem), "\(run.errorOutput)")
        }
    }

    @Test("bytes that are no schema at all: invalid UTF-8, deep nesting, nothing, a missing file")
    func hostileInput() throws {
        let inputs: [[UInt8]] = [[0xFF, 0xFE, 0x7B], Array(String(repeating: "[", count: 100_000).utf8), [], Array("null".utf8)]
        for bytes in inputs {
            let url = try schemaFile(bytes)
            let run = try crossfire(["gen-swift", url.path])
            #expect(run.exitedNormally)
            #expect(run.status == 1)
            #expect(run.output.isEmpty)
            #expect(run.errorOutput.hasPrefix("crossfire gen-swift: error: \(url.path): "), "\(run.errorOutput)")
            #expect(run.errorOutput.split(separator: "\n").count == 1)
        }
        let missing = try crossfire(["gen-swift", "/nonexistent/schema.json"])
        #expect(missing.exitedNormally && missing.status == 1)
        #expect(missing.errorOutput.hasPrefix("crossfire gen-swift: error: /nonexistent/schema.json: cannot open: No such file or directory"))
    }

    @Test("a corpus schema gives the committed generated file; the index lists the roots; usage errors exit 2")
    func goodSchemas() throws {
        let book = TestRepository.root.appendingPathComponent("Corpus/schemas/book.json")
        let run = try crossfire(["gen-swift", book.path])
        #expect(run.status == 0 && run.errorOutput.isEmpty)
        let committed = try String(contentsOf: TestRepository.root.appendingPathComponent("Tests/GeneratedModels/book.swift"), encoding: .utf8)
        #expect(run.output == committed)

        let coffee = TestRepository.root.appendingPathComponent("Corpus/schemas/coffee.json")
        let index = try crossfire(["gen-swift-index", coffee.path, book.path])
        #expect(index.status == 0 && index.errorOutput.isEmpty)
        #expect(index.output.contains("(\"book.json\", Schema_book.Book.self),\n            (\"coffee.json\", Schema_coffee."))

        #expect(try crossfire(["gen-swift-index"]).status == 2)
        #expect(try crossfire(["gen-swift-index", "-"]).status == 2)
        #expect(try crossfire(["gen-swift"]).status == 2)
    }
}
