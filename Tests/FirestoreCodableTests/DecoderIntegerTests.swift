import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §6: integers of every width decode from numbers that are exactly
/// representable.
@Suite("Decoder: integers")
struct DecoderIntegerTests {
    /// Every width, read through the non-generic keyed overloads of synthesized code.
    struct AllWidths: Decodable, Equatable {
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
    }

    @Test("every width at its minimum and maximum")
    func limits() throws {
        let minimums: [String: Any] = [
            "int": Int.min, "int8": Int8.min, "int16": Int16.min, "int32": Int32.min, "int64": Int64.min,
            "uint": UInt.min, "uint8": UInt8.min, "uint16": UInt16.min, "uint32": UInt32.min, "uint64": UInt64.min,
        ]
        let maximums: [String: Any] = [
            "int": Int.max, "int8": Int8.max, "int16": Int16.max, "int32": Int32.max, "int64": Int64.max,
            "uint": UInt.max, "uint8": UInt8.max, "uint16": UInt16.max, "uint32": UInt32.max, "uint64": UInt64.max,
        ]
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(AllWidths.self, from: minimums) == AllWidths(
            int: .min, int8: .min, int16: .min, int32: .min, int64: .min,
            uint: .min, uint8: .min, uint16: .min, uint32: .min, uint64: .min
        ))
        #expect(try decoder.decode(AllWidths.self, from: maximums) == AllWidths(
            int: .max, int8: .max, int16: .max, int32: .max, int64: .max,
            uint: .max, uint8: .max, uint16: .max, uint32: .max, uint64: .max
        ))
    }

    /// Checks one width through the generic paths (top level, keyed, unkeyed).
    func checkWidth<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, name: String, overMax: Any, overMaxText: String, underMin: Any, underMinText: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(T.self, from: T.max) == T.max, sourceLocation: sourceLocation)
        #expect(try decoder.decode(T.self, from: T.min) == T.min, sourceLocation: sourceLocation)
        #expect(try decoder.decode(T.self, from: 42.0) == 42, sourceLocation: sourceLocation)
        #expect(try decoder.decode(T.self, from: -0.0) == 0, sourceLocation: sourceLocation)
        #expect(try decoder.decode([T].self, from: [1, 2.0]) == [1, 2], sourceLocation: sourceLocation)
        #expect(try decoder.decode(DecodedField<T>.self, from: ["value": 7]).value == 7, sourceLocation: sourceLocation)

        #expect(decodingFailure(DecodedField<T>.self, from: ["value": overMax], sourceLocation: sourceLocation) == DecodingFailure(
            .dataCorrupted, nil, [key("value")], "Parsed JSON number <\(overMaxText)> does not fit in \(name)."
        ), sourceLocation: sourceLocation)
        #expect(decodingFailure([T].self, from: [1, underMin], sourceLocation: sourceLocation) == DecodingFailure(
            .dataCorrupted, nil, [index(1)], "Parsed JSON number <\(underMinText)> does not fit in \(name)."
        ), sourceLocation: sourceLocation)
        #expect(decodingFailure(T.self, from: 42.5, sourceLocation: sourceLocation) == DecodingFailure(
            .dataCorrupted, nil, [], "Parsed JSON number <42.5> does not fit in \(name)."
        ), sourceLocation: sourceLocation)
        #expect(decodingFailure(DecodedField<T>.self, from: ["value": true], sourceLocation: sourceLocation) == DecodingFailure(
            .typeMismatch, name, [key("value")], "Expected to decode \(name) but found a number instead."
        ), sourceLocation: sourceLocation)
        #expect(decodingFailure(T.self, from: "1", sourceLocation: sourceLocation) == DecodingFailure(
            .typeMismatch, name, [], "Expected to decode \(name) but found a string/data instead."
        ), sourceLocation: sourceLocation)
        #expect(decodingFailure(T.self, from: Double.nan, sourceLocation: sourceLocation) == DecodingFailure(
            .dataCorrupted, nil, [], "Parsed JSON number <nan> does not fit in \(name)."
        ), sourceLocation: sourceLocation)
        #expect(decodingFailure(T.self, from: -Double.infinity, sourceLocation: sourceLocation) == DecodingFailure(
            .dataCorrupted, nil, [], "Parsed JSON number <-inf> does not fit in \(name)."
        ), sourceLocation: sourceLocation)
    }

    @Test("signed widths: limits, integral and fractional doubles, booleans, strings")
    func signedWidths() throws {
        try checkWidth(Int8.self, name: "Int8", overMax: 128, overMaxText: "128", underMin: -129, underMinText: "-129")
        try checkWidth(Int16.self, name: "Int16", overMax: 32768, overMaxText: "32768", underMin: -32769, underMinText: "-32769")
        try checkWidth(Int32.self, name: "Int32", overMax: 2_147_483_648, overMaxText: "2147483648",
                       underMin: -2_147_483_649, underMinText: "-2147483649")
        try checkWidth(Int64.self, name: "Int64", overMax: UInt64(Int64.max) + 1, overMaxText: "9223372036854775808",
                       underMin: -9.3e18, underMinText: "-9.3e+18")
        try checkWidth(Int.self, name: "Int", overMax: 9.3e18, overMaxText: "9.3e+18",
                       underMin: Decimal(string: "-9223372036854775809") as Any, underMinText: "-9223372036854775809")
    }

    @Test("unsigned widths: limits, integral and fractional doubles, booleans, strings")
    func unsignedWidths() throws {
        try checkWidth(UInt8.self, name: "UInt8", overMax: 256, overMaxText: "256", underMin: -1, underMinText: "-1")
        try checkWidth(UInt16.self, name: "UInt16", overMax: 65536, overMaxText: "65536", underMin: -1, underMinText: "-1")
        try checkWidth(UInt32.self, name: "UInt32", overMax: 4_294_967_296, overMaxText: "4294967296",
                       underMin: -1.0, underMinText: "-1.0")
        try checkWidth(UInt64.self, name: "UInt64", overMax: 1.9e19, overMaxText: "1.9e+19",
                       underMin: Int64.min, underMinText: "-9223372036854775808")
        try checkWidth(UInt.self, name: "UInt", overMax: Decimal(string: "18446744073709551616") as Any,
                       overMaxText: "18446744073709551616", underMin: -0.5, underMinText: "-0.5")
    }

    @Test("integral doubles at the edges of Int64 and UInt64")
    func doublesAtTheEdges() throws {
        let decoder = Firestore.Decoder()
        // 2^63 is exactly a double but not an Int64; it is a UInt64.
        let twoTo63 = 9_223_372_036_854_775_808.0
        #expect(try decoder.decode(UInt64.self, from: twoTo63) == 9_223_372_036_854_775_808)
        #expect(decodingFailure(Int64.self, from: twoTo63) == DecodingFailure(
            .dataCorrupted, nil, [], "Parsed JSON number <9.223372036854776e+18> does not fit in Int64."
        ))
        #expect(try decoder.decode(Int64.self, from: -twoTo63) == Int64.min)
        // 2^53 + 1 is not a double; 2^53 is, and converts exactly.
        #expect(try decoder.decode(Int64.self, from: 9_007_199_254_740_992.0) == 9_007_199_254_740_992)
    }

    @Test("a UInt64 above Int64.max fits only UInt64, UInt, Double, Float and Decimal")
    func largeUnsignedInput() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(UInt64.self, from: UInt64.max) == UInt64.max)
        #expect(try decoder.decode(UInt.self, from: UInt.max) == UInt.max)
        #expect(try decoder.decode(Double.self, from: UInt64.max) == 18_446_744_073_709_551_615.0)
        #expect(try decoder.decode(Float.self, from: UInt64.max) == Float(18_446_744_073_709_551_615.0))
        #expect(try decoder.decode(Decimal.self, from: UInt64.max) == Decimal(18_446_744_073_709_551_615.0))
        #expect(decodingFailure(Int.self, from: UInt64.max) == DecodingFailure(
            .dataCorrupted, nil, [], "Parsed JSON number <18446744073709551615> does not fit in Int."
        ))
    }

    @Test("Decimal inputs decode into integers when integral and in range")
    func decimalInputs() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Int.self, from: Decimal(string: "4.0") as Any) == 4)
        #expect(try decoder.decode(Int64.self, from: Decimal(string: "-9223372036854775808") as Any) == Int64.min)
        #expect(try decoder.decode(UInt64.self, from: Decimal(string: "18446744073709551615") as Any) == UInt64.max)
        #expect(decodingFailure(Int.self, from: Decimal(string: "3.5") as Any) == DecodingFailure(
            .dataCorrupted, nil, [], "Parsed JSON number <3.5> does not fit in Int."
        ))
        #expect(decodingFailure(Int8.self, from: NSDecimalNumber(string: "1e30")) == DecodingFailure(
            .dataCorrupted, nil, [], "Parsed JSON number <1000000000000000000000000000000> does not fit in Int8."
        ))
    }

    @Test("non-generic keyed overloads: out of range, null, absent")
    func nonGenericKeyedErrors() {
        var document: [String: Any] = [
            "int": 1, "int8": 1, "int16": 1, "int32": 1, "int64": 1,
            "uint": 1, "uint8": 1, "uint16": 1, "uint32": 1, "uint64": 1,
        ]
        document["uint16"] = -3
        #expect(decodingFailure(AllWidths.self, from: document) == DecodingFailure(
            .dataCorrupted, nil, [key("uint16")], "Parsed JSON number <-3> does not fit in UInt16."
        ))
        document["uint16"] = NSNull()
        #expect(decodingFailure(AllWidths.self, from: document) == DecodingFailure(
            .valueNotFound, "UInt16", [key("uint16")], "Expected UInt16 value but found null instead."
        ))
        document["uint16"] = nil
        #expect(decodingFailure(AllWidths.self, from: document) == DecodingFailure(
            .keyNotFound, "uint16", [],
            "No value associated with key CodingKeys(stringValue: \"uint16\", intValue: nil) (\"uint16\")."
        ))
    }

    @Test("generic keyed decode of a null Int words the single-value error")
    func genericKeyedNull() {
        #expect(decodingFailure(DecodedField<Int>.self, from: ["value": NSNull()]) == DecodingFailure(
            .valueNotFound, "Int", [key("value")], "Expected Int but found null value instead."
        ))
    }
}
