import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §6: Bool, Float, Double and String.
@Suite("Decoder: Bool, Float, Double, String")
struct DecoderScalarTests {
    struct Flags: Decodable, Equatable {
        var flag: Bool
    }

    struct Measures: Decodable, Equatable {
        var float: Float
        var double: Double
    }

    struct Named: Decodable, Equatable {
        var name: String
    }

    @Test("Bool only from booleans, including boolean NSNumbers")
    func boolFromBooleans() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Flags.self, from: ["flag": true]) == Flags(flag: true))
        #expect(try decoder.decode(Flags.self, from: ["flag": NSNumber(value: false)]) == Flags(flag: false))
        #expect(try decoder.decode(Flags.self, from: ["flag": FirestoreValue.boolean(true)]) == Flags(flag: true))
    }

    @Test("Bool from a number (0, 1, 1.0, NSNumber 1) is a type mismatch", arguments: [
        0 as Int, 1 as Int,
    ])
    func boolFromNumber(number: Int) {
        #expect(decodingFailure(Flags.self, from: ["flag": number]) == DecodingFailure(
            .typeMismatch, "Bool", [key("flag")], "Expected to decode Bool but found a number instead."
        ))
        #expect(decodingFailure(Flags.self, from: ["flag": Double(number)]) == DecodingFailure(
            .typeMismatch, "Bool", [key("flag")], "Expected to decode Bool but found a number instead."
        ))
        #expect(decodingFailure(Flags.self, from: ["flag": NSNumber(value: number)]) == DecodingFailure(
            .typeMismatch, "Bool", [key("flag")], "Expected to decode Bool but found a number instead."
        ))
    }

    @Test("Bool from a string or null")
    func boolFromOthers() {
        #expect(decodingFailure(Flags.self, from: ["flag": "true"]) == DecodingFailure(
            .typeMismatch, "Bool", [key("flag")], "Expected to decode Bool but found a string/data instead."
        ))
        #expect(decodingFailure(Flags.self, from: ["flag": NSNull()]) == DecodingFailure(
            .valueNotFound, "Bool", [key("flag")], "Expected Bool value but found null instead."
        ))
        #expect(decodingFailure([Bool].self, from: [true, 1]) == DecodingFailure(
            .typeMismatch, "Bool", [index(1)], "Expected to decode Bool but found a number instead."
        ))
    }

    @Test("Double from any number: integers widen, NaN and infinities pass")
    func doubleFromNumbers() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Double.self, from: 3) == 3.0)
        #expect(try decoder.decode(Double.self, from: Int64.max) == 9_223_372_036_854_775_807.0)
        #expect(try decoder.decode(Double.self, from: 0.1) == 0.1)
        #expect(try decoder.decode(Double.self, from: Double.nan).isNaN)
        #expect(try decoder.decode(Double.self, from: -Double.infinity) == -.infinity)
        #expect(try decoder.decode(Double.self, from: Float(0.1)) == Double(Float(0.1)))
        #expect(try decoder.decode(Double.self, from: Decimal(string: "2.5") as Any) == 2.5)
        #expect(try decoder.decode(Double.self, from: -0.0).sign == .minus)
    }

    @Test("Double from a boolean or string is a type mismatch")
    func doubleMismatches() {
        #expect(decodingFailure(Measures.self, from: ["float": 1, "double": false]) == DecodingFailure(
            .typeMismatch, "Double", [key("double")], "Expected to decode Double but found a number instead."
        ))
        #expect(decodingFailure(Measures.self, from: ["float": 1, "double": "1.5"]) == DecodingFailure(
            .typeMismatch, "Double", [key("double")], "Expected to decode Double but found a string/data instead."
        ))
    }

    @Test("Float from numbers within its range, rounded")
    func floatFromNumbers() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Float.self, from: 0.1) == Float(0.1))
        #expect(try decoder.decode(Float.self, from: 16_777_217) == 16_777_216)
        #expect(try decoder.decode(Float.self, from: Double(Float.greatestFiniteMagnitude))
            == Float.greatestFiniteMagnitude)
        #expect(try decoder.decode(Float.self, from: -Double(Float.greatestFiniteMagnitude))
            == -Float.greatestFiniteMagnitude)
    }

    @Test("Float from NaN, infinities or larger magnitudes: does not fit (no angle brackets)")
    func floatOutOfRange() {
        #expect(decodingFailure(Measures.self, from: ["float": Double.nan, "double": 1]) == DecodingFailure(
            .dataCorrupted, nil, [key("float")], "Parsed JSON number nan does not fit in Float."
        ))
        #expect(decodingFailure([Float].self, from: [1.0, Double.infinity]) == DecodingFailure(
            .dataCorrupted, nil, [index(1)], "Parsed JSON number inf does not fit in Float."
        ))
        #expect(decodingFailure(Float.self, from: 1e39) == DecodingFailure(
            .dataCorrupted, nil, [], "Parsed JSON number 1e+39 does not fit in Float."
        ))
        #expect(decodingFailure(Float.self, from: true) == DecodingFailure(
            .typeMismatch, "Float", [], "Expected to decode Float but found a number instead."
        ))
    }

    @Test("convertFromString reads the three strings as non-finite Float and Double values")
    func convertFromString() throws {
        let decoder = Firestore.Decoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN"
        )
        #expect(try decoder.decode(Double.self, from: "+inf") == .infinity)
        #expect(try decoder.decode(Double.self, from: "-inf") == -.infinity)
        #expect(try decoder.decode(Double.self, from: "NaN").isNaN)
        #expect(try decoder.decode(Float.self, from: "+inf") == .infinity)
        #expect(try decoder.decode(Float.self, from: "NaN").isNaN)
        #expect(try decoder.decode(Measures.self, from: ["float": "-inf", "double": 2])
            == Measures(float: -.infinity, double: 2))
        #expect(decodingFailure(Double.self, from: "Infinity", decoder: decoder) == DecodingFailure(
            .typeMismatch, "Double", [], "Expected to decode Double but found a string/data instead."
        ))
        // Under the default strategy the same strings are type mismatches.
        #expect(decodingFailure(Double.self, from: "+inf") == DecodingFailure(
            .typeMismatch, "Double", [], "Expected to decode Double but found a string/data instead."
        ))
    }

    @Test("String only from strings")
    func strings() throws {
        #expect(try Firestore.Decoder().decode(Named.self, from: ["name": NSString(string: "Ada")]) == Named(name: "Ada"))
        let cases: [(Any, String)] = [
            (42, "a number"), (true, "a number"), ([1], "an array"), (["a": 1], "a dictionary"),
            (Data([1]), "Data"), (Timestamp(seconds: 1, nanoseconds: 0), "Timestamp"),
            (GeoPoint(latitude: 1, longitude: 2), "GeoPoint"), (try testReference(), "DocumentReference"),
            (VectorValue([1]), "VectorValue"), (Date(timeIntervalSince1970: 0), "Date"),
        ]
        for (value, found) in cases {
            #expect(decodingFailure(Named.self, from: ["name": value]) == DecodingFailure(
                .typeMismatch, "String", [key("name")], "Expected to decode String but found \(found) instead."
            ))
        }
    }
}
