@testable import Crossfire
import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The checks of the `FuzzRESTJSON` and `FuzzSchemaJSON` libFuzzer targets.
@Suite struct FuzzRoundTripTests {
    @Test("REST JSON: documents that read survive the round trip, compared as typed values", arguments: [
        #"{"fields": {"n": {"doubleValue": "NaN"}, "z": {"doubleValue": "-0"}, "i": {"integerValue": 1}, "d": {"doubleValue": 1.0}}}"#,
        #"{"name": "projects/p/databases/(default)/documents/c/d", "createTime": "2020-04-23T14:25:05.349632123+02:00", "fields": {}}"#,
        #"{"fields": {"v": {"mapValue": {"fields": {"__type__": {"stringValue": "__vector__"}, "value": {"arrayValue": {"values": [{"doubleValue": 1}]}}}}}}}"#,
        #"{"fields": {"b": {"bytesValue": "AQI"}, "g": {"geoPointValue": {"latitude": 1.5}}, "s": {"stringValue": "a\u0000b"}, "x": {"nullValue": "NULL_VALUE"}}}"#,
        "{}",
    ])
    func restDocumentsPass(json: String) throws {
        _ = try RESTJSONReader().readDocument(from: json)
        #expect(RESTJSONRoundTrip.check(Array(json.utf8)) == .pass)
    }

    @Test("REST JSON: input the reader rejects passes (a clear error is the right answer)", arguments: [
        "", "{", "[1]", #"{"fields": {"a": {"integerValue": "1.5"}}}"#, #"{"fields": {"a": {}}}"#, "\u{FF}\u{FE}",
    ])
    func rejectedInputPasses(json: String) {
        #expect((try? RESTJSONReader().readDocument(from: json)) == nil)
        #expect(RESTJSONRoundTrip.check(Array(json.utf8)) == .pass)
    }

    @Test("REST JSON: a document that reads back changed is reported with the path of the first difference")
    func differenceNamesThePath() throws {
        let before = RESTDocument(fields: ["a": .array([.integer(1), .map(["b": .double(-0.0)])]), "c": .string("x")])
        var after = before
        after.fields["a"] = .array([.integer(1), .map(["b": .double(0.0)])])
        #expect(RESTJSONRoundTrip.difference(before, after) == "at fields.a[1].b: double -0.0 became double 0.0")
        var missing = before
        missing.fields = ["a": before.fields["a"] ?? .null]
        #expect(RESTJSONRoundTrip.difference(before, missing) == "at fields.c: \(FirestoreValue.string("x")) became nothing")
        var integer = before
        integer.fields["c"] = .integer(1)
        #expect(RESTJSONRoundTrip.difference(before, integer)?.hasPrefix("at fields.c: ") == true)
        var named = before
        named.reference = try DocumentReference(path: "c/d")
        #expect(RESTJSONRoundTrip.difference(before, named)?.hasPrefix("name none became projects/") == true)
        #expect(RESTJSONRoundTrip.difference(before, before) == nil)
    }

    @Test("schema JSON: schemas that read survive the round trip; anything else passes with its error", arguments: [
        #"{"crossfireSchema": 1, "root": "A", "structs": [{"name": "A", "fields": [{"name": "x", "type": "[String: Int8?]"}]}]}"#,
        #"{"crossfireSchema": 1, "root": "Missing", "structs": []}"#,
        #"{"crossfireSchema": 2}"#, "", "{\"crossfireSchema\": 1, \"root\": \"\u{0}\"", "nul\u{0}",
    ])
    func schemaInputsPass(json: String) {
        #expect(SchemaJSONRoundTrip.check(Array(json.utf8)) == .pass)
    }
}
