import Foundation
import ModelSchema
import Testing

/// Reads a schema from JSON text.
func schema(_ text: String) throws(SchemaError) -> ModelSchema {
    try ModelSchema(json: Data(text.utf8))
}

/// The error reading `text` throws, or nil.
func readError(_ text: String) -> SchemaError? {
    do {
        _ = try schema(text)
        return nil
    } catch {
        return error
    }
}

@Suite("The JSON form of schemas")
struct SchemaJSONTests {
    static let corpusFiles = (try? Corpus.schemaFileNames()) ?? []

    @Test("the corpus holds at least 30 schemas")
    func corpusSize() throws {
        #expect(try Corpus.schemaFileNames().count >= 30)
    }

    @Test("every corpus schema is valid, canonical, and reads back equal", arguments: corpusFiles)
    func corpusRoundTrip(fileName: String) throws {
        let data = try Corpus.schemaData(fileName)
        let read = try ModelSchema(json: data)
        #expect(read.validationErrors() == [])
        let written = read.jsonData()
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: data, as: UTF8.self), "\(fileName) is not in canonical form")
        #expect(try ModelSchema(json: written) == read)
    }

    @Test("the brief's example reads into the expected schema and writes canonically")
    func example() throws {
        let read = try schema("""
        {"crossfireSchema": 1, "root": "Book", "structs": [{"name": "Book", "fields": [
          {"name": "id", "type": "String?", "wrapper": "DocumentID"},
          {"name": "name", "key": "language_name", "type": "String"},
          {"name": "reason", "type": "String", "coded": false},
          {"name": "status", "type": "[Status: Int]?", "coded": true}]}],
         "enums": [{"name": "Status", "raw": "String", "cases": [{"name": "draft"}, {"name": "inReview", "rawValue": "in review"}]},
                   {"name": "Level", "raw": "Int", "cases": [{"name": "low", "rawValue": -3}, {"name": "high"}]},
                   {"name": "Shape", "cases": [{"name": "circle"}]}]}
        """)
        let expected = ModelSchema(
            root: "Book",
            structs: [StructSchema(name: "Book", fields: [
                FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
                FieldSchema(name: "name", codingKey: "language_name", type: .string),
                FieldSchema(name: "reason", keyed: false, type: .string),
                FieldSchema(name: "status", type: .optional(.dictionary(key: .enumeration("Status"), value: .integer(.int)))),
            ])],
            enums: [
                EnumSchema(name: "Status", rawType: .string, cases: [EnumCase(name: "draft"), EnumCase(name: "inReview", rawValue: .string("in review"))]),
                EnumSchema(name: "Level", rawType: .int, cases: [EnumCase(name: "low", rawValue: .int(-3)), EnumCase(name: "high")]),
                EnumSchema(name: "Shape", rawType: .none, cases: [EnumCase(name: "circle")]),
            ]
        )
        #expect(read == expected)
        let text = String(decoding: read.jsonData(), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"crossfireSchema\": 1,\n  \"enums\": [\n    {\n      \"cases\": [\n"))
        #expect(text.contains("\"key\": \"language_name\""))
        #expect(text.contains("\"coded\": false"))
        #expect(!text.contains("\"coded\": true"))
        #expect(text.contains("\"rawValue\": -3"))
        #expect(text.contains("\"type\": \"[Status: Int]?\""))
        #expect(text.hasSuffix("}\n"))
        #expect(read.jsonData() == (try ModelSchema(json: read.jsonData())).jsonData())
    }

    @Test("a schema without enums leaves the key out, and strings are escaped")
    func writerDetails() throws {
        let built = ModelSchema(root: "A", structs: [
            StructSchema(name: "A", fields: [FieldSchema(name: "x", codingKey: "say \"hi\"\\\n\u{1}é", type: .string)]),
        ])
        let text = String(decoding: built.jsonData(), as: UTF8.self)
        #expect(!text.contains("enums"))
        #expect(text.contains(#""key": "say \"hi\"\\\n\u0001é""#))
        #expect(try ModelSchema(json: built.jsonData()) == built)
    }

    @Test("JSON syntax errors name the line and column, in jansson's words", arguments: [
        ("{\"root\": \"A\",, }", "line 1, column 14", "string or '}' expected near ','"),
        ("{\n  \"structs\": [1, 2,]\n}", "line 2, column 20", "unexpected token near ']'"),
        ("{\"a\": 1, \"a\": 2}", "line 1, column 12", "expected each key at most once in an object, found duplicate object key near '\"a\"'"),
        ("{\"a\": tru}", "line 1, column 9", "invalid token near 'tru'"),
        ("{\"a\": 01}", "line 1, column 7", "invalid token near '0'"),
        ("{\"a\": \"x\ty\"}", "line 1, column 8", "control character 0x9 near '\"x'"),
        ("{\"a\": \"\\q\"}", "line 1, column 9", "invalid escape near '\"\\q'"),
        ("{\"a\": \"\\uD800x\"}", "line 1, column 15", "invalid Unicode '\\uD800' near '\"\\uD800x\"'"),
        ("{\"a\": \"\\uDC00\"}", "line 1, column 14", "invalid Unicode '\\uDC00' near '\"\\uDC00\"'"),
        ("{\"a\": \"abc", "line 1, column 10", "premature end of input near '\"abc'"),
        ("{} {}", "line 1, column 4", "end of file expected near '{'"),
        ("", "line 1, column 0", "unexpected token near end of file"),
        ("{\"é\": [1 2]}", "line 1, column 10", "']' expected near '2'"),
    ])
    func syntaxErrors(text: String, location: String, message: String) {
        let error = readError(text)
        #expect(error?.location == location)
        #expect(error?.message == message)
    }

    @Test("invalid UTF-8 and hostile nesting are errors, not crashes")
    func hostileInput() {
        var bytes = Array("{\"a\": \"".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}".utf8)
        do {
            _ = try ModelSchema(json: Data(bytes))
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error == SchemaError(location: "line 1, column 7", message: "expected valid UTF-8, found unable to decode byte 0xc3 near '\"'"))
        }
        let deep = String(repeating: "[", count: 100_000)
        #expect(readError(deep)?.message.hasPrefix("expected at most 2,048 levels of nested arrays and objects") == true)
        let nested = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(readError(nested)?.message == "expected arrays and maps nested at most 64 deep, found nesting level 65")
        #expect(readError(nested)?.location == String(repeating: "[0]", count: 64))
    }

    @Test("a UTF-8 byte order mark is skipped")
    func byteOrderMark() throws {
        let text = #"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A", "fields": []}]}"#
        #expect(try ModelSchema(json: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))) == (try schema(text)))
    }

    @Test("structural errors name the JSON path and the Swift name", arguments: [
        ("[]", "(top level)", "expected an object, found an array"),
        (#"{"root": "A", "structs": []}"#, "(top level)", "missing key \"crossfireSchema\""),
        (#"{"crossfireSchema": 4, "root": "A", "structs": []}"#, "crossfireSchema", "unsupported schema format version 4; this Crossfire reads versions 1 to 3"),
        (#"{"crossfireSchema": 1.0, "root": "A", "structs": []}"#, "crossfireSchema", "expected an integer, found the number 1.0"),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [], "extra": true}"#, "(top level)", #"unknown key "extra"; the keys of this object are "crossfireSchema", "root", "structs", "enums""#),
        (#"{"crossfireSchema": 1, "root": 5, "structs": []}"#, "root", "expected a string, found the integer 5"),
        (#"{"crossfireSchema": 1, "root": "A", "structs": {}}"#, "structs", "expected an array, found an object"),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A"}]}"#, "structs[0] (A)", "missing key \"fields\""),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "[Int"}]}]}"#,
         "structs[0].fields[0].type (A.x)", "expected ']' or ':' in the bracketed type, found the end of the text (character 5 of \"[Int\")"),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "Int", "wraper": "DocumentID"}]}]}"#,
         "structs[0].fields[0] (A.x)", #"unknown key "wraper"; the keys of this object are "name", "type", "key", "coded", "wrapper""#),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "Int?", "wrapper": "Id"}]}]}"#,
         "structs[0].fields[0].wrapper (A.x)", #"unknown wrapper "Id"; expected one of "DocumentID", "ServerTimestamp", "ExplicitNull""#),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "Int", "coded": "no"}]}]}"#,
         "structs[0].fields[0].coded (A.x)", "expected true or false, found the string \"no\""),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "Int", "key": "k", "coded": false}]}]}"#,
         "structs[0].fields[0].key (A.x)", "a field with \"coded\": false is left out of CodingKeys and has no key"),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [], "enums": [{"name": "E", "raw": "Double", "cases": []}]}"#,
         "enums[0].raw (E)", #"unknown raw type "Double"; expected "String" or "Int", or no "raw" for an enum without raw values"#),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [], "enums": [{"name": "E", "raw": "none", "cases": []}]}"#,
         "enums[0].raw (E)", #"unknown raw type "none"; expected "String" or "Int", or no "raw" for an enum without raw values"#),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [], "enums": [{"name": "E", "raw": "Int", "cases": [{"name": "a", "rawValue": 1.5}]}]}"#,
         "enums[0].cases[0].rawValue (E.a)", "expected a string or an integer, found the number 1.5"),
        (#"{"crossfireSchema": 1, "root": "A", "structs": [], "enums": [{"name": "E", "cases": [{"name": "a", "raw": 1}]}]}"#,
         "enums[0].cases[0] (E.a)", #"unknown key "raw"; the keys of this object are "name", "rawValue""#),
    ])
    func structuralErrors(text: String, location: String, message: String) {
        let error = readError(text)
        #expect(error?.location == location)
        #expect(error?.message == message)
    }

    @Test("an integer raw value beyond Int64 is refused by jansson, at its line and column")
    func hugeRawValue() {
        let error = readError(#"{"crossfireSchema": 1, "root": "A", "structs": [], "enums": [{"name": "E", "raw": "Int", "cases": [{"name": "a", "rawValue": 9223372036854775808}]}]}"#)
        #expect(error?.location == "line 1, column 144")
        #expect(error?.message == "expected an integer within Int64 or a finite binary64 number, found too big integer near '9223372036854775808'")
    }

    @Test("SchemaError describes itself as location: message")
    func errorDescription() {
        #expect(SchemaError(location: "root", message: "m").description == "root: m")
    }
}
