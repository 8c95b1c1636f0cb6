import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Strict decoding of collections and nested structs")
struct StrictContainerDecodeTests {
    static let kind = EnumSchema(name: "Kind", rawType: .string, cases: [EnumCase(name: "a"), EnumCase(name: "b")])

    @Test func errorInsideAnArrayOfStructsNamesTheElement() throws {
        var document = SeedShapes.bookDocument()
        document["tags"] = [
            ["title": "a", "color": "#000000"] as [String: Any],
            ["title": "b", "color": "#FFFFFF"] as [String: Any],
            ["title": "c", "color": Int64(3)] as [String: Any],
        ] as [Any]
        let error = try #require(strictFailure(SeedShapes.book, document, reference: try bookReference()))
        #expect(error.kind == .typeMismatch)
        #expect(error.path.description == "tags[2].color")
        #expect(error.path == ValuePath([.key("tags"), .index(2), .key("color")]))
        #expect(error.expected == "Color")
        #expect(error.found == "a number (integer 3)")

        document["tags"] = [["title": "a"] as [String: Any]] as [Any]
        let missing = try #require(strictFailure(SeedShapes.book, document, reference: try bookReference()))
        #expect(missing.kind == .keyNotFound)
        #expect(missing.path.description == "tags[0].color")
    }

    @Test func arrayElementsNullAndOptional() throws {
        let numbers = single(.array(.integer(.int32)))
        #expect(field(strictValue(numbers, ["value": [Int64(1), 2.0] as [Any]]), "value") == .array([.int(1), .int(2)]))
        let null = try #require(strictFailure(numbers, ["value": [Int64(1), NSNull()] as [Any]]))
        #expect(null.kind == .valueNotFound)
        #expect(null.path.description == "value[1]")
        #expect(null.expected == "Int32")
        let optionals = single(.array(.optional(.integer(.int32))))
        #expect(field(strictValue(optionals, ["value": [NSNull(), Int64(2)] as [Any]]), "value") == .array([.null, .int(2)]))
        let notArray = try #require(strictFailure(numbers, ["value": ["0": Int64(1)] as [String: Any]]))
        #expect(notArray.kind == .typeMismatch)
        #expect(notArray.expected == "[Int32]")
        #expect(notArray.found == "a dictionary (1 keys)")
        #expect(strictFailure(numbers, ["value": NSNull()])?.kind == .valueNotFound)
    }

    @Test func setsKeepTheFirstOfEqualElements() throws {
        let integers = single(.set(.integer(.int)))
        #expect(field(strictValue(integers, ["value": [Int64(1), 1.0, Int64(2)] as [Any]]), "value") == .set([.int(1), .int(2)]))
        let doubles = single(.set(.double))
        // 0.0 == -0.0 in Swift: the set keeps the first.
        #expect(field(strictValue(doubles, ["value": [-0.0, 0.0] as [Any]]), "value") == .set([.double(-0.0)]))
        let strings = single(.set(.string))
        #expect(field(strictValue(strings, ["value": ["\u{E9}", "e\u{301}"] as [Any]]), "value") == .set([.string("\u{E9}")]))
        let error = try #require(strictFailure(integers, ["value": [Int64(1), "2"] as [Any]]))
        #expect(error.path.description == "value[1]")
    }

    @Test func stringKeyedDictionaries() throws {
        let schema = single(.dictionary(key: .string, value: .integer(.uint8)))
        let value = field(strictValue(schema, ["value": ["a b": Int64(1), "c": Int64(255)] as [String: Any]]), "value")
        #expect(value == .dictionary([
            ModelDictionaryEntry(key: .string("c"), value: .uint(255)),
            ModelDictionaryEntry(key: .string("a b"), value: .uint(1)),
        ]))
        let error = try #require(strictFailure(schema, ["value": ["a b": Int64(256)] as [String: Any]]))
        #expect(error.kind == .dataCorrupted)
        #expect(error.path == ValuePath(keys: "value", "a b"))
        #expect(error.path.description == "value.`a b`")
        let null = try #require(strictFailure(schema, ["value": ["k": NSNull()] as [String: Any]]))
        #expect(null.kind == .valueNotFound)
        #expect(null.path.description == "value.k")
        let array = try #require(strictFailure(schema, ["value": [Int64(1)] as [Any]]))
        #expect(array.kind == .typeMismatch)
        #expect(array.expected == "[String: UInt8]")
    }

    @Test func nullEntriesOfDateDataURLDecimalDictionariesAreDropped() throws {
        for valueType in [FieldType.date, .data, .url, .decimal, .dictionary(key: .string, value: .string)] {
            let schema = single(.dictionary(key: .string, value: valueType))
            #expect(field(strictValue(schema, ["value": ["gone": NSNull()] as [String: Any]]), "value") == .dictionary([]), "\(valueType)")
        }
        let timestamps = single(.dictionary(key: .string, value: .timestamp))
        #expect(strictFailure(timestamps, ["value": ["k": NSNull()] as [String: Any]])?.kind == .valueNotFound)
        let optionals = single(.dictionary(key: .string, value: .optional(.date)))
        #expect(field(strictValue(optionals, ["value": ["k": NSNull()] as [String: Any]]), "value")
            == .dictionary([ModelDictionaryEntry(key: .string("k"), value: .null)]))
    }

    @Test func intKeyedDictionariesReadDecimalStringKeys() throws {
        let schema = single(.dictionary(key: .int, value: .string))
        let value = field(strictValue(schema, ["value": ["+5": "five", "-12": "minus twelve"] as [String: Any]]), "value")
        #expect(value == .dictionary([
            ModelDictionaryEntry(key: .int(5), value: .string("five")),
            ModelDictionaryEntry(key: .int(-12), value: .string("minus twelve")),
        ]))
        let badKey = try #require(strictFailure(schema, ["value": ["five": "5"] as [String: Any]]))
        #expect(badKey.kind == .typeMismatch)
        #expect(badKey.path.description == "value.five")
        #expect(badKey.expected == "Int")
        #expect(badKey.message == "Expected Int key but found String key instead.")
        let badValue = try #require(strictFailure(schema, ["value": ["1": Int64(1)] as [String: Any]]))
        #expect(badValue.path == ValuePath(keys: "value", "1"))
        #expect(strictFailure(schema, ["value": ["1": NSNull()] as [String: Any]])?.kind == .valueNotFound)
    }

    @Test func enumKeyedDictionariesReadFlatArrays() throws {
        let schema = single(.dictionary(key: .enumeration("Kind"), value: .integer(.int)), enums: [Self.kind])
        let value = field(strictValue(schema, ["value": ["a", Int64(1), "b", Int64(2), "a", Int64(3)] as [Any]]), "value")
        #expect(value == .dictionary([
            ModelDictionaryEntry(key: .enumCase("a"), value: .int(3)),
            ModelDictionaryEntry(key: .enumCase("b"), value: .int(2)),
        ]))
        let odd = try #require(strictFailure(schema, ["value": ["a", Int64(1), "b"] as [Any]]))
        #expect(odd.kind == .dataCorrupted)
        #expect(odd.path.description == "value")
        #expect(odd.message == "Expected collection of key-value pairs; encountered odd-length array instead.")
        let badKey = try #require(strictFailure(schema, ["value": ["a", Int64(1), "c", Int64(2)] as [Any]]))
        #expect(badKey.kind == .dataCorrupted)
        #expect(badKey.path.description == "value[2]")
        let badValue = try #require(strictFailure(schema, ["value": ["a", "1"] as [Any]]))
        #expect(badValue.kind == .typeMismatch)
        #expect(badValue.path.description == "value[1]")
        let map = try #require(strictFailure(schema, ["value": ["a": Int64(1)] as [String: Any]]))
        #expect(map.kind == .typeMismatch)
        #expect(map.expected == "[Kind: Int]")
    }

    @Test func nestedStructsNullAndWrongType() throws {
        let schema = single(.structure("Tag"), structs: [SeedShapes.tag])
        let tag = field(strictValue(schema, ["value": ["title": "t", "color": "#010203"] as [String: Any]]), "value")
        #expect(tag == .structure([ModelField(name: "title", value: .string("t")), ModelField(name: "color", value: .color(RGBAColor(red: 1, green: 2, blue: 3)))]))
        let null = try #require(strictFailure(schema, ["value": NSNull()]))
        #expect(null.kind == .valueNotFound)
        #expect(null.expected == "Tag")
        let wrong = try #require(strictFailure(schema, ["value": ["t"] as [Any]]))
        #expect(wrong.kind == .typeMismatch)
        #expect(wrong.found == "an array (1 elements)")
        let optional = single(.optional(.structure("Tag")), structs: [SeedShapes.tag])
        #expect(field(strictValue(optional, ["value": NSNull()]), "value") == .null)
        #expect(strictFailure(optional, ["value": "t"])?.kind == .typeMismatch)
    }
}
