import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Hostile input gets an error value with its location, never a crash, overflow or hang.
@Suite struct HostileInputTests {
    @Test func nestingAHundredThousandLevelsDeep() {
        let depth = 100_000
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let error = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader().readValue(from: deep) }
        #expect(error?.kind == .tooDeep)
        #expect(error?.location.line == 1)
        #expect(error?.location.column == 2049)
        #expect(error?.found == "maximum parsing depth reached near '['")
        let restError = restDocumentError(deep)
        #expect(restError?.kind == .tooDeep)
        let objects = Array(String(repeating: #"{"a":"#, count: depth).utf8)
        #expect(restDocumentError(objects)?.kind == .tooDeep)
    }

    /// `levels` nested `mapValue`s under the field `m`, innermost holding an integer.
    private func nestedMaps(_ levels: Int) -> String {
        var json = #"{"integerValue": "1"}"#
        for _ in 0..<levels {
            json = #"{"mapValue": {"fields": {"m": "# + json + "}}}"
        }
        return #"{"fields": {"m": "# + json + "}}"
    }

    @Test func firestoreNestingBeyondTheLimitNamesItsPlace() throws {
        let options = JSONReadOptions(maximumDepth: 3)
        _ = try RESTJSONReader(options: options).readDocument(from: nestedMaps(3))
        let error = restDocumentError(nestedMaps(4), options: options)
        #expect(error?.kind == .tooDeep)
        #expect(error?.location.pointer == "/fields/m/mapValue/fields/m/mapValue/fields/m/mapValue/fields/m/mapValue")
        #expect(error?.valuePath == ValuePath(keys: "m", "m", "m", "m"))
        #expect(error?.found == "nesting level 4")
        #expect(restDocumentError(nestedMaps(101))?.kind == .tooDeep)
        _ = try RESTJSONReader().readDocument(from: nestedMaps(100))
    }

    @Test func depthIsCappedAtTheCeilingWhateverTheOptionsSay() throws {
        let unlimited = JSONReadOptions(maximumDepth: .max)
        let document = try RESTJSONReader(options: unlimited).readDocument(from: nestedMaps(JSONReadOptions.depthCeiling))
        var value = document.fields["m"]
        var levels = 0
        while case .map(let map)? = value {
            levels += 1
            value = map["m"]
        }
        #expect(levels == 256)
        let error = restDocumentError(nestedMaps(257), options: unlimited)
        #expect(error?.kind == .tooDeep)
        #expect(error?.expected == "arrays and maps nested at most 256 deep")
        #expect(error?.valuePath?.count == 257)
        // The deepest text jansson parses (2,048 levels) gets the same error, not an overflow.
        let arrays = String(repeating: "[", count: 2048) + String(repeating: "]", count: 2048)
        let plain = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader(options: unlimited).readValue(from: arrays) }
        #expect(plain?.kind == .tooDeep)
        #expect(plain?.location.pointer == String(repeating: "/0", count: 256))
    }

    @Test func invalidUTF8() {
        let bytes: [UInt8] = Array(#"{"fields": {"s": {"stringValue": "a"#.utf8) + [0xFF] + Array(#""}}}"#.utf8)
        let error = restDocumentError(bytes)
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.location.line == 1)
        // The 0xFF is the 36th byte: jansson gives the column of the last character it read
        // and the zero-based offset of the byte it could not decode.
        #expect(error?.location.column == 35)
        #expect(error?.location.byteOffset == 35)
        #expect(error?.expected == "valid UTF-8")
        #expect(error?.found == "unable to decode byte 0xff near '\"a'")
        let overlong: [UInt8] = [UInt8(ascii: "\""), 0xC0, 0xAF, UInt8(ascii: "\"")]
        #expect((#expect(throws: FirestoreJSONError.self) { try PlainJSONReader().readValue(from: overlong) })?.kind == .invalidUTF8)
        let loneSurrogate = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader().readValue(from: #""\ud800""#) }
        #expect(loneSurrogate?.kind == .syntax)
    }

    @Test func aHundredMegabyteStringIsRejectedWithItsLocation() {
        let size = 100 * 1024 * 1024
        let json = Array(#"{"fields": {"big": {"stringValue": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: size)
            + Array(#""}}}"#.utf8)
        let error = restDocumentError(json)
        #expect(error?.kind == .stringTooLong)
        #expect(error?.location.pointer == "/fields/big/stringValue")
        #expect(error?.valuePath == ValuePath(keys: "big"))
        #expect(error?.expected == "a string of at most 1048487 bytes")
        #expect(error?.found == "a string of \(size) bytes")
    }

    @Test func theStringLimitIsConfigurableAndCoversKeysAndBytes() throws {
        let options = JSONReadOptions(maximumStringBytes: 4)
        let reader = RESTJSONReader(options: options)
        #expect(try reader.readValue(from: #"{"stringValue": "abcd"}"#) == .string("abcd"))
        #expect(try reader.readValue(from: #"{"stringValue": "éab"}"#) == .string("éab"))
        #expect((#expect(throws: FirestoreJSONError.self) { try reader.readValue(from: #"{"stringValue": "😀a"}"#) })?.found == "a string of 5 bytes")
        let long = #expect(throws: FirestoreJSONError.self) { try reader.readValue(from: #"{"stringValue": "abcde"}"#) }
        #expect(long?.kind == .stringTooLong)
        #expect(long?.location.pointer == "/stringValue")
        let key = restDocumentError(#"{"fields": {"abcde": {"nullValue": null}}}"#, options: options)
        #expect(key?.kind == .stringTooLong)
        #expect(key?.location.pointer == "/fields/abcde")
        #expect(key?.found == "a field name of 5 bytes")
        #expect(try reader.readValue(from: #"{"bytesValue": "AQIDBA=="}"#) == .bytes(Data([1, 2, 3, 4])))
        let bytes = #expect(throws: FirestoreJSONError.self) { try reader.readValue(from: #"{"bytesValue": "AQIDBAU="}"#) }
        #expect(bytes?.kind == .stringTooLong)
        #expect(bytes?.found == "a byte string of 5 bytes")
        let text = #expect(throws: FirestoreJSONError.self) { try reader.readValue(from: #"{"bytesValue": "AQIDBAUGBwgJ"}"#) }
        #expect(text?.found == "12 characters of base64")
        let plain = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader(options: options).readValue(from: #"{"a": ["abcdef"]}"#) }
        #expect(plain?.kind == .stringTooLong)
        #expect(plain?.location.pointer == "/a/0")
    }

    @Test func duplicateKeys() {
        let error = restDocumentError(#"{"fields": {"a": {"nullValue": null}, "a": {"nullValue": null}}}"#)
        #expect(error?.kind == .duplicateKey)
        #expect(error?.location.line == 1)
        // jansson's column is the end of the offending token.
        #expect(error?.location.column == 41)
        #expect(error?.found == #"duplicate object key near '"a"'"#)
        let typeKeys = restDocumentError(#"{"fields": {"a": {"nullValue": null, "nullValue": null}}}"#)
        #expect(typeKeys?.kind == .duplicateKey)
    }

    @Test func aValueWithTwoTypeKeysOrNone() {
        let two = restDocumentError(#"{"fields": {"a": {"integerValue": "1", "stringValue": "1"}}}"#)
        #expect(two?.kind == .multipleTypeKeys)
        #expect(two?.location.pointer == "/fields/a")
        #expect(two?.found == "both integerValue and stringValue")
        #expect(two?.expected.hasPrefix("exactly one of nullValue, booleanValue, integerValue") == true)
        let none = restDocumentError(#"{"fields": {"a": {}}}"#)
        #expect(none?.kind == .missingTypeKey)
        #expect(none?.location.pointer == "/fields/a")
        #expect(none?.found == "an empty object")
        let notObject = restDocumentError(#"{"fields": {"a": 5}}"#)
        #expect(notObject?.kind == .wrongType)
        #expect(notObject?.found == "the integer 5")
    }

    @Test(arguments: ["fieldReferenceValue", "functionValue", "pipelineValue", "variableReferenceValue"])
    func pipelineOnlyTypeKeys(key: String) {
        let error = restDocumentError(#"{"fields": {"a": {""# + key + #"": "x"}}}"#)
        #expect(error?.kind == .pipelineTypeKey)
        #expect(error?.location.pointer == "/fields/a/\(key)")
        #expect(error?.found == "the Pipeline-only key \(key)")
    }

    @Test func unknownTypeKeys() {
        let error = restDocumentError(#"{"fields": {"a": {"intValue": "1"}}}"#)
        #expect(error?.kind == .unknownTypeKey)
        #expect(error?.location.pointer == "/fields/a/intValue")
        #expect(error?.found == #"the key "intValue""#)
        let extra = restDocumentError(#"{"fields": {"a": {"integerValue": "1", "x": 1}}}"#)
        #expect(extra?.kind == .unknownTypeKey)
        #expect(extra?.location.pointer == "/fields/a/x")
    }

    @Test func integersBeyondInt64() {
        let number = restDocumentError(#"{"fields": {"a": {"integerValue": 9223372036854775808}}}"#)
        #expect(number?.kind == .numberOutOfRange)
        #expect(number?.location.line == 1)
        #expect(number?.found == "too big integer near '9223372036854775808'")
        let plain = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader().readValue(from: "[-9223372036854775809]") }
        #expect(plain?.kind == .numberOutOfRange)
        let real = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader().readValue(from: "[1e400]") }
        #expect(real?.kind == .numberOutOfRange)
    }

    @Test func nulInsideAKeyIsRejectedAndInsideAStringKept() throws {
        let key = restDocumentError(#"{"fields": {"a\u0000b": {"nullValue": null}}}"#)
        #expect(key?.kind == .nulInKey)
        #expect(key?.location.line == 1)
        let value = try restValue(#"{"stringValue": "\u0000"}"#)
        #expect(value == .string("\u{0}"))
        let writeError = #expect(throws: FirestoreJSONError.self) { try RESTJSONWriter().write(RESTDocument(fields: ["a\u{0}b": .null])) }
        #expect(writeError?.kind == .unrepresentable)
        #expect(writeError?.location.pointer == "/fields/a\u{0}b")
        #expect(writeError?.description == #"at /fields/a\u0000b (field `a\u0000b`): expected a key without NUL (jansson cannot read NUL in keys back), found the key "a\u0000b""#)
    }

    @Test func pointersEscapeTildeAndSlash() {
        let error = restDocumentError(#"{"fields": {"a/b~c": {"integerValue": "x"}}}"#)
        #expect(error?.location.pointer == "/fields/a~1b~0c/integerValue")
        #expect(error?.valuePath == ValuePath(keys: "a/b~c"))
        #expect(error?.description == #"at /fields/a~1b~0c/integerValue (field `a/b~c`): expected a decimal Int64 string or a JSON integer, found the string "x""#)
    }

    @Test(arguments: [
        ("", FirestoreJSONError.Kind.syntax, "unexpected token near end of file"),
        ("{", .syntax, "string or '}' expected near end of file"),
        ("{} {}", .syntax, "end of file expected near '{'"),
        ("{'a': 1}", .syntax, "string or '}' expected near '''"),
        ("[1,]", .syntax, "unexpected token near ']'"),
        ("\"a\u{1}b\"", .syntax, "control character 0x1 near '\"a'"),
    ])
    func malformedText(json: String, kind: FirestoreJSONError.Kind, found: String) {
        let error = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader().readValue(from: json) }
        #expect(error?.kind == kind)
        #expect(error?.found == found)
        #expect(error?.location.line != nil)
        #expect(error?.description.contains("\n") == false)
    }

    @Test func aHugeStringOfTheWrongTypeIsQuotedShort() {
        let huge = String(repeating: "é", count: 300_000)
        let error = restDocumentError(#"{"fields": {"a": {"booleanValue": ""# + huge + #""}}}"#)
        #expect(error?.kind == .wrongType)
        #expect(error?.found == "the string \"" + String(repeating: "é", count: 48) + "\"… (600000 bytes)")
    }

    @Test func errorMessagesStayOnOneLine() {
        let error = restDocumentError("{\"fields\": {\"a\\nb\": {\"stringValue\": 1}}}")
        #expect(error?.description == #"at /fields/a\nb/stringValue (field `a\nb`): expected a string, found the integer 1"#)
    }
}
