import Crossfire
import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Google's Codable guide's book with tags, a status enum and a hex color, as a schema.
let bookSchema = ModelSchema(
    root: "Book",
    structs: [
        StructSchema(name: "Book", fields: [
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "title", type: .string),
            FieldSchema(name: "numberOfPages", codingKey: "pages", type: .integer(.int)),
            FieldSchema(name: "tags", type: .array(.structure("Tag"))),
            FieldSchema(name: "status", type: .enumeration("Status")),
            FieldSchema(name: "rating", type: .optional(.float)),
            FieldSchema(name: "byStatus", type: .dictionary(key: .enumeration("Status"), value: .integer(.int8))),
            FieldSchema(name: "updated", type: .optional(.date), wrapper: .serverTimestamp),
            FieldSchema(name: "note", type: .optional(.string), wrapper: .explicitNull),
            FieldSchema(name: "reason", keyed: false, type: .string),
        ]),
        StructSchema(name: "Tag", fields: [
            FieldSchema(name: "title", type: .string),
            FieldSchema(name: "color", type: .hexColor),
        ]),
    ],
    enums: [EnumSchema(name: "Status", rawType: .string, cases: [
        EnumCase(name: "draft"), EnumCase(name: "inReview", rawValue: .string("in review")),
    ])]
)

private let reference = try! DocumentReference(path: "books/hitchhiker")

private func validData() -> [String: Any] {
    [
        "title": "Hitchhiker", "pages": Int64(816),
        "tags": [["title": "fun", "color": "#FF0000"], ["title": "sci-fi", "color": "#00ff0080"]] as [Any],
        "status": "in review", "byStatus": ["draft", Int64(2)] as [Any],
        "updated": Timestamp(seconds: 10, nanoseconds: 0), "note": NSNull(),
        "reason": "ignored", "id": "ignored too",
    ]
}

@Test func dynamicModelDecodesLikeSynthesizedCodable() throws {
    let type = try DynamicModelType(schema: bookSchema)
    let value = try type.decode(validData(), reference: reference)
    let expected = ModelValue.structure([
        ModelField(name: "id", value: .string("hitchhiker")),
        ModelField(name: "title", value: .string("Hitchhiker")),
        ModelField(name: "numberOfPages", value: .int(816)),
        ModelField(name: "tags", value: .array([
            .structure([ModelField(name: "title", value: .string("fun")), ModelField(name: "color", value: .color(RGBAColor(red: 255, green: 0, blue: 0)))]),
            .structure([ModelField(name: "title", value: .string("sci-fi")), ModelField(name: "color", value: .color(RGBAColor(red: 0, green: 255, blue: 0, alpha: 128)))]),
        ])),
        ModelField(name: "status", value: .enumCase("inReview")),
        ModelField(name: "rating", value: .null),
        ModelField(name: "byStatus", value: .dictionary([ModelDictionaryEntry(key: .enumCase("draft"), value: .int(2))])),
        ModelField(name: "updated", value: .date(Date(timeIntervalSince1970: 10))),
        ModelField(name: "note", value: .null),
        ModelField(name: "reason", value: .string("")),
    ])
    #expect(value == expected)
}

@Test func dynamicModelReportsErrorsWithCodingPaths() throws {
    let type = try DynamicModelType(schema: bookSchema)
    func failure(_ change: (inout [String: Any]) -> Void) -> MappingFailure? {
        var data = validData()
        change(&data)
        do {
            _ = try type.decode(data, reference: reference)
            return nil
        } catch {
            return MappingFailure(codingError: error)
        }
    }
    let missing = try #require(failure { $0["title"] = nil })
    #expect(missing.kind == .keyNotFound)
    #expect(missing.path.description == "title")
    #expect(missing.message == "No value associated with key CodingKeys(stringValue: \"title\", intValue: nil) (\"title\").")

    let mismatch = try #require(failure { $0["tags"] = [["title": "a", "color": "#000000"], ["title": true, "color": "#000000"]] as [Any] })
    #expect(mismatch.kind == .typeMismatch)
    #expect(mismatch.path.description == "tags[1].title")

    let badColor = try #require(failure { $0["tags"] = [["title": "a", "color": "red"]] as [Any] })
    #expect(badColor.kind == .dataCorrupted)
    #expect(badColor.path.description == "tags[0].color")

    let badStatus = try #require(failure { $0["status"] = "published" })
    #expect(badStatus.kind == .dataCorrupted)
    #expect(badStatus.path.description == "status")
    #expect(badStatus.message == "Cannot initialize Status from invalid String value published")

    let absentServerTimestamp = try #require(failure { $0["updated"] = nil })
    #expect(absentServerTimestamp.kind == .keyNotFound)
    #expect(absentServerTimestamp.path.description == "updated")

    let nullTitle = try #require(failure { $0["title"] = NSNull() })
    #expect(nullTitle.kind == .valueNotFound)
    #expect(nullTitle.path.description == "title")

    let fractionalPages = try #require(failure { $0["pages"] = 1.5 })
    #expect(fractionalPages.kind == .dataCorrupted)
    #expect(fractionalPages.path.description == "pages")

    let oddPairs = try #require(failure { $0["byStatus"] = ["draft"] as [Any] })
    #expect(oddPairs.kind == .dataCorrupted)
    #expect(oddPairs.path.description == "byStatus")
}

@Test func dynamicModelEncodesLikeSynthesizedCodable() throws {
    let type = try DynamicModelType(schema: bookSchema)
    let value = try type.decode(validData(), reference: reference)
    let encoded = try type.encode(value)
    #expect(encoded["id"] == nil)
    #expect(encoded["reason"] == nil)
    #expect(encoded["rating"] == nil)
    #expect(encoded["note"] is NSNull)
    #expect(encoded["pages"] as? Int == 816)
    #expect(encoded["status"] as? String == "in review")
    #expect(encoded["updated"] as? Timestamp == Timestamp(seconds: 10, nanoseconds: 0))
    let tags = try #require(encoded["tags"] as? [Any])
    let second = try #require(tags[1] as? [String: Any])
    #expect(second["color"] as? String == "#00ff0080")
    let pairs = try #require(encoded["byStatus"] as? [Any])
    #expect(pairs.count == 2)
    #expect(pairs[0] as? String == "draft")
    #expect(pairs[1] as? Int8 == 2)
}

@Test func dynamicModelEncodesNilServerTimestampAsSentinel() throws {
    let type = try DynamicModelType(schema: bookSchema)
    guard case .structure(var fields) = try type.decode(validData(), reference: reference) else {
        Issue.record("not a struct")
        return
    }
    fields[7].value = .null
    let encoded = try type.encode(.structure(fields))
    let sentinel = try #require(encoded["updated"] as? FieldValue)
    #expect(sentinel.methodName == "FieldValue.serverTimestamp()")
}
