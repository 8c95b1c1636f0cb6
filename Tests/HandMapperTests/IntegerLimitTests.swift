import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Integer widths at their limits")
struct IntegerLimitTests {
    /// The smallest value as a document number, and the model value it decodes to.
    static func minimum(_ width: IntegerType) -> (Any, ModelValue) {
        width.isSigned ? (width.minimum, .int(width.minimum)) : (Int64(0), .uint(0))
    }

    /// The largest value as a document number (UInt64 where Int64 cannot hold it).
    static func maximum(_ width: IntegerType) -> (Any, ModelValue) {
        if width.isSigned { return (Int64(width.maximum), .int(Int64(width.maximum))) }
        if width.bitWidth == 64 { return (width.maximum, .uint(width.maximum)) }
        return (Int64(width.maximum), .uint(width.maximum))
    }

    /// One past the largest value, and how the SDK prints it.
    static func aboveMaximum(_ width: IntegerType) -> (Any, String) {
        switch (width.isSigned, width.bitWidth) {
        case (true, 64): return (UInt64(Int64.max) + 1, "9223372036854775808")
        case (false, 64): return (18_446_744_073_709_551_616.0, "1.8446744073709552e+19")
        default: return (Int64(width.maximum) + 1, "\(width.maximum + 1)")
        }
    }

    /// One below the smallest value, and how the SDK prints it.
    static func belowMinimum(_ width: IntegerType) -> (Any, String) {
        if !width.isSigned { return (Int64(-1), "-1") }
        if width.bitWidth == 64 {
            return (Decimal(string: "-9223372036854775809") ?? Decimal(), "-9223372036854775809")
        }
        return (width.minimum - 1, "\(width.minimum - 1)")
    }

    @Test(arguments: IntegerType.allCases)
    func limitsDecode(_ width: IntegerType) throws {
        let schema = single(.integer(width))
        let (low, lowValue) = Self.minimum(width)
        let (high, highValue) = Self.maximum(width)
        #expect(field(strictValue(schema, ["value": low]), "value") == lowValue)
        #expect(field(strictValue(schema, ["value": high]), "value") == highValue)
        #expect(field(strictValue(schema, ["value": 42.0]), "value") == (width.isSigned ? .int(42) : .uint(42)))
        #expect(field(strictValue(schema, ["value": -0.0]), "value") == (width.isSigned ? .int(0) : .uint(0)))
    }

    @Test(arguments: IntegerType.allCases)
    func oneBeyondIsDataCorrupted(_ width: IntegerType) throws {
        let schema = single(.integer(width))
        for (number, printed) in [Self.aboveMaximum(width), Self.belowMinimum(width)] {
            let error = try #require(strictFailure(schema, ["value": number]))
            #expect(error.kind == .dataCorrupted)
            #expect(error.path.description == "value")
            #expect(error.expected == width.rawValue)
            #expect(error.message == "Parsed JSON number <\(printed)> does not fit in \(width.rawValue).")
        }
        if width.bitWidth < 64 {
            // The same limits for integral doubles.
            #expect(field(strictValue(schema, ["value": Double(width.maximum)]), "value") == Self.maximum(width).1)
            #expect(strictFailure(schema, ["value": Double(width.maximum) + 1])?.kind == .dataCorrupted)
            #expect(strictFailure(schema, ["value": Double(width.minimum) - 1])?.kind == .dataCorrupted)
        }
        let fraction = try #require(strictFailure(schema, ["value": 1.5]))
        #expect(fraction.kind == .dataCorrupted)
        #expect(fraction.found == "a number (double 1.5)")
        #expect(strictFailure(schema, ["value": Double.nan])?.kind == .dataCorrupted)
    }

    @Test(arguments: IntegerType.allCases)
    func booleansAndStringsAreTypeMismatches(_ width: IntegerType) throws {
        let schema = single(.integer(width))
        let flag = try #require(strictFailure(schema, ["value": true]))
        #expect(flag.kind == .typeMismatch)
        #expect(flag.expected == width.rawValue)
        #expect(flag.found == "a boolean (true)")
        #expect(strictFailure(schema, ["value": "1"])?.kind == .typeMismatch)
    }

    @Test func sixtyFourBitBoundariesAsDoubles() throws {
        let twoToThe63 = 9_223_372_036_854_775_808.0
        #expect(strictFailure(single(.integer(.int64)), ["value": twoToThe63])?.kind == .dataCorrupted)
        #expect(field(strictValue(single(.integer(.int64)), ["value": -twoToThe63]), "value") == .int(Int64.min))
        #expect(field(strictValue(single(.integer(.uint64)), ["value": twoToThe63]), "value") == .uint(1 << 63))
    }

    @Test(arguments: IntegerType.allCases)
    func encodeWritesTheExactWidth(_ width: IntegerType) throws {
        let schema = single(.integer(width))
        let (_, high) = Self.maximum(width)
        let document = try StrictHandMapper(schema: schema).encode(model(high))
        let written = try #require(document["value"])
        #expect(String(describing: type(of: written)) == width.rawValue)
        #expect(String(describing: written) == "\(width.maximum)")

        let beyond: ModelValue = width.isSigned
            ? (width.bitWidth == 64 ? .uint(UInt64(Int64.max) + 1) : .int(Int64(width.maximum) + 1))
            : .int(-1)
        let error = try #require(encodeFailure(schema, model(beyond)))
        #expect(error.kind == .invalidValue)
        #expect(error.path.description == "value")
        #expect(error.expected == width.rawValue)
    }
}
