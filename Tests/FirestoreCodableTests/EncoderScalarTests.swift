import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §4: each Swift scalar is written as a value of its own type and
/// width.
@Suite("Encoder: scalar kinds")
struct EncoderScalarTests {
    struct Numbers: Encodable {
        var bool = true
        var int = 1
        var int8: Int8 = -2
        var int16: Int16 = 3
        var int32: Int32 = 4
        var int64: Int64 = 5
        var uint: UInt = 6
        var uint8: UInt8 = 7
        var uint16: UInt16 = 8
        var uint32: UInt32 = 9
        var uint64: UInt64 = UInt64.max
        var float: Float = 0.1
        var double = 0.25
        var string = "text"
    }

    @Test func everyNumberKeepsItsType() throws {
        let result = try encoded(Numbers())
        #expect(typeName(result["bool"]) == "Bool")
        #expect(typeName(result["int"]) == "Int")
        #expect(typeName(result["int8"]) == "Int8")
        #expect(typeName(result["int16"]) == "Int16")
        #expect(typeName(result["int32"]) == "Int32")
        #expect(typeName(result["int64"]) == "Int64")
        #expect(typeName(result["uint"]) == "UInt")
        #expect(typeName(result["uint8"]) == "UInt8")
        #expect(typeName(result["uint16"]) == "UInt16")
        #expect(typeName(result["uint32"]) == "UInt32")
        #expect(typeName(result["uint64"]) == "UInt64")
        #expect(typeName(result["float"]) == "Float")
        #expect(typeName(result["double"]) == "Double")
        #expect(typeName(result["string"]) == "String")
        #expect(result["bool"] as? Bool == true)
        #expect(result["int8"] as? Int8 == -2)
        #expect(result["uint64"] as? UInt64 == UInt64.max)
        #expect(result["float"] as? Float == Float(0.1))
        #expect(result["double"] as? Double == 0.25)
        #expect(result["string"] as? String == "text")
    }

    @Test func numbersInArraysKeepTheirType() throws {
        let result = try encoded(Field([Int8(1), 2]))
        let elements = try #require(result["value"] as? [Any])
        #expect(elements.map(typeName) == ["Int8", "Int8"])
        let floats = try #require(try encoded(Field([Float(1.5)]))["value"] as? [Any])
        #expect(floats.map(typeName) == ["Float"])
        let bools = try #require(try encoded(Field([true, false]))["value"] as? [Any])
        #expect(bools.map(typeName) == ["Bool", "Bool"])
        let ints = try #require(try encoded(Field([1, 2]))["value"] as? [Any])
        #expect(ints.map(typeName) == ["Int", "Int"])
    }

    @Test func singleValueContainersKeepTheType() throws {
        struct Wrapped: Encodable {
            var small = SingleValue(Int16(7))
            var unsigned = SingleValue(UInt32(8))
            var flag = SingleValue(false)
        }
        let result = try encoded(Wrapped())
        #expect(typeName(result["small"]) == "Int16")
        #expect(typeName(result["unsigned"]) == "UInt32")
        #expect(typeName(result["flag"]) == "Bool")
    }

    @Test func decimalStaysDecimal() throws {
        let result = try encoded(Field(Decimal(string: "12.34")))
        #expect(typeName(result["value"]) == "Decimal")
        #expect(result["value"] as? Decimal == Decimal(string: "12.34"))
    }

    @Test func urlIsItsAbsoluteString() throws {
        let url = try #require(URL(string: "https://example.com/a?b=c"))
        let result = try encoded(Field(url))
        #expect(typeName(result["value"]) == "String")
        #expect(result["value"] as? String == "https://example.com/a?b=c")
    }

    @Test func dateIsATimestampTruncatedToNanoseconds() throws {
        // TEST testServerTimestampUserType: 2019-10-07T21:33:51.123Z.
        let date = Date(timeIntervalSince1970: 1_570_484_031.123)
        let result = try encoded(Field(date))
        #expect(typeName(result["value"]) == "Timestamp")
        #expect(result["value"] as? Timestamp == Timestamp(seconds: 1_570_484_031, nanoseconds: 122_999_906))
    }

    @Test func dataIsABlob() throws {
        let data = Data([1, 2, 255])
        let result = try encoded(Field(data))
        #expect(typeName(result["value"]) == "Data")
        #expect(result["value"] as? Data == data)
    }

    @Test func firestoreValueTypesPassThrough() throws {
        struct Values: Encodable {
            var timestamp = Timestamp(seconds: 1, nanoseconds: 999_999_999)
            var point = GeoPoint(latitude: 1.5, longitude: -2.5)
            var reference: DocumentReference
            var vector = VectorValue([1, 2.5])
            var sentinel = FieldValue.serverTimestamp()
            var union = FieldValue.arrayUnion([1, "a"])
        }
        let reference = try DocumentReference(path: "books/abc")
        let result = try encoded(Values(reference: reference))
        #expect(result["timestamp"] as? Timestamp == Timestamp(seconds: 1, nanoseconds: 999_999_999))
        #expect(result["point"] as? GeoPoint == GeoPoint(latitude: 1.5, longitude: -2.5))
        #expect(result["reference"] as? DocumentReference == reference)
        #expect(result["vector"] as? VectorValue == VectorValue([1, 2.5]))
        let sentinel = try #require(result["sentinel"] as? FieldValue)
        guard case .serverTimestamp = sentinel.kind else {
            Issue.record("expected the server timestamp sentinel, got \(sentinel)")
            return
        }
        let union = try #require(result["union"] as? FieldValue)
        guard case .arrayUnion(let operands) = union.kind else {
            Issue.record("expected arrayUnion, got \(union)")
            return
        }
        #expect(operands.count == 2)
    }

    @Test func passThroughTypesInsideArraysStayThemselves() throws {
        let result = try encoded(Field([GeoPoint(latitude: 0, longitude: 0)]))
        let elements = try #require(result["value"] as? [Any])
        #expect(elements.map(typeName) == ["GeoPoint"])
    }

    @Test func nilOptionalPropertyIsOmitted() throws {
        struct Model: Encodable {
            var present: Int? = 1
            var absent: Int?
            var absentTimestamp: Timestamp?
        }
        let result = try encoded(Model())
        #expect(Set(result.keys) == ["present"])
        #expect(result["present"] as? Int == 1)
    }

    @Test func nilInArrayOrDictionaryValueIsNull() throws {
        let array = try encoded(Field([1, nil, 3] as [Int?]))
        let elements = try #require(array["value"] as? [Any])
        #expect(elements.map(typeName) == ["Int", "NSNull", "Int"])
        let dictionary = try encoded(["a": nil, "b": 2] as [String: Int?])
        #expect(dictionary["a"] is NSNull)
        #expect(dictionary["b"] as? Int == 2)
    }

    @Test func nestedStructIsAMap() throws {
        struct Inner: Encodable { var name = "n" }
        struct Outer: Encodable { var inner = Inner() }
        let result = try encoded(Outer())
        let inner = try #require(result["inner"] as? [String: Any])
        #expect(inner["name"] as? String == "n")
    }

    @Test func nestedValueThatEncodesNothingIsAnEmptyMap() throws {
        let result = try encoded(Field(EncodesNothing()))
        let value = try #require(result["value"] as? [String: Any])
        #expect(value.isEmpty)
    }
}
