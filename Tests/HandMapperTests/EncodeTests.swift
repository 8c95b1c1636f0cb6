import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Encoding")
struct EncodeTests {
    static let kind = EnumSchema(name: "Kind", rawType: .string, cases: [EnumCase(name: "a", rawValue: .string("A")), EnumCase(name: "b")])
    static let level = EnumSchema(name: "Level", rawType: .int, cases: [EnumCase(name: "one", rawValue: .int(1)), EnumCase(name: "two")])
    static let phase = EnumSchema(name: "Phase", rawType: .none, cases: [EnumCase(name: "draft")])

    /// The written value of `value` for a single-property schema.
    func written(_ type: FieldType, _ value: ModelValue, enums: [EnumSchema] = [], structs: [StructSchema] = []) throws -> Any {
        let document = try StrictHandMapper(schema: single(type, structs: structs, enums: enums)).encode(model(value))
        return try #require(document["value"])
    }

    @Test func scalarsKeepTheirSwiftTypes() throws {
        #expect(try written(.string, .string("s")) as? String == "s")
        #expect(try written(.bool, .bool(true)) as? Bool == true)
        #expect(try written(.float, .float(0.1)) as? Float == 0.1)
        #expect((try written(.double, .double(-0.0)) as? Double)?.sign == .minus)
        let decimal = try #require(Decimal(string: "1.25"))
        #expect(try written(.decimal, .decimal(decimal)) as? Decimal == decimal)
        #expect(try written(.data, .data(Data([9]))) as? Data == Data([9]))
        let timestamp = Timestamp(seconds: 1, nanoseconds: 2)
        #expect(try written(.timestamp, .timestamp(timestamp)) as? Timestamp == timestamp)
        let point = GeoPoint(latitude: 1, longitude: 2)
        #expect(try written(.geoPoint, .geoPoint(point)) as? GeoPoint == point)
        let reference = try bookReference()
        #expect(try written(.documentReference, .reference(reference)) as? DocumentReference == reference)
    }

    @Test func dateURLAndColorForms() throws {
        let date = Date(timeIntervalSince1970: -1.25)
        #expect(try written(.date, .date(date)) as? Timestamp == Timestamp(seconds: -2, nanoseconds: 750_000_000))
        let url = try #require(URL(string: "https://example.com/a b".replacingOccurrences(of: " ", with: "%20")))
        #expect(try written(.url, .url(url)) as? String == "https://example.com/a%20b")
        #expect(try written(.hexColor, .color(RGBAColor(red: 0xAB, green: 0x0C, blue: 0xFF))) as? String == "#ab0cff")
        #expect(try written(.hexColor, .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x80))) as? String == "#00000080")
    }

    @Test func enumsAsRawValuesOrCaseMaps() throws {
        #expect(try written(.enumeration("Kind"), .enumCase("a"), enums: [Self.kind]) as? String == "A")
        #expect(try written(.enumeration("Kind"), .enumCase("b"), enums: [Self.kind]) as? String == "b")
        #expect(try written(.enumeration("Level"), .enumCase("two"), enums: [Self.level]) as? Int == 2)
        let map = try #require(try written(.enumeration("Phase"), .enumCase("draft"), enums: [Self.phase]) as? [String: Any])
        #expect(Array(map.keys) == ["draft"])
        #expect((map["draft"] as? [String: Any])?.isEmpty == true)
        let unknown = try #require(encodeFailure(single(.enumeration("Kind"), enums: [Self.kind]), model(.enumCase("c"))))
        #expect(unknown.kind == .invalidValue)
        #expect(unknown.expected == "Kind")
    }

    @Test func collectionsAndDictionaryForms() throws {
        let set = try #require(try written(.set(.integer(.int8)), .set([.int(1), .int(2)])) as? [Any])
        #expect(set.compactMap { $0 as? Int8 } == [1, 2])
        let optionals = try #require(try written(.array(.optional(.string)), .array([.null, .string("x")])) as? [Any])
        #expect(optionals.first is NSNull)
        let intKeyed = try #require(try written(.dictionary(key: .int, value: .bool),
                                                .dictionary([ModelDictionaryEntry(key: .int(-3), value: .bool(true))])) as? [String: Any])
        #expect(intKeyed["-3"] as? Bool == true)
        let flat = try #require(try written(.dictionary(key: .enumeration("Kind"), value: .string),
                                            .dictionary([ModelDictionaryEntry(key: .enumCase("a"), value: .string("x")),
                                                         ModelDictionaryEntry(key: .enumCase("b"), value: .string("y"))]),
                                            enums: [Self.kind]) as? [Any])
        #expect(flat.compactMap { $0 as? String } == ["A", "x", "b", "y"])
        let nilValue = try #require(try written(.dictionary(key: .string, value: .optional(.integer(.int))),
                                                .dictionary([ModelDictionaryEntry(key: .string("k"), value: .null)])) as? [String: Any])
        #expect(nilValue["k"] is NSNull)
    }

    @Test func nonFiniteFloatsAreInvalidValuesAtTheirPath() throws {
        let float = try #require(encodeFailure(single(.float), model(.float(.nan))))
        #expect(float.kind == .invalidValue)
        #expect(float.path.description == "value")
        #expect(float.expected == "Float")
        #expect(float.found == "a number (float nan)")
        #expect(float.message.hasPrefix("Unable to encode Float.nan directly in JSON."))
        let array = try #require(encodeFailure(single(.array(.double)), model(.array([.double(1), .double(-.infinity)]))))
        #expect(array.path.description == "value[1]")
        #expect(array.message.hasPrefix("Unable to encode -Double.infinity directly in JSON."))
        let keyed = try #require(encodeFailure(single(.dictionary(key: .string, value: .structure("P")), structs: [
            StructSchema(name: "P", fields: [FieldSchema(name: "x", type: .double)]),
        ]), model(.dictionary([ModelDictionaryEntry(key: .string("key"), value: .structure([ModelField(name: "x", value: .double(.infinity))]))]))))
        #expect(keyed.path.description == "value.key.x")
        let flat = try #require(encodeFailure(single(.dictionary(key: .enumeration("Kind"), value: .float), enums: [Self.kind]),
                                              model(.dictionary([ModelDictionaryEntry(key: .enumCase("b"), value: .float(.nan))]))))
        #expect(flat.path.description == "value[1]")
    }

    @Test func valuesThatDoNotMatchTheSchemaAreInvalid() throws {
        let wrongCase = try #require(encodeFailure(single(.string), model(.int(1))))
        #expect(wrongCase.kind == .invalidValue)
        #expect(wrongCase.expected == "String")
        let nullRequired = try #require(encodeFailure(single(.integer(.int)), model(.null)))
        #expect(nullRequired.kind == .invalidValue)
        let missing = try #require(encodeFailure(single(.string), .structure([])))
        #expect(missing.path.description == "value")
        #expect(encodeFailure(single(.string), .string("not a struct"))?.path == .root)
    }

    @Test func uncodedAndRenamedProperties() throws {
        let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
            FieldSchema(name: "name", codingKey: "language_name", type: .string),
            FieldSchema(name: "note", keyed: false, type: .string),
        ])])
        let document = try StrictHandMapper(schema: schema).encode(.structure([
            ModelField(name: "name", value: .string("Swift")), ModelField(name: "note", value: .string("secret")),
        ]))
        #expect(Array(document.keys) == ["language_name"])
        #expect(document["language_name"] as? String == "Swift")
    }

    @Test func lenientEncodeWritesNonFiniteFloatsAndNullForMismatches() throws {
        let schema = single(.array(.float))
        let document = LenientHandMapper(schema: schema).encode(model(.array([.float(.nan), .string("x"), .float(.infinity)])))
        let array = try #require(document["value"] as? [Any])
        #expect((array[0] as? Float)?.isNaN == true)
        #expect(array[1] is NSNull)
        #expect(array[2] as? Float == .infinity)
        #expect(LenientHandMapper(schema: schema).encode(.null).isEmpty)
    }
}
