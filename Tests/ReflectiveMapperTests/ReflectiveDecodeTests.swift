import FirestoreModel
import Foundation
import ModelSchema
import ReflectiveMapper
import Testing

/// Salada's key-by-key read: the table's casts as on an iPhone, and every property left at its
/// initial value reported with why.
@Suite struct ReflectiveDecodeTests {
    private func decode(_ schema: ModelSchema, _ data: [String: Any], reference: DocumentReference? = nil) throws -> ReflectiveDecoding {
        try ReflectiveMapper(schema: schema).decode(data, reference: reference)
    }

    @Test func numbersAreCastAsNSNumberBridgingCastsThem() throws {
        let schema = model([
            FieldSchema(name: "whole", type: .integer(.int)),
            FieldSchema(name: "flag", type: .integer(.uint8)),
            FieldSchema(name: "ratio", type: .float),
            FieldSchema(name: "big", type: .double),
            FieldSchema(name: "truth", type: .bool),
        ])
        let decoded = try decode(schema, ["whole": 3.0, "flag": true, "ratio": 0.1, "big": Int64(1) << 53 + 1, "truth": Int64(1)])
        #expect(field(decoded.value, "whole") == .int(3), "3.0 is exactly an Int")
        #expect(field(decoded.value, "flag") == .uint(1), "a boolean is the number 1")
        #expect(field(decoded.value, "ratio") == .float(0), "0.1 is no Float exactly: the initial value stays")
        #expect(field(decoded.value, "big") == .double(0), "2^53 + 1 is no Double exactly")
        #expect(field(decoded.value, "truth") == .bool(true))
        #expect(decoded.keptInitialValues.map(\.path.description).sorted() == ["big", "ratio"])
        #expect(decoded.keptInitialValues.allSatisfy { $0.reason == .doesNotFit })
    }

    @Test func datesAreSecondsSince1970AndSetsAreMapsOfTheirElements() throws {
        let schema = model([
            FieldSchema(name: "birth", type: .optional(.date)),
            FieldSchema(name: "created", type: .optional(.date)),
            FieldSchema(name: "groups", type: .set(.string)),
            FieldSchema(name: "tags", type: .set(.string)),
        ])
        let decoded = try decode(schema, [
            "birth": Int64(1_000), "created": Timestamp(seconds: 5, nanoseconds: 0),
            "groups": ["a": true, "b": Int64(1)] as [String: Any], "tags": ["a", "b"],
        ])
        #expect(field(decoded.value, "birth") == .date(Date(timeIntervalSince1970: 1_000)))
        #expect(field(decoded.value, "created") == .null, "a timestamp is no number of seconds")
        #expect(field(decoded.value, "groups") == .set([.string("a"), .string("b")]), "the keys; 1 is true")
        #expect(field(decoded.value, "tags") == .set([]), "an array is no map")
        #expect(decoded.keptInitialValues.map(\.path.description).sorted() == ["created", "tags"])
        #expect(decoded.keptInitialValues.allSatisfy { $0.reason == .otherKind })
    }

    @Test func missingNullAndEmptyValuesAreReportedOnlyWhereTheyLoseSomething() throws {
        let schema = model([
            FieldSchema(name: "age", type: .integer(.int)),
            FieldSchema(name: "name", type: .string),
            FieldSchema(name: "nickname", type: .optional(.string)),
            FieldSchema(name: "items", type: .optional(.array(.string))),
            FieldSchema(name: "home", type: .url),
        ])
        let decoded = try decode(schema, ["name": NSNull(), "nickname": NSNull(), "items": [Any](), "home": ""])
        #expect(field(decoded.value, "items") == .null, "an empty array is never read")
        #expect(field(decoded.value, "home") == .url(try #require(URL(string: "about:blank"))))
        let reasons = Dictionary(uniqueKeysWithValues: decoded.keptInitialValues.map { ($0.path.description, $0.reason) })
        #expect(reasons == ["age": .absent, "name": .null, "home": .doesNotFit])
    }

    @Test func documentIDComesFromTheReferenceAndIgnoredPropertiesKeepTheirInitialValue() throws {
        let schema = model([
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "ref", type: .optional(.documentReference), wrapper: .documentID),
            FieldSchema(name: "secret", type: .string, reflectiveIgnore: true),
            FieldSchema(name: "note", keyed: false, type: .string),
        ])
        let reference = try DocumentReference(path: "users/ada")
        let decoded = try decode(schema, ["id": "other", "secret": "s", "note": "n"], reference: reference)
        #expect(field(decoded.value, "id") == .string("ada"))
        #expect(field(decoded.value, "ref") == .reference(reference))
        #expect(field(decoded.value, "secret") == .string(""))
        #expect(field(decoded.value, "note") == .string(""))
        #expect(decoded.keptInitialValues.isEmpty)
    }

    @Test func typesOutsideTheTableAreNeverRead() throws {
        let schema = model([FieldSchema(name: "when", type: .optional(.timestamp)), FieldSchema(name: "counts", type: .array(.integer(.int)))])
        let decoded = try decode(schema, ["when": Timestamp(seconds: 5, nanoseconds: 0), "counts": [Int64(1)]])
        #expect(field(decoded.value, "when") == .null)
        #expect(field(decoded.value, "counts") == .array([]))
        #expect(decoded.keptInitialValues.map(\.reason) == [.otherKind, .otherKind])
    }

    @Test func seedUserReadsBackWhatItWrites() throws {
        let mapper = try ReflectiveMapper(schema: try SaladaUser.schema())
        let written = try mapper.encode(try SaladaUser.value(tempName: .string("temp")))
        let stored = written.mapValues { ($0 as? NSNumber).map { Int64($0.intValue) as Any } ?? $0 }
        let decoded = try mapper.decode(stored, reference: nil)
        #expect(decoded.value == (try SaladaUser.value()), "tempName is ignored: it keeps nil")
        #expect(decoded.keptInitialValues.isEmpty)
    }

    @Test func seedUserHooksFallBackToTheTableWhenTheirCastFails() throws {
        let decoded = try ReflectiveMapper(schema: try SaladaUser.schema()).decode(
            ["location": ["latitude": 1.0, "longitude": 2.0, "name": "home"] as [String: Any], "type": "second", "age": Int64(3)], reference: nil)
        #expect(field(decoded.value, "location") == .null, "`value as? [String: Double]` fails on the extra key")
        #expect(field(decoded.value, "type") == .enumCase("first"), "a string is no Int: the seed's initial .first stays")
        #expect(decoded.keptInitialValues.map(\.path.description) == ["groups", "items", "location", "type"])
        #expect(decoded.keptInitialValues.map(\.reason) == [.absent, .absent, .otherKind, .otherKind])
    }
}
