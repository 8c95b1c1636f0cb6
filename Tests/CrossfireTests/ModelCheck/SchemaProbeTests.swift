import Crossfire
import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// A model in the style of Google's Codable guide, using every kind of field the probe describes.
private struct ProbedBook: Codable, Equatable {
    enum Status: String, Codable, CaseIterable { case draft, inReview = "in_review", published }
    enum Priority: Int, Codable, CaseIterable { case low = 1, high = 5 }
    struct Tag: Codable, Equatable {
        var title: String
        var weight: Double
    }

    @DocumentID var id: String?
    var title: String
    var pages: Int
    var rating: Double?
    var status: Status
    var priority: Priority?
    var tags: [Tag]
    var counts: [String: Int]
    var keywords: Set<String>
    @ServerTimestamp var createdAt: Timestamp?
    @ExplicitNull var subtitle: String?
    var location: GeoPoint
    var cover: Data
    var published: Date
    var byStatus: [Status: Int]

    enum CodingKeys: String, CodingKey {
        case id, title, pages = "page_count", rating, status, priority, tags, counts, keywords, createdAt, subtitle, location, cover
        case published, byStatus = "by-status"
    }
}

/// The guide's hex color: it decodes itself from one string, which no schema field describes.
private struct HexColor: Codable, Equatable {
    var hex: String
    init(from decoder: any Decoder) throws {
        hex = try decoder.singleValueContainer().decode(String.self)
        guard hex.hasPrefix("#") else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a hex color"))
        }
    }
}

private struct ColorEntry: Codable, Equatable {
    struct Swatch: Codable, Equatable { var color: HexColor }
    var name: String
    var swatches: [Swatch]
}

private enum Mood: String, Codable { case calm, stormy }

/// Names a schema cannot take as they are: a lower-case type, keys that are not property names.
private struct odd_record: Codable {
    var _id: String
    var Title: String
    var `class`: Int
    var dictionary: Int
}

/// A tree: a struct containing itself through an array, which a schema cannot hold.
private struct TreeNode: Codable, Equatable {
    var label: String
    var children: [TreeNode]
}

private struct MoodDiary: Codable, Equatable {
    var mood: Mood
}

@Suite("SchemaProbe: a model type's schema from its own init(from:)")
struct SchemaProbeTests {
    @Test("every field kind, key, optionality and wrapper of a synthesized Codable struct")
    func describesSynthesizedStruct() throws {
        let schema = try SchemaProbe.schema(of: ProbedBook.self)
        #expect(schema.root == "ProbedBook")
        let book = try #require(schema.rootStruct)
        let expected: [(name: String, key: String, type: FieldType, wrapper: PropertyWrapper?)] = [
            ("id", "id", .optional(.string), .documentID),
            ("title", "title", .string, nil),
            ("page_count", "page_count", .integer(.int), nil),
            ("rating", "rating", .optional(.double), nil),
            ("status", "status", .enumeration("Status"), nil),
            ("priority", "priority", .optional(.enumeration("Priority")), nil),
            ("tags", "tags", .array(.structure("Tag")), nil),
            ("counts", "counts", .dictionary(key: .string, value: .integer(.int)), nil),
            ("keywords", "keywords", .set(.string), nil),
            ("createdAt", "createdAt", .optional(.timestamp), .serverTimestamp),
            ("subtitle", "subtitle", .optional(.string), .explicitNull),
            ("location", "location", .geoPoint, nil),
            ("cover", "cover", .data, nil),
            ("published", "published", .date, nil),
            ("by_status", "by-status", .dictionary(key: .enumeration("Status"), value: .integer(.int)), nil),
        ]
        #expect(book.fields.map(\.name) == expected.map(\.name))
        for (field, want) in zip(book.fields, expected) {
            #expect(field.codingKey == want.key, "\(field.name)")
            #expect(field.type == want.type, "\(field.name)")
            #expect(field.wrapper == want.wrapper, "\(field.name)")
        }
        let tag = try #require(schema.structs.first { $0.name == "Tag" })
        #expect(tag.fields.map(\.name) == ["title", "weight"])
        #expect(tag.fields.map(\.type) == [.string, .double])
        let status = try #require(schema.enums.first { $0.name == "Status" })
        #expect(status.rawType == .string)
        #expect(status.cases == [
            EnumCase(name: "draft", rawValue: .string("draft")),
            EnumCase(name: "inReview", rawValue: .string("in_review")),
            EnumCase(name: "published", rawValue: .string("published")),
        ])
        let priority = try #require(schema.enums.first { $0.name == "Priority" })
        #expect(priority.rawType == .int)
        #expect(priority.cases.map(\.rawValue) == [.int(1), .int(5)])
        #expect(schema.validationErrors().isEmpty)
    }

    @Test("a type decoding itself from one value is named with its path, and told to give a schema")
    func reportsSingleValueType() {
        #expect {
            _ = try SchemaProbe.schema(of: ColorEntry.self)
        } throws: { error in
            guard let error = error as? SchemaProbeError else { return false }
            return error.typeName == "HexColor" && error.path == "swatches[].color"
                && error.reason == "it decodes itself from a single value"
                && "\(error)".hasSuffix("give the check a schema instead (ModelSchema, or its JSON form)")
        }
    }

    @Test("an enum that is not CaseIterable cannot list its cases")
    func reportsEnumWithoutCases() {
        #expect {
            _ = try SchemaProbe.schema(of: MoodDiary.self)
        } throws: { error in
            guard let error = error as? SchemaProbeError else { return false }
            return error.typeName == "Mood" && error.path == "mood" && error.reason.hasPrefix("an enum must be CaseIterable for its cases to be listed")
                && error.reason.contains(": CaseIterable { public static var allCases: [Self]")
        }
    }

    @Test("a recursive type is probed without looping and refused for its cycle, named")
    func reportsRecursiveType() {
        #expect {
            _ = try SchemaProbe.schema(of: TreeNode.self)
        } throws: { error in
            guard let error = error as? SchemaProbeError else { return false }
            return error.typeName == "TreeNode" && error.reason.contains("struct cycle TreeNode → TreeNode")
        }
    }

    @Test("type and key names a schema cannot take are turned into valid ones, by the schema's own rules")
    func namesFollowTheSchemaRules() throws {
        let schema = try SchemaProbe.schema(of: odd_record.self)
        #expect(schema.root == "Odd_record")
        let fields = try #require(schema.rootStruct).fields
        #expect(fields.map(\.name) == ["field_id", "title", "classValue", "dictionaryValue"])
        #expect(fields.map(\.codingKey) == ["_id", "Title", "class", "dictionary"])
    }

    @Test("a scalar is not a model")
    func refusesScalarRoot() {
        #expect {
            _ = try SchemaProbe.schema(of: String.self)
        } throws: { error in
            (error as? SchemaProbeError)?.reason == "a model must be a struct or class with keyed fields, not String"
        }
    }
}
