import Foundation
import Testing
@testable import FirestoreModel

/// Parses `data` and returns the stored fields, failing the test on an error.
private func stored(_ data: [String: Any], options: WritePathOptions = .sdk, kind: WriteKind = .set) throws -> FirestoreMap {
    try WritePath(options: options).parse(data, kind: kind).fields
}

/// The error the write path throws for `data`.
private func failure(_ data: [String: Any], kind: WriteKind = .set, database: DatabaseID = .default) -> WritePathError? {
    do {
        _ = try WritePath(database: database).parse(data, kind: kind)
        return nil
    } catch {
        return error
    }
}

@Suite("Write path: accepted values")
struct WritePathAcceptedTests {
    @Test func everyIntegerWidthIsAnInteger() throws {
        let fields = try stored([
            "int": 1 as Int, "i16": Int16(-2), "i32": Int32(3), "i64": Int64.min,
            "u": UInt(4), "u8": UInt8(255), "u16": UInt16(6), "u32": UInt32.max, "u64": UInt64(Int64.max),
        ])
        #expect(fields["int"] == .integer(1))
        #expect(fields["i16"] == .integer(-2))
        #expect(fields["i32"] == .integer(3))
        #expect(fields["i64"] == .integer(Int64.min))
        #expect(fields["u"] == .integer(4))
        #expect(fields["u8"] == .integer(255))
        #expect(fields["u16"] == .integer(6))
        #expect(fields["u32"] == .integer(Int64(UInt32.max)))
        #expect(fields["u64"] == .integer(Int64.max))
    }

    @Test func int8IsStoredAsBooleanBySDKAndIntegerWhenFaithful() throws {
        let data: [String: Any] = ["zero": Int8(0), "one": Int8(1), "minus": Int8(-5), "char": CChar(65)]
        let sdk = try stored(data, options: .sdk)
        #expect(sdk["zero"] == .boolean(false))
        #expect(sdk["one"] == .boolean(true))
        #expect(sdk["minus"] == .boolean(true))
        #expect(sdk["char"] == .boolean(true))
        let faithful = try stored(data, options: .faithful)
        #expect(faithful["zero"] == .integer(0))
        #expect(faithful["minus"] == .integer(-5))
        #expect(faithful["char"] == .integer(65))
    }

    @Test func nativeBoolAndIntNeverCrossOver() throws {
        let fields = try stored(["t": true, "f": false, "one": 1, "zero": 0, "d1": 1.0])
        #expect(fields["t"] == .boolean(true))
        #expect(fields["f"] == .boolean(false))
        #expect(fields["one"] == .integer(1))
        #expect(fields["zero"] == .integer(0))
        #expect(fields["d1"] == .double(1.0))
        #expect(fields["one"] != .double(1.0))
    }

    @Test func floatWidening() throws {
        let data: [String: Any] = ["f": Float(0.1), "nan": Float.nan, "inf": -Float.infinity, "big": Float.greatestFiniteMagnitude]
        let sdk = try stored(data, options: .sdk)
        #expect(sdk["f"] == .double(0.10000000149011612))
        #expect(sdk["inf"] == .double(-.infinity))
        let faithful = try stored(data, options: .faithful)
        #expect(faithful["f"] == .double(0.1))
        #expect(faithful["big"] == .double(3.4028235e38))
        guard case .double(let nan)? = faithful["nan"] else {
            Issue.record("NaN float was not stored as a double")
            return
        }
        #expect(nan.isNaN)
    }

    @Test func decimalIsStoredAsNearestDouble() throws {
        let pi = try #require(Decimal(string: "3.14159265358979323846264338327950288"))
        let tiny = try #require(Decimal(string: "1e-120"))
        for options in [WritePathOptions.sdk, .faithful] {
            let fields = try stored(["pi": pi, "tenth": Decimal(string: "0.1") as Any, "tiny": tiny,
                                     "ns": NSDecimalNumber(string: "2.5")], options: options)
            #expect(fields["pi"] == .double(3.141592653589793))
            #expect(fields["tenth"] == .double(0.1))
            #expect(fields["tiny"] == .double(1e-120))
            #expect(fields["ns"] == .double(2.5))
        }
    }

    @Test func doublesKeepNaNInfinityAndNegativeZero() throws {
        let fields = try stored(["nan": Double.nan, "inf": Double.infinity, "negzero": -0.0])
        #expect(fields["nan"] == .double(.nan))
        #expect(fields["inf"] == .double(.infinity))
        #expect(fields["negzero"] == .double(-0.0))
        #expect(fields["negzero"] != .double(0.0))
    }

    @Test func stringsBytesNullAndOptionals() throws {
        let none: Int? = nil
        let nested: Int?? = .some(nil)
        let some: String? = "x"
        let fields = try stored([
            "s": "é", "ns": NSString(string: "text"), "data": Data([1, 2, 3]), "nsdata": NSData(bytes: [9] as [UInt8], length: 1),
            "null": NSNull(), "none": none as Any, "nested": nested as Any, "some": some as Any,
        ])
        #expect(fields["s"] == .string("é"))
        #expect(fields["ns"] == .string("text"))
        #expect(fields["data"] == .bytes(Data([1, 2, 3])))
        #expect(fields["nsdata"] == .bytes(Data([9])))
        #expect(fields["null"] == .null)
        #expect(fields["none"] == .null)
        #expect(fields["nested"] == .null)
        #expect(fields["some"] == .string("x"))
    }

    @Test func datesAndTimestampsAreTruncatedToMicroseconds() throws {
        let date = Date(timeIntervalSince1970: 1_570_484_031.123)
        let fields = try stored(["date": date, "ts": Timestamp(seconds: 5, nanoseconds: 123_456_789)])
        #expect(fields["date"] == .timestamp(Timestamp(seconds: 1_570_484_031, nanoseconds: 122_999_000)))
        #expect(fields["ts"] == .timestamp(Timestamp(seconds: 5, nanoseconds: 123_456_000)))
    }

    @Test func geoPointReferenceAndVector() throws {
        let reference = try DocumentReference(path: "books/abc")
        let fields = try stored(["geo": GeoPoint(latitude: -90, longitude: 180), "ref": reference, "vec": VectorValue([1, 2.5])])
        #expect(fields["geo"] == .geoPoint(GeoPoint(latitude: -90, longitude: 180)))
        #expect(fields["ref"] == .reference(reference))
        #expect(fields["vec"] == .vector(VectorValue([1, 2.5])))
    }

    @Test func nsNumbersAreClassifiedByObjCType() throws {
        let fields = try stored([
            "yes": NSNumber(value: true), "no": NSNumber(value: false), "max": NSNumber(value: Int64.max),
            "u": NSNumber(value: UInt64(7)), "d": NSNumber(value: 1.5), "f": NSNumber(value: Float(0.1)),
            "i": NSNumber(value: 42),
        ])
        #expect(fields["yes"] == .boolean(true))
        #expect(fields["no"] == .boolean(false))
        #expect(fields["max"] == .integer(Int64.max))
        #expect(fields["u"] == .integer(7))
        #expect(fields["d"] == .double(1.5))
        #expect(fields["f"] == .double(Double(Float(0.1))))
        #expect(fields["i"] == .integer(42))
    }

    @Test func charTypedNSNumberFollowsItsObjCType() throws {
        // corelibs reports `c` for NSNumber(value: Int8(127)) but `i` for Int8(1).
        let number = NSNumber(value: Int8(127))
        let code = String(cString: number.objCType)
        let fields = try stored(["c": number])
        #expect(fields["c"] == (code == "c" ? .boolean(true) : .integer(127)))
        #expect(try stored(["c": number], options: .faithful)["c"] == .integer(127))
    }

    @Test func nsArraysAndNSDictionariesAreContainers() throws {
        let fields = try stored([
            "arr": NSArray(array: [1, "a"]), "dict": NSDictionary(dictionary: ["k": NSNumber(value: 2)]),
            "typed": ["x": 1] as [String: Int], "list": [1, 2] as [Int],
        ])
        #expect(fields["arr"] == .array([.integer(1), .string("a")]))
        #expect(fields["dict"] == .map(["k": .integer(2)]))
        #expect(fields["typed"] == .map(["x": .integer(1)]))
        #expect(fields["list"] == .array([.integer(1), .integer(2)]))
    }

    @Test func arrayInMapInArrayIsAllowed() throws {
        let fields = try stored(["a": [["inner": [1, 2]]]])
        #expect(fields["a"] == .array([.map(["inner": .array([.integer(1), .integer(2)])])]))
    }
}

@Suite("Write path: rejections")
struct WritePathRejectionTests {
    @Test func nestedArray() throws {
        let error = try #require(failure(["tags": [1, [2]]]))
        #expect(error.kind == .nestedArray)
        #expect(error.path == ValuePath([.key("tags"), .index(1)]))
        #expect(error.message == "Nested arrays are not supported (found in field tags[1])")
    }

    @Test func sentinelsInArrays() throws {
        let error = try #require(failure(["a": [["when": FieldValue.serverTimestamp()]]]))
        #expect(error.kind == .sentinelInArray)
        #expect(error.path == ValuePath([.key("a"), .index(0), .key("when")]))
        #expect(error.message == "FieldValue.serverTimestamp() is not currently supported inside arrays (found in field a[0].when)")
        let delete = try #require(failure(["a": [FieldValue.delete()]], kind: .merge))
        #expect(delete.kind == .sentinelInArray)
        #expect(delete.message.hasPrefix("FieldValue.delete() is not currently supported inside arrays"))
        let union = try #require(failure(["a": FieldValue.arrayUnion([FieldValue.increment(Int64(1))])]))
        #expect(union.kind == .sentinelInArray)
        #expect(union.path == ValuePath([.key("a"), .index(0)]))
        #expect(union.message == "FieldValue.increment() can only be used with updateData() and setData() (found in field a[0])")
        let nestedOperand = try #require(failure(["a": FieldValue.arrayRemove([[1]])]))
        #expect(nestedOperand.kind == .nestedArray)
    }

    @Test func deleteOutsideMerge() throws {
        let error = try #require(failure(["m": ["gone": FieldValue.delete()]]))
        #expect(error.kind == .deleteOutsideMerge)
        #expect(error.path == ValuePath(keys: "m", "gone"))
        #expect(error.message == "FieldValue.delete() can only be used with updateData() and setData() with merge:true (found in field m.gone)")
        #expect(failure(["m": ["gone": FieldValue.delete()]], kind: .merge) == nil)
        let nestedUpdate = try #require(failure(["m": ["gone": FieldValue.delete()]], kind: .update))
        #expect(nestedUpdate.kind == .deleteNotAtTopLevel)
        #expect(nestedUpdate.message == "FieldValue.delete() can only appear at the top level of your update data (found in field m.gone)")
    }

    @Test func unsignedAboveInt64MaxIsTooLarge() throws {
        let error = try #require(failure(["n": UInt64(Int64.max) + 1]))
        #expect(error.kind == .integerTooLarge)
        #expect(error.path == ValuePath(keys: "n"))
        #expect(error.message == "NSNumber (9223372036854775808) is too large (found in field n)")
        let boxed = try #require(failure(["n": NSNumber(value: UInt64.max)]))
        #expect(boxed.kind == .integerTooLarge)
        #expect(boxed.message == "NSNumber (18446744073709551615) is too large (found in field n)")
        let uint = try #require(failure(["n": UInt.max]))
        #expect(uint.kind == .integerTooLarge)
    }

    @Test func emptyAndReservedFieldNames() throws {
        let empty = try #require(failure(["m": ["": 1]]))
        #expect(empty.kind == .emptyFieldName)
        #expect(empty.path == ValuePath(keys: "m", ""))
        #expect(empty.message == "Invalid data. Document fields must not be empty (found in field m.``)")
        for name in ["__x__", "__", "___", "____"] {
            let reserved = try #require(failure([name: 1]))
            #expect(reserved.kind == .reservedFieldName)
            #expect(reserved.path == ValuePath(keys: name))
            #expect(reserved.message.hasPrefix("Invalid data. Document fields cannot begin and end with \"__\""))
        }
        #expect(failure(["__x": 1, "x__": 2, "_x_": 3]) == nil)
        let inArray = try #require(failure(["a": [["__k__": 1]]]))
        #expect(inArray.kind == .reservedFieldName)
        #expect(inArray.path == ValuePath([.key("a"), .index(0), .key("__k__")]))
    }

    @Test func reservedNamesAreAllowedInsideTransformOperands() throws {
        let write = try WritePath().parse(["a": FieldValue.arrayUnion([["__k__": 1]])])
        #expect(write.transforms == [FieldTransform(path: ValuePath(keys: "a"), kind: .arrayUnion([.map(["__k__": .integer(1)])]))])
    }

    @Test func outOfRangeDates() throws {
        let past = try #require(failure(["d": Date.distantPast]))
        #expect(past.kind == .timestampOutOfRange)
        #expect(past.path == ValuePath(keys: "d"))
        #expect(past.message == "Timestamp seconds out of range: -62135769600 (found in field d)")
        #expect(failure(["d": Date.distantFuture]) == nil)  // 4001-01-01 is in range
        let future = try #require(failure(["d": Date(timeIntervalSince1970: 253_402_300_800)]))
        #expect(future.kind == .timestampOutOfRange)
        #expect(future.message == "Timestamp seconds out of range: 253402300800 (found in field d)")
        let nanos = try #require(failure(["t": Timestamp(seconds: 0, nanoseconds: 1_000_000_000)]))
        #expect(nanos.message == "Timestamp nanoseconds out of range: 1000000000 (found in field t)")
        let last = try stored(["t": Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_999)])
        #expect(last["t"] == .timestamp(Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_000)))
        #expect(try stored(["t": Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 0)])["t"] != nil)
        #expect(failure(["t": Timestamp(seconds: Timestamp.minimumSeconds - 1, nanoseconds: 999_999_999)])?.kind == .timestampOutOfRange)
    }

    @Test func invalidGeoPoints() throws {
        let latitude = try #require(failure(["g": GeoPoint(latitude: 90.5, longitude: 0)]))
        #expect(latitude.kind == .invalidGeoPoint)
        #expect(latitude.message == "GeoPoint requires a latitude value in the range of [-90, 90], but was 90.5 (found in field g)")
        let longitude = try #require(failure(["g": GeoPoint(latitude: 0, longitude: .nan)]))
        #expect(longitude.kind == .invalidGeoPoint)
        #expect(longitude.message.hasPrefix("GeoPoint requires a longitude value in the range of [-180, 180], but was nan"))
    }

    @Test func foreignDatabaseReference() throws {
        let other = DatabaseID(projectID: "elsewhere", database: "db2")
        let reference = try DocumentReference(path: "a/b", database: other)
        let error = try #require(failure(["r": reference]))
        #expect(error.kind == .foreignDatabase)
        #expect(error.message == "Document Reference is for database elsewhere/db2 but should be for database crossfire/(default) (found in field r)")
        #expect(failure(["r": reference], database: other) == nil)
    }

    @Test func unsupportedTypes() throws {
        let set = try #require(failure(["s": Set([1])]))
        #expect(set.kind == .unsupportedType)
        #expect(set.message == "Unsupported type: Set<Int> (found in field s)")
        let url = try #require(failure(["list": [URL(fileURLWithPath: "/tmp")]]))
        #expect(url.kind == .unsupportedType)
        #expect(url.path == ValuePath([.key("list"), .index(0)]))
        #expect(url.message == "Unsupported type: URL (found in field list[0])")
        #expect(failure(["v": FirestoreValue.integer(1)])?.kind == .unsupportedType)
        #expect(failure(["k": [1: "a"]])?.kind == .unsupportedType)
    }

    @Test func invalidUpdatePaths() throws {
        for key in ["a..b", ".a", "a.", "a*b", "x/y", "a[0]", "~"] {
            let error = try #require(failure([key: 1], kind: .update))
            #expect(error.kind == .invalidFieldPath)
            #expect(error.message.hasPrefix("Invalid field path (\(key))."))
        }
        let reserved = try #require(failure(["a.__b__": 1], kind: .update))
        #expect(reserved.kind == .reservedFieldName)
        #expect(reserved.path == ValuePath(keys: "a", "__b__"))
    }

    @Test func hostileNestingIsRefused() throws {
        var value: Any = 1
        for _ in 0..<50 { value = ["k": value] }
        let options = WritePathOptions(int8Storage: .boolean, floatWidening: .binary, maximumNesting: 20)
        #expect(throws: WritePathError.self) { try WritePath(options: options).parse(["top": value]) }
        do {
            _ = try WritePath(options: options).parse(["top": value])
        } catch {
            #expect(error.kind == .nestingTooDeep)
            #expect(error.path.count == 21)
        }
        var twenty: Any = 1
        for _ in 0..<20 { twenty = ["k": twenty] }
        #expect(throws: Never.self) { try WritePath(options: options).parse(["top": twenty]) }
    }

    @Test func firstFaultIsDeterministic() throws {
        let data: [String: Any] = ["b": [[1]], "a": Set([1]), "c": ""]
        for _ in 0..<5 {
            #expect(failure(data)?.kind == .unsupportedType)
        }
    }
}
