import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Round trips: encode then decode")
struct RoundTripTests {
    static let kind = EnumSchema(name: "Kind", rawType: .string, cases: [EnumCase(name: "plain"), EnumCase(name: "fancy", rawValue: .string("Fancy!"))])
    static let level = EnumSchema(name: "Level", rawType: .int, cases: [EnumCase(name: "low", rawValue: .int(-1)), EnumCase(name: "mid")])
    static let phase = EnumSchema(name: "Phase", rawType: .none, cases: [EnumCase(name: "draft"), EnumCase(name: "done")])

    /// Every field type and wrapper, nested two levels deep.
    static let schema = ModelSchema(root: "Root", structs: [
        StructSchema(name: "Root", fields: [
            FieldSchema(name: "id", type: .optional(.documentReference), wrapper: .documentID),
            FieldSchema(name: "text", codingKey: "the text", type: .string),
            FieldSchema(name: "flag", type: .bool),
            FieldSchema(name: "small", type: .integer(.int8)),
            FieldSchema(name: "big", type: .integer(.uint64)),
            FieldSchema(name: "ratio", type: .float),
            FieldSchema(name: "amount", type: .double),
            FieldSchema(name: "price", type: .decimal),
            FieldSchema(name: "when", type: .date),
            FieldSchema(name: "link", type: .url),
            FieldSchema(name: "blob", type: .data),
            FieldSchema(name: "stamp", type: .timestamp),
            FieldSchema(name: "place", type: .geoPoint),
            FieldSchema(name: "other", type: .documentReference),
            FieldSchema(name: "tint", type: .hexColor),
            FieldSchema(name: "kind", type: .enumeration("Kind")),
            FieldSchema(name: "level", type: .enumeration("Level")),
            FieldSchema(name: "phase", type: .enumeration("Phase")),
            FieldSchema(name: "children", type: .array(.structure("Child"))),
            FieldSchema(name: "tags", type: .set(.string)),
            FieldSchema(name: "byName", type: .dictionary(key: .string, value: .optional(.integer(.int32)))),
            FieldSchema(name: "byNumber", type: .dictionary(key: .int, value: .structure("Child"))),
            FieldSchema(name: "byKind", type: .dictionary(key: .enumeration("Kind"), value: .array(.double))),
            FieldSchema(name: "maybe", type: .optional(.string)),
            FieldSchema(name: "edited", type: .optional(.date), wrapper: .serverTimestamp),
            FieldSchema(name: "cleared", type: .optional(.integer(.int)), wrapper: .explicitNull),
            FieldSchema(name: "local", keyed: false, type: .integer(.int16)),
        ]),
        StructSchema(name: "Child", fields: [
            FieldSchema(name: "name", type: .string),
            FieldSchema(name: "owner", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "colors", type: .array(.optional(.hexColor))),
        ]),
    ], enums: [kind, level, phase])

    static func child(_ name: String, owner: String) -> ModelValue {
        .structure([
            ModelField(name: "name", value: .string(name)), ModelField(name: "owner", value: .string(owner)),
            ModelField(name: "colors", value: .array([.color(RGBAColor(red: 1, green: 2, blue: 3, alpha: 4)), .null])),
        ])
    }

    static func value(reference: DocumentReference) throws -> ModelValue {
        .structure([
            ModelField(name: "id", value: .reference(reference)),
            ModelField(name: "text", value: .string("héllo")),
            ModelField(name: "flag", value: .bool(true)),
            ModelField(name: "small", value: .int(-128)),
            ModelField(name: "big", value: .uint(UInt64.max)),
            ModelField(name: "ratio", value: .float(0.1)),
            ModelField(name: "amount", value: .double(-0.0)),
            ModelField(name: "price", value: .decimal(try #require(Decimal(string: "19.99")))),
            ModelField(name: "when", value: .date(Date(timeIntervalSince1970: 1_570_484_031.5))),
            ModelField(name: "link", value: .url(try #require(URL(string: "https://example.com/x")))),
            ModelField(name: "blob", value: .data(Data([0, 255]))),
            ModelField(name: "stamp", value: .timestamp(Timestamp(seconds: 1, nanoseconds: 999_999_999))),
            ModelField(name: "place", value: .geoPoint(GeoPoint(latitude: -90, longitude: 180))),
            ModelField(name: "other", value: .reference(try DocumentReference(path: "a/b/c/d"))),
            ModelField(name: "tint", value: .color(RGBAColor(red: 0xFE, green: 0xDC, blue: 0xBA))),
            ModelField(name: "kind", value: .enumCase("fancy")),
            ModelField(name: "level", value: .enumCase("mid")),
            ModelField(name: "phase", value: .enumCase("done")),
            ModelField(name: "children", value: .array([child("a", owner: reference.documentID), child("b", owner: reference.documentID)])),
            ModelField(name: "tags", value: .set([.string("x"), .string("y")])),
            ModelField(name: "byName", value: .dictionary([
                ModelDictionaryEntry(key: .string("one"), value: .int(1)), ModelDictionaryEntry(key: .string("none"), value: .null),
            ])),
            ModelField(name: "byNumber", value: .dictionary([ModelDictionaryEntry(key: .int(-7), value: child("c", owner: reference.documentID))])),
            ModelField(name: "byKind", value: .dictionary([
                ModelDictionaryEntry(key: .enumCase("plain"), value: .array([.double(1.5)])),
                ModelDictionaryEntry(key: .enumCase("fancy"), value: .array([])),
            ])),
            ModelField(name: "maybe", value: .null),
            ModelField(name: "edited", value: .date(Date(timeIntervalSince1970: 86_400))),
            ModelField(name: "cleared", value: .null),
            ModelField(name: "local", value: .int(0)),
        ])
    }

    @Test func strictRoundTripIsExact() throws {
        let reference = try bookReference()
        let original = try Self.value(reference: reference)
        let mapper = StrictHandMapper(schema: Self.schema)
        let document = try mapper.encode(original)
        #expect(document["id"] == nil)
        #expect(document["the text"] as? String == "héllo")
        #expect(document["small"] is Int8)
        #expect(document["ratio"] is Float)
        #expect(document["cleared"] is NSNull)
        #expect(document["maybe"] == nil)
        #expect(document["local"] == nil)
        #expect(try mapper.decode(document, reference: reference) == original)
    }

    @Test func lenientRoundTripHasNoDefaults() throws {
        let reference = try bookReference()
        // The lenient idiom reads a Float only when the stored number is exactly a Float;
        // the encoder writes a Float, so 0.1f survives.
        let original = try Self.value(reference: reference)
        let document = LenientHandMapper(schema: Self.schema).encode(original)
        let result = LenientHandMapper(schema: Self.schema).decode(document, reference: reference)
        #expect(result.defaults.isEmpty)
        #expect(result.value == original)
    }

    @Test func seedBookRoundTrip() throws {
        let reference = try bookReference()
        let mapper = StrictHandMapper(schema: SeedShapes.book)
        let decoded = try mapper.decode(SeedShapes.bookDocument(), reference: reference)
        let encoded = try mapper.encode(decoded)
        #expect(try mapper.decode(encoded, reference: reference) == decoded)
        let tags = try #require(encoded["tags"] as? [Any])
        #expect((tags[2] as? [String: Any])?["color"] as? String == "#00000080")
        #expect((tags[0] as? [String: Any])?["color"] as? String == "#ffcc00")
    }
}
