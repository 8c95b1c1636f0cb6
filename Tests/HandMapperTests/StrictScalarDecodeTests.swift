import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Strict decoding of scalar properties")
struct StrictScalarDecodeTests {
    @Test func stringAcceptsOnlyStrings() throws {
        let schema = single(.string)
        #expect(field(strictValue(schema, ["value": "x"]), "value") == .string("x"))
        let mismatch = try #require(strictFailure(schema, ["value": Int64(5)]))
        #expect(mismatch.kind == .typeMismatch)
        #expect(mismatch.path == ValuePath(keys: "value"))
        #expect(mismatch.expected == "String")
        #expect(mismatch.found == "a number (integer 5)")
        #expect(mismatch.message == "Expected to decode String but found a number (integer 5) instead.")
    }

    @Test func missingKeyAndNullForNonOptional() throws {
        let schema = single(.string)
        let missing = try #require(strictFailure(schema, ["other": "x"]))
        #expect(missing.kind == .keyNotFound)
        #expect(missing.path.description == "value")
        #expect(missing.expected == "String")
        #expect(missing.found == "nothing")
        let null = try #require(strictFailure(schema, ["value": NSNull()]))
        #expect(null.kind == .valueNotFound)
        #expect(null.path.description == "value")
        #expect(null.found == "null")
        #expect(null.message == "Expected String value but found null instead.")
    }

    @Test func boolAcceptsOnlyBooleans() throws {
        let schema = single(.bool)
        #expect(field(strictValue(schema, ["value": true]), "value") == .bool(true))
        #expect(field(strictValue(schema, ["value": NSNumber(value: false)]), "value") == .bool(false))
        for number: Any in [Int64(1), Int64(0), 1.0, NSNumber(value: 1)] {
            let error = try #require(strictFailure(schema, ["value": number]))
            #expect(error.kind == .typeMismatch)
            #expect(error.expected == "Bool")
            #expect(error.found.hasPrefix("a number"))
        }
    }

    @Test func floatTakesNumbersWithinFloatRange() throws {
        let schema = single(.float)
        #expect(field(strictValue(schema, ["value": 1.5]), "value") == .float(1.5))
        #expect(field(strictValue(schema, ["value": Int64(3)]), "value") == .float(3))
        #expect(field(strictValue(schema, ["value": 0.1]), "value") == .float(Float(0.1)))
        #expect(field(strictValue(schema, ["value": Float(2.5)]), "value") == .float(2.5))
        for bad in [1e39, Double.nan, Double.infinity, -Double.infinity] {
            let error = try #require(strictFailure(schema, ["value": bad]))
            #expect(error.kind == .dataCorrupted)
            #expect(error.path.description == "value")
            #expect(error.expected == "Float")
            #expect(error.message == "Parsed JSON number \(bad) does not fit in Float.")
        }
        #expect(strictFailure(schema, ["value": true])?.kind == .typeMismatch)
    }

    @Test func doubleTakesEveryNumberIncludingNaN() throws {
        let schema = single(.double)
        #expect(field(strictValue(schema, ["value": Int64(3)]), "value") == .double(3))
        #expect(field(strictValue(schema, ["value": Double.nan]), "value") == .double(.nan))
        #expect(field(strictValue(schema, ["value": -0.0]), "value") == .double(-0.0))
        #expect(field(strictValue(schema, ["value": UInt64.max]), "value") == .double(Double(UInt64.max)))
        let error = try #require(strictFailure(schema, ["value": "1.5"]))
        #expect(error.kind == .typeMismatch)
        #expect(error.found == "a string (\"1.5\")")
        #expect(strictFailure(schema, ["value": false])?.found == "a boolean (false)")
    }

    @Test func decimalKeepsDecimalsAndReadsOtherNumbersAsDouble() throws {
        let schema = single(.decimal)
        let exact = try #require(Decimal(string: "12.345"))
        #expect(field(strictValue(schema, ["value": exact]), "value") == .decimal(exact))
        #expect(field(strictValue(schema, ["value": 0.5]), "value") == .decimal(Decimal(0.5)))
        #expect(field(strictValue(schema, ["value": Int64(7)]), "value") == .decimal(7))
        let infinite = try #require(strictFailure(schema, ["value": Double.infinity]))
        #expect(infinite.kind == .dataCorrupted)
        #expect(infinite.expected == "Decimal")
        guard case .decimal(let nan)? = field(strictValue(schema, ["value": Double.nan]), "value") else {
            Issue.record("NaN did not decode into a Decimal")
            return
        }
        #expect(nan.isNaN)
        #expect(strictFailure(schema, ["value": "1"])?.kind == .typeMismatch)
    }

    @Test func dateFromTimestampOrSecondsNanosecondsMap() throws {
        let schema = single(.date)
        let timestamp = Timestamp(seconds: 1_570_484_031, nanoseconds: 500_000_000)
        #expect(field(strictValue(schema, ["value": timestamp]), "value") == .date(timestamp.dateValue()))
        let map: [String: Any] = ["seconds": Int64(1_570_484_031), "nanoseconds": Int64(500_000_000)]
        #expect(field(strictValue(schema, ["value": map]), "value") == .date(timestamp.dateValue()))

        let number = try #require(strictFailure(schema, ["value": 1_570_484_031.5]))
        #expect(number.kind == .typeMismatch)
        #expect(number.expected == "Date")
        #expect(number.found == "a number (double 1570484031.5)")

        let partial = try #require(strictFailure(schema, ["value": ["seconds": Int64(1)] as [String: Any]]))
        #expect(partial.kind == .keyNotFound)
        #expect(partial.path.description == "value.nanoseconds")
        #expect(partial.expected == "Int32")

        let tooBig = try #require(strictFailure(schema, ["value": ["seconds": Int64(1), "nanoseconds": Int64(3_000_000_000)] as [String: Any]]))
        #expect(tooBig.kind == .dataCorrupted)
        #expect(tooBig.path.description == "value.nanoseconds")
        #expect(tooBig.message == "Parsed JSON number <3000000000> does not fit in Int32.")

        let outOfRange = try #require(strictFailure(schema, ["value": ["seconds": Int64(1), "nanoseconds": Int64(1_000_000_000)] as [String: Any]]))
        #expect(outOfRange.kind == .dataCorrupted)
        #expect(outOfRange.path.description == "value.nanoseconds")

        let badSeconds = try #require(strictFailure(schema, ["value": ["seconds": "x", "nanoseconds": Int64(0)] as [String: Any]]))
        #expect(badSeconds.kind == .typeMismatch)
        #expect(badSeconds.path.description == "value.seconds")
        #expect(badSeconds.expected == "Int64")
    }

    @Test func timestampPassesThroughOrReadsItsKeyedForm() throws {
        let schema = single(.timestamp)
        let timestamp = Timestamp(seconds: -5, nanoseconds: 7)
        #expect(field(strictValue(schema, ["value": timestamp]), "value") == .timestamp(timestamp))
        let map: [String: Any] = ["seconds": Int64(-5), "nanoseconds": 7.0]
        #expect(field(strictValue(schema, ["value": map]), "value") == .timestamp(timestamp))
        let seconds = try #require(strictFailure(schema, ["value": ["seconds": Int64(Timestamp.endSeconds), "nanoseconds": Int64(0)] as [String: Any]]))
        #expect(seconds.kind == .dataCorrupted)
        #expect(seconds.path.description == "value.seconds")
        #expect(strictFailure(schema, ["value": "2020-01-01T00:00:00Z"])?.kind == .typeMismatch)
    }

    @Test func geoPointPassesThroughOrReadsItsKeyedForm() throws {
        let schema = single(.geoPoint)
        let point = GeoPoint(latitude: 51.5, longitude: -0.1)
        #expect(field(strictValue(schema, ["value": point]), "value") == .geoPoint(point))
        #expect(field(strictValue(schema, ["value": ["latitude": 51.5, "longitude": -0.1] as [String: Any]]), "value") == .geoPoint(point))
        let latitude = try #require(strictFailure(schema, ["value": ["latitude": 91.0, "longitude": 0.0] as [String: Any]]))
        #expect(latitude.kind == .dataCorrupted)
        #expect(latitude.path.description == "value.latitude")
        let missing = try #require(strictFailure(schema, ["value": ["latitude": 1.0] as [String: Any]]))
        #expect(missing.kind == .keyNotFound)
        #expect(missing.path.description == "value.longitude")
        #expect(missing.expected == "Double")
        #expect(strictFailure(schema, ["value": Int64(1)])?.kind == .typeMismatch)
    }

    @Test func documentReferenceOnlyFromAReference() throws {
        let schema = single(.documentReference)
        let reference = try bookReference()
        #expect(field(strictValue(schema, ["value": reference]), "value") == .reference(reference))
        let fromString = try #require(strictFailure(schema, ["value": "books/hitchhiker"]))
        #expect(fromString.kind == .invalidValue)
        #expect(fromString.path.description == "value")
        #expect(fromString.expected == "DocumentReference")
        #expect(fromString.message == "DocumentReference values can only be decoded with Firestore.Decoder")
        // DocumentReference.init(from:) refuses null too: no valueNotFound here.
        #expect(strictFailure(schema, ["value": NSNull()])?.kind == .invalidValue)
        #expect(strictFailure(schema, [:])?.kind == .keyNotFound)
    }

    @Test func urlFromStringsURLAccepts() throws {
        let schema = single(.url)
        #expect(field(strictValue(schema, ["value": "https://example.com/a?b=c"]), "value") == .url(try #require(URL(string: "https://example.com/a?b=c"))))
        let empty = try #require(strictFailure(schema, ["value": ""]))
        #expect(empty.kind == .dataCorrupted)
        #expect(empty.message == "Invalid URL string.")
        #expect(empty.found == "a string (\"\")")
        let number = try #require(strictFailure(schema, ["value": Int64(1)]))
        #expect(number.kind == .typeMismatch)
        #expect(number.expected == "URL")
    }

    @Test func dataFromBytesOrBase64() throws {
        let schema = single(.data)
        #expect(field(strictValue(schema, ["value": Data([1, 2, 3])]), "value") == .data(Data([1, 2, 3])))
        #expect(field(strictValue(schema, ["value": "AQID"]), "value") == .data(Data([1, 2, 3])))
        let notBase64 = try #require(strictFailure(schema, ["value": "not base64!"]))
        #expect(notBase64.kind == .typeMismatch)
        #expect(notBase64.expected == "Data")
        let bytes = try #require(strictFailure(schema, ["value": [Int64(1), Int64(2)] as [Any]]))
        #expect(bytes.kind == .typeMismatch)
        #expect(bytes.found == "an array (2 elements)")
    }

    @Test func hexColorParsesBothLengthsInEitherCase() throws {
        let schema = single(.hexColor)
        #expect(field(strictValue(schema, ["value": "#FF8000"]), "value") == .color(RGBAColor(red: 255, green: 128, blue: 0)))
        #expect(field(strictValue(schema, ["value": "#ff800080"]), "value") == .color(RGBAColor(red: 255, green: 128, blue: 0, alpha: 128)))
        #expect(field(strictValue(schema, ["value": "#aBcDeF"]), "value") == .color(RGBAColor(red: 0xAB, green: 0xCD, blue: 0xEF)))
        for bad in ["FF8000", "#FF80", "#FF8000F", "#GG8000", "#FF8000FF00", ""] {
            let error = try #require(strictFailure(schema, ["value": bad]))
            #expect(error.kind == .dataCorrupted, "\(bad)")
            #expect(error.expected == "Color")
        }
        let number = try #require(strictFailure(schema, ["value": Int64(0xFF8000)]))
        #expect(number.kind == .typeMismatch)
        #expect(number.expected == "Color")
    }

    @Test func optionalIsNilWhenAbsentOrNullAndFailsOnWrongType() throws {
        let schema = single(.optional(.integer(.int)))
        #expect(field(strictValue(schema, [:]), "value") == .null)
        #expect(field(strictValue(schema, ["value": NSNull()]), "value") == .null)
        #expect(field(strictValue(schema, ["value": Int64(4)]), "value") == .int(4))
        #expect(field(strictValue(schema, ["value": Int64?.none as Any]), "value") == .null)
        let wrong = try #require(strictFailure(schema, ["value": true]))
        #expect(wrong.kind == .typeMismatch)
        #expect(wrong.expected == "Int")
        #expect(strictFailure(schema, ["value": 4.5])?.kind == .dataCorrupted)
    }

    @Test func handWrittenNumberFormsAreNumbers() throws {
        let schema = single(.integer(.int16))
        for number: Any in [Int(7), Int8(7), UInt8(7), UInt(7), Float(7), NSNumber(value: 7), NSNumber(value: 7.0), try #require(Decimal(string: "7")), Int64?.some(7) as Any] {
            #expect(field(strictValue(schema, ["value": number]), "value") == .int(7), "\(type(of: number))")
        }
        #expect(strictFailure(schema, ["value": NSNumber(value: true)])?.kind == .typeMismatch)
    }

    @Test func foundNamesWhatWasThere() throws {
        let schema = single(.bool)
        let cases: [(Any, String)] = [
            (VectorValue([1, 2]), "a vector (2 elements)"),
            (FieldValue.serverTimestamp(), "a sentinel (FieldValue.serverTimestamp())"),
            (Data([1, 2, 3]), "data (3 bytes)"),
            (GeoPoint(latitude: 1.5, longitude: 2), "a geopoint (1.5, 2.0)"),
            (try bookReference(), "a reference (books/hitchhiker)"),
            (Timestamp(seconds: 0, nanoseconds: 0), "a timestamp (1970-01-01T00:00:00.000000000Z)"),
            (NSNumber(value: 2.5), "a number (double 2.5)"),
            (NSNumber(value: UInt64.max), "a number (integer 18446744073709551615)"),
            (Float(0.5), "a number (float 0.5)"),
            (["k": Int64(1), "l": Int64(2)] as [String: Any], "a dictionary (2 keys)"),
            ([Int64(1)] as [Int64], "an array (1 elements)"),
            (String(repeating: "x", count: 50), "a string (\"\(String(repeating: "x", count: 40))…\")"),
        ]
        for (value, found) in cases {
            let error = try #require(strictFailure(schema, ["value": value]))
            #expect(error.kind == .typeMismatch)
            #expect(error.found == found)
        }
    }

    @Test func uncodedPropertiesKeepZeroValuesAndExtraKeysAreIgnored() throws {
        let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
            FieldSchema(name: "name", codingKey: "full_name", type: .string),
            FieldSchema(name: "note", keyed: false, type: .string),
            FieldSchema(name: "count", keyed: false, type: .integer(.uint8)),
            FieldSchema(name: "flag", keyed: false, type: .bool),
            FieldSchema(name: "list", keyed: false, type: .array(.string)),
            FieldSchema(name: "maybe", keyed: false, type: .optional(.double)),
        ])])
        let value = try #require(strictValue(schema, ["full_name": "Ada", "name": Int64(1), "note": "ignored", "count": "x"]))
        #expect(value == .structure([
            ModelField(name: "name", value: .string("Ada")), ModelField(name: "note", value: .string("")),
            ModelField(name: "count", value: .uint(0)), ModelField(name: "flag", value: .bool(false)),
            ModelField(name: "list", value: .array([])), ModelField(name: "maybe", value: .null),
        ]))
        let renamed = try #require(strictFailure(schema, ["name": "Ada"]))
        #expect(renamed.kind == .keyNotFound)
        #expect(renamed.path.description == "full_name")
    }

    @Test func undefinedTypeNamesAreInvalidValues() throws {
        let schema = single(.structure("Missing"))
        let error = try #require(strictFailure(schema, ["value": [String: Any]()]))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "Missing")
        let noRoot = ModelSchema(root: "Nowhere", structs: [])
        #expect(strictFailure(noRoot, [:])?.path == .root)
    }
}
