import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Every value type and every accepted spelling of the REST encoding.
@Suite struct RESTReadingTests {
    @Test func nullAcceptsNullTheEnumNameAndZero() throws {
        #expect(try restValue(#"{"nullValue": null}"#) == .null)
        #expect(try restValue(#"{"nullValue": "NULL_VALUE"}"#) == .null)
        #expect(try restValue(#"{"nullValue": 0}"#) == .null)
        for bad in ["1", "\"null\"", "false", "{}"] {
            let error = restFieldError(#"{"nullValue": "# + bad + "}")
            #expect(error?.kind == .invalidValue)
            #expect(error?.location.pointer == "/fields/v/nullValue")
            #expect(error?.expected == #"null, "NULL_VALUE" or 0"#)
        }
    }

    @Test func booleans() throws {
        #expect(try restValue(#"{"booleanValue": true}"#) == .boolean(true))
        #expect(try restValue(#"{"booleanValue": false}"#) == .boolean(false))
        let error = restFieldError(#"{"booleanValue": 1}"#)
        #expect(error?.kind == .wrongType)
        #expect(error?.found == "the integer 1")
    }

    @Test(arguments: [
        (#""0""#, Int64(0)), (#""-10""#, -10), (#""50""#, 50), (#""007""#, 7),
        (#""9223372036854775807""#, Int64.max), (#""-9223372036854775808""#, Int64.min),
        ("42", 42), ("-9223372036854775808", Int64.min), ("9223372036854775807", Int64.max),
    ])
    func integerSpellings(json: String, expected: Int64) throws {
        #expect(try restValue(#"{"integerValue": "# + json + "}") == .integer(expected))
    }

    @Test(arguments: [#""""#, #""1.5""#, #""1e3""#, #""+1""#, #"" 1""#, #""1 ""#, #""0x10""#, #""-""#, "1.5", "2.0", "1e2"])
    func integerRejectsEmptyFractionsAndOtherText(json: String) {
        let error = restFieldError(#"{"integerValue": "# + json + "}")
        #expect(error?.kind == .invalidValue)
        #expect(error?.location.pointer == "/fields/v/integerValue")
        #expect(error?.valuePath == ValuePath(keys: "v"))
        #expect(error?.expected == "a decimal Int64 string or a JSON integer")
    }

    @Test(arguments: [#""9223372036854775808""#, #""-9223372036854775809""#, #""99999999999999999999999""#])
    func integerStringsBeyondInt64(json: String) {
        let error = restFieldError(#"{"integerValue": "# + json + "}")
        #expect(error?.kind == .numberOutOfRange)
        #expect(error?.location.pointer == "/fields/v/integerValue")
    }

    @Test func doubleSpellings() throws {
        let cases: [(String, Double)] = [
            ("5.5", 5.5), ("5", 5.0), ("-0.0", -0.0), ("1e300", 1e300), ("4.9406564584124654e-324", .leastNonzeroMagnitude),
            (#""NaN""#, .nan), (#""Infinity""#, .infinity), (#""-Infinity""#, -.infinity), (#""-0""#, -0.0),
            (#""1.5""#, 1.5), (#""-2e10""#, -2e10), (#""1E3""#, 1000), (#""0""#, 0), (#""0.1""#, 0.1),
        ]
        for (json, expected) in cases {
            let value = try restValue(#"{"doubleValue": "# + json + "}")
            #expect(value.doubleBits == FirestoreValue.normalizedBits(expected), "\(json)")
        }
    }

    @Test func theNumberMinusZeroReadsAsPositiveZeroBecauseJanssonReadsItAsAnInteger() throws {
        #expect(try restValue(#"{"doubleValue": -0}"#).doubleBits == (0.0).bitPattern)
        #expect(try restValue(#"{"doubleValue": -0.0}"#).doubleBits == (-0.0).bitPattern)
        #expect(try restValue(#"{"doubleValue": "-0"}"#).doubleBits == (-0.0).bitPattern)
    }

    @Test func anIntegralJSONNumberInDoubleValueIsStillADouble() throws {
        #expect(try restValue(#"{"doubleValue": 5}"#).kind == .double)
        #expect(try restValue(#"{"integerValue": 5}"#).kind == .integer)
    }

    @Test(arguments: [#""nan""#, #""inf""#, #""abc""#, #""""#, #""1.""#, #""01""#, #""0x1p3""#, #"" 1""#])
    func doubleRejectsOtherStrings(json: String) {
        let error = restFieldError(#"{"doubleValue": "# + json + "}")
        #expect(error?.kind == .invalidValue)
        #expect(error?.location.pointer == "/fields/v/doubleValue")
    }

    @Test func doubleStringBeyondBinary64IsOutOfRange() {
        let error = restFieldError(#"{"doubleValue": "1e400"}"#)
        #expect(error?.kind == .numberOutOfRange)
        #expect(error?.found == #"the string "1e400""#)
    }

    @Test(arguments: [
        ("2014-10-02T15:01:23Z", Timestamp(seconds: 1_412_262_083, nanoseconds: 0)),
        ("2014-10-02T15:01:23.1Z", Timestamp(seconds: 1_412_262_083, nanoseconds: 100_000_000)),
        ("2014-10-02T15:01:23.045Z", Timestamp(seconds: 1_412_262_083, nanoseconds: 45_000_000)),
        ("2014-10-02T15:01:23.0451Z", Timestamp(seconds: 1_412_262_083, nanoseconds: 45_100_000)),
        ("2014-10-02T15:01:23.045123Z", Timestamp(seconds: 1_412_262_083, nanoseconds: 45_123_000)),
        ("2014-10-02T15:01:23.045123456Z", Timestamp(seconds: 1_412_262_083, nanoseconds: 45_123_456)),
        ("2014-10-02T20:31:23.045123456+05:30", Timestamp(seconds: 1_412_262_083, nanoseconds: 45_123_456)),
        ("2014-10-02T07:01:23-08:00", Timestamp(seconds: 1_412_262_083, nanoseconds: 0)),
        ("2014-10-02t15:01:23z", Timestamp(seconds: 1_412_262_083, nanoseconds: 0)),
        ("0001-01-01T00:00:00Z", Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 0)),
        ("9999-12-31T23:59:59.999999999Z", Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_999)),
    ])
    func timestampSpellings(text: String, expected: Timestamp) throws {
        #expect(try restValue(#"{"timestampValue": ""# + text + #""}"#) == .timestamp(expected))
    }

    @Test(arguments: ["2014-10-02T15:01:23", "2014-10-02 15:01:23Z", "2014-10-02T15:01:23.1234567891Z", "10000-01-01T00:00:00Z",
                      "2014-02-30T00:00:00Z", "0000-12-31T23:59:59Z", ""])
    func timestampRejections(text: String) {
        let error = restFieldError(#"{"timestampValue": ""# + text + #""}"#)
        #expect(error?.kind == .invalidValue)
        #expect(error?.location.pointer == "/fields/v/timestampValue")
        #expect(error?.expected.hasPrefix("an RFC 3339 timestamp") == true)
    }

    @Test func strings() throws {
        #expect(try restValue(#"{"stringValue": ""}"#) == .string(""))
        #expect(try restValue(#"{"stringValue": "a\u0000b\n😀"}"#) == .string("a\u{0}b\n😀"))
        #expect(try restValue(#"{"stringValue": "\ud83d\ude00"}"#) == .string("😀"))
        let error = restFieldError(#"{"stringValue": 5}"#)
        #expect(error?.kind == .wrongType)
    }

    @Test(arguments: [
        ("AQID", [1, 2, 3]), ("AQI=", [1, 2]), ("AQI", [1, 2]), ("AQ==", [1]), ("AQ", [1]), ("", []),
        ("+/8=", [0xFB, 0xFF]), ("-_8=", [0xFB, 0xFF]), ("-_8", [0xFB, 0xFF]), ("AAECAwQF", [0, 1, 2, 3, 4, 5]),
    ])
    func bytesInEitherAlphabetPaddedOrNot(text: String, expected: [UInt8]) throws {
        #expect(try restValue(#"{"bytesValue": ""# + text + #""}"#) == .bytes(Data(expected)))
    }

    @Test(arguments: [
        ("A", "a length that no byte string encodes to"), ("AQ=", "misplaced or excess '=' padding"),
        ("AQ===", "misplaced or excess '=' padding"), ("A=QI", "misplaced or excess '=' padding"),
        ("AQ I", "a character outside base64 at byte 2"), ("+_8=", "characters of both the standard and the URL-safe alphabet"),
        ("AR==", "non-zero unused bits in the last character"), ("AQJ=", "non-zero unused bits in the last character"),
    ])
    func bytesRejections(text: String, reason: String) {
        let error = restFieldError(#"{"bytesValue": ""# + text + #""}"#)
        #expect(error?.kind == .invalidValue)
        #expect(error?.location.pointer == "/fields/v/bytesValue")
        #expect(error?.found.hasSuffix("(\(reason))") == true, "\(error?.found ?? "")")
    }

    @Test func referencesAreFullResourceNames() throws {
        let value = try restValue(#"{"referenceValue": "projects/p/databases/(default)/documents/foo/bar/baz/qux"}"#)
        #expect(value == .reference(try reference("foo/bar/baz/qux", database: DatabaseID(projectID: "p"))))
        for bad in ["foo/bar", "projects/p/databases/(default)/documents/foo", "projects/p/databases/d/documents/a//b/c", ""] {
            let error = restFieldError(#"{"referenceValue": ""# + bad + #""}"#)
            #expect(error?.kind == .invalidValue, "\(bad)")
            #expect(error?.location.pointer == "/fields/v/referenceValue")
        }
    }

    @Test func geoPointsWithOmittedZeroCoordinates() throws {
        #expect(try restValue(#"{"geoPointValue": {}}"#) == .geoPoint(GeoPoint(latitude: 0, longitude: 0)))
        #expect(try restValue(#"{"geoPointValue": {"latitude": 51.5}}"#) == .geoPoint(GeoPoint(latitude: 51.5, longitude: 0)))
        #expect(try restValue(#"{"geoPointValue": {"longitude": -1}}"#) == .geoPoint(GeoPoint(latitude: 0, longitude: -1)))
        // NaN and −0.0 coordinates are checked by their bits, not only by GeoPoint's ==.
        guard case .geoPoint(let special) = try restValue(#"{"geoPointValue": {"latitude": "NaN", "longitude": "-0"}}"#) else {
            Issue.record("not a geopoint")
            return
        }
        #expect(special.latitude.isNaN)
        #expect(special.longitude.bitPattern == (-0.0).bitPattern)
        let error = restFieldError(#"{"geoPointValue": {"lat": 1}}"#)
        #expect(error?.kind == .unexpectedMember)
        #expect(error?.location.pointer == "/fields/v/geoPointValue/lat")
    }

    @Test func arraysWithEmptyValuesOmitted() throws {
        #expect(try restValue(#"{"arrayValue": {}}"#) == .array([]))
        #expect(try restValue(#"{"arrayValue": {"values": []}}"#) == .array([]))
        #expect(try restValue(#"{"arrayValue": {"values": [{"integerValue": "1"}, {"stringValue": "x"}]}}"#)
            == .array([.integer(1), .string("x")]))
        let error = restFieldError(#"{"arrayValue": {"values": [{"integerValue": "1"}, {"integerValue": "x"}]}}"#)
        #expect(error?.location.pointer == "/fields/v/arrayValue/values/1/integerValue")
        #expect(error?.valuePath == ValuePath([.key("v"), .index(1)]))
        #expect(restFieldError(#"{"arrayValue": []}"#)?.kind == .wrongType)
        #expect(restFieldError(#"{"arrayValue": {"values": {}}}"#)?.kind == .wrongType)
        #expect(restFieldError(#"{"arrayValue": {"value": []}}"#)?.kind == .unexpectedMember)
    }

    @Test func mapsWithEmptyFieldsOmitted() throws {
        #expect(try restValue(#"{"mapValue": {}}"#) == .map([:]))
        #expect(try restValue(#"{"mapValue": {"fields": {}}}"#) == .map([:]))
        let value = try restValue(#"{"mapValue": {"fields": {"stringValue": {"stringValue": "x"}, "b": {"nullValue": null}}}}"#)
        #expect(value == .map(["stringValue": .string("x"), "b": .null]))
        guard case .map(let map) = value else { Issue.record("not a map"); return }
        #expect(map.keys == ["stringValue", "b"])
        #expect(restFieldError(#"{"mapValue": {"field": {}}}"#)?.kind == .unexpectedMember)
    }

    @Test func theVectorShapeIsAVector() throws {
        let json = #"{"mapValue": {"fields": {"__type__": {"stringValue": "__vector__"}, "value": {"arrayValue": {"values": [{"doubleValue": 1.5}, {"doubleValue": "NaN"}]}}}}}"#
        #expect(try restValue(json) == .vector(VectorValue([1.5, .nan])))
        let empty = #"{"mapValue": {"fields": {"value": {"arrayValue": {}}, "__type__": {"stringValue": "__vector__"}}}}"#
        #expect(try restValue(empty) == .vector(VectorValue([])))
    }

    @Test func mapsNearTheVectorShapeStayMaps() throws {
        let integerElement = #"{"mapValue": {"fields": {"__type__": {"stringValue": "__vector__"}, "value": {"arrayValue": {"values": [{"integerValue": "1"}]}}}}}"#
        #expect(try restValue(integerElement).kind == .map)
        let extraKey = #"{"mapValue": {"fields": {"__type__": {"stringValue": "__vector__"}, "value": {"arrayValue": {}}, "x": {"nullValue": null}}}}"#
        #expect(try restValue(extraKey).kind == .map)
        let otherType = #"{"mapValue": {"fields": {"__type__": {"stringValue": "__max__"}, "value": {"arrayValue": {}}}}}"#
        #expect(try restValue(otherType).kind == .map)
    }

    @Test func documentsWithAndWithoutFields() throws {
        let reader = RESTJSONReader()
        #expect(try reader.readDocument(from: "{}") == RESTDocument())
        #expect(try reader.readDocument(from: #"{"fields": {}}"#) == RESTDocument())
        let json = #"""
            {"name": "projects/p/databases/(default)/documents/c/d", "createTime": "2020-04-23T14:25:05.349632Z",
             "updateTime": "2020-04-23T14:25:05.349633Z"}
            """#
        let document = try reader.readDocument(from: json)
        #expect(document.reference == (try reference("c/d", database: DatabaseID(projectID: "p"))))
        #expect(document.fields.isEmpty)
        #expect(document.createTime == Timestamp(seconds: 1_587_651_905, nanoseconds: 349_632_000))
        #expect(document.updateTime == Timestamp(seconds: 1_587_651_905, nanoseconds: 349_633_000))
        #expect(document.snapshot?.documentID == "d")
    }

    @Test func documentErrorsNameTheirMember() {
        let unknown = restDocumentError(#"{"fields": {}, "nam": "x"}"#)
        #expect(unknown?.kind == .unexpectedMember)
        #expect(unknown?.location.pointer == "/nam")
        #expect(unknown?.valuePath == nil)
        let badName = restDocumentError(#"{"name": "c/d"}"#)
        #expect(badName?.kind == .invalidValue)
        #expect(badName?.location.pointer == "/name")
        let notObject = restDocumentError("[]")
        #expect(notObject?.kind == .wrongType)
        #expect(notObject?.location == .root)
        #expect(notObject?.found == "an empty array")
        let badFields = restDocumentError(#"{"fields": []}"#)
        #expect(badFields?.kind == .wrongType)
        #expect(badFields?.location.pointer == "/fields")
    }
}
