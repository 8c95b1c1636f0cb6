import Foundation
import ModelSchema
import Testing

/// Format version 2: the reflective family's `ignore` and `hook` field members.
@Suite struct SchemaJSONReflectiveTests {
    private let userJSON = #"""
        {"crossfireSchema": 2, "root": "User", "structs": [
          {"name": "Location", "fields": [{"name": "latitude", "type": "Double"}, {"name": "longitude", "type": "Double"}]},
          {"name": "User", "fields": [
            {"name": "location", "type": "Location?", "hook": "coordinates"},
            {"name": "type", "type": "UserType", "hook": "rawValue"},
            {"name": "tempName", "type": "String?", "coded": false, "ignore": true}]}],
         "enums": [{"name": "UserType", "raw": "Int", "cases": [{"name": "first"}]}]}
        """#

    @Test func ignoreAndHooksReadWriteAndReadBackAsVersion2() throws {
        let read = try schema(userJSON).validated()
        let fields = try #require(read.rootStruct?.fields)
        #expect(fields.map(\.hook) == [.coordinates, .rawValue, nil])
        #expect(fields.map(\.reflectiveIgnore) == [false, false, true])
        let written = String(decoding: read.jsonData(), as: UTF8.self)
        #expect(written.contains(#""crossfireSchema": 2,"#))
        #expect(try ModelSchema(json: read.jsonData()) == read)
    }

    @Test func aSchemaWithoutThemIsWrittenAsVersion1() throws {
        var read = try schema(userJSON)
        read.structs[1].fields = read.structs[1].fields.map { FieldSchema(name: $0.name, codingKey: $0.codingKey, keyed: $0.codingKey != nil, type: $0.type) }
        #expect(String(decoding: read.jsonData(), as: UTF8.self).contains(#""crossfireSchema": 1"#))
    }

    @Test("version 1 knows neither member; a hook must be one the family has", arguments: [
        (#"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "Int", "ignore": true}]}]}"#,
         "structs[0].fields[0] (A.x)", #"unknown key "ignore"; the keys of this object are "name", "type", "key", "coded", "wrapper""#),
        (#"{"crossfireSchema": 2, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "Int", "hook": "location"}]}]}"#,
         "structs[0].fields[0].hook (A.x)", #"unknown hook "location"; expected one of "coordinates", "rawValue""#),
        (#"{"crossfireSchema": 2, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "Int", "ignore": "yes"}]}]}"#,
         "structs[0].fields[0].ignore (A.x)", "expected true or false, found the string \"yes\""),
    ])
    func memberErrors(text: String, location: String, message: String) {
        let error = readError(text)
        #expect(error?.location == location)
        #expect(error?.message == message)
    }

    @Test("a hook must fit its field's type, and an ignored field has none", arguments: [
        (#"{"name": "x", "type": "Int", "hook": "rawValue"}"#, "the rawValue hook cannot map Int"),
        (#"{"name": "x", "type": "Kind", "hook": "rawValue"}"#, "the rawValue hook needs an enum with Int raw values, found Kind"),
        (#"{"name": "x", "type": "Point", "hook": "coordinates"}"#, "the coordinates hook needs a struct of exactly latitude: Double and longitude: Double, found Point"),
        (#"{"name": "x", "type": "UserType", "hook": "rawValue", "ignore": true}"#, "a property on the ignore list is never written or read, so it cannot have a hook"),
    ])
    func hookValidation(field: String, message: String) throws {
        let text = #"{"crossfireSchema": 2, "root": "A", "structs": [{"name": "A", "fields": ["# + field + #"]}, "#
            + #"{"name": "Point", "fields": [{"name": "x", "type": "Double"}, {"name": "longitude", "type": "Double"}]}], "#
            + #""enums": [{"name": "Kind", "raw": "String", "cases": [{"name": "a"}]}, {"name": "UserType", "raw": "Int", "cases": [{"name": "b"}]}]}"#
        let errors = try schema(text).validationErrors()
        #expect(errors.map(\.location) == ["structs[0].fields[0].hook (A.x)"])
        #expect(errors.map(\.message) == [message])
    }
}
