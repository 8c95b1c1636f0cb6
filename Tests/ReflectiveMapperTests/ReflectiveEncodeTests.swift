import FirestoreModel
import Foundation
import ModelSchema
import ReflectiveMapper
import Testing

/// Salada's `value`: each kind of the table stored as seed 002 describes.
@Suite struct ReflectiveEncodeTests {
    @Test func eachKindOfTheTableIsStoredAsTheSeedDescribes() throws {
        let schema = model([
            FieldSchema(name: "name", type: .string),
            FieldSchema(name: "small", type: .integer(.int8)),
            FieldSchema(name: "ratio", type: .float),
            FieldSchema(name: "flag", type: .bool),
            FieldSchema(name: "home", type: .url),
            FieldSchema(name: "birth", type: .date),
            FieldSchema(name: "items", type: .array(.string)),
            FieldSchema(name: "groups", type: .set(.string)),
            FieldSchema(name: "scores", type: .dictionary(key: .string, value: .integer(.int))),
        ])
        let birth = Date(timeIntervalSince1970: 1_234.5)
        let data = try ReflectiveMapper(schema: schema).encode(.structure([
            ModelField(name: "name", value: .string("Ada")),
            ModelField(name: "small", value: .int(-3)),
            ModelField(name: "ratio", value: .float(0.1)),
            ModelField(name: "flag", value: .bool(true)),
            ModelField(name: "home", value: .url(try #require(URL(string: "https://example.com/a b".replacingOccurrences(of: " ", with: "%20"))))),
            ModelField(name: "birth", value: .date(birth)),
            ModelField(name: "items", value: .array([.string("Book"), .string("Pen")])),
            ModelField(name: "groups", value: .set([.string("g1")])),
            ModelField(name: "scores", value: .dictionary([ModelDictionaryEntry(key: .string("math"), value: .int(7))])),
        ]))
        #expect(data["name"] as? String == "Ada")
        #expect(data["small"] as? Int8 == -3, "numbers keep their Swift type; the write path decides how they are stored")
        #expect(data["ratio"] as? Float == 0.1)
        #expect(data["flag"] as? Bool == true)
        #expect(data["home"] as? String == "https://example.com/a%20b", "a URL is its absoluteString")
        #expect(data["birth"] as? Double == birth.timeIntervalSince1970, "a Date is its seconds since 1970")
        #expect(data["items"] as? [String] == ["Book", "Pen"])
        #expect(data["groups"] as? [String: Bool] == ["g1": true], "a Set<String> is a map of its elements to true")
        #expect(data["scores"] as? [String: Int] == ["math": 7])
    }

    @Test func nilEmptyCollectionsAndTypesOutsideTheTableAreNotWritten() throws {
        let schema = model([
            FieldSchema(name: "nickname", type: .optional(.string)),
            FieldSchema(name: "items", type: .array(.string)),
            FieldSchema(name: "groups", type: .optional(.set(.string))),
            FieldSchema(name: "when", type: .timestamp),
            FieldSchema(name: "counts", type: .array(.integer(.int))),
        ])
        let data = try ReflectiveMapper(schema: schema).encode(.structure([
            ModelField(name: "nickname", value: .null),
            ModelField(name: "items", value: .array([])),
            ModelField(name: "groups", value: .set([])),
            ModelField(name: "when", value: .timestamp(Timestamp(seconds: 5, nanoseconds: 0))),
            ModelField(name: "counts", value: .array([.int(1)])),
        ]))
        #expect(data.isEmpty, "\(data)")
    }

    @Test func ignoredUncodedAndDocumentIDPropertiesAreNotWrittenAndKeysAreCodingKeys() throws {
        let schema = model([
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "name", codingKey: "full_name", type: .string),
            FieldSchema(name: "note", keyed: false, type: .string),
            FieldSchema(name: "secret", type: .string, reflectiveIgnore: true),
        ])
        let data = try ReflectiveMapper(schema: schema).encode(.structure([
            ModelField(name: "id", value: .string("x")),
            ModelField(name: "name", value: .string("Ada")),
            ModelField(name: "note", value: .string("n")),
            ModelField(name: "secret", value: .string("s")),
        ]))
        #expect(Set(data.keys) == ["full_name"])
    }

    @Test func seedUserHooksWriteTheLocationMapAndTheRawValue() throws {
        let data = try ReflectiveMapper(schema: try SaladaUser.schema()).encode(try SaladaUser.value(tempName: .string("temp")))
        #expect(data["location"] as? [String: Double] == ["latitude": 35.5, "longitude": 139.25])
        #expect((data["type"] as? NSNumber)?.intValue == 1, "the seed returns `self.type.rawValue as AnyObject?`")
        #expect(data["tempName"] == nil, "on the ignore list")
        #expect(data["groups"] as? [String: Bool] == ["g1": true, "g2": true])
        #expect(data["birth"] as? Double == 1_000_000)
    }

    @Test func aValueThatDoesNotFitItsSchemaIsAnErrorAtItsField() throws {
        let schema = model([FieldSchema(name: "age", type: .integer(.int8))])
        #expect(throws: ReflectiveMappingError(path: ValuePath(keys: "age"), message: "the model value 300 is no Int8")) {
            try ReflectiveMapper(schema: schema).encode(.structure([ModelField(name: "age", value: .int(300))]))
        }
    }
}
