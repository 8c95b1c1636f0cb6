import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Google's Codable guide's Book, Tag and ProgrammingLanguage")
struct SeedShapeTests {
    @Test func bookDecodesWithItsTagsAndDocumentID() throws {
        let value = try StrictHandMapper(schema: SeedShapes.book).decode(SeedShapes.bookDocument(), reference: try bookReference())
        #expect(field(value, "id") == .string("hitchhiker"))
        #expect(field(value, "numberOfPages") == .int(816))
        #expect(field(value, "cover") == .null)
        #expect(field(value, "status") == .enumCase("inReview"))
        #expect(field(value, "genres") == .array([.string("Science Fiction"), .string("Comedy")]))
        guard case .array(let tags)? = field(value, "tags") else {
            Issue.record("tags is not an array")
            return
        }
        #expect(tags.map { field($0, "color") } == [
            .color(RGBAColor(red: 0xFF, green: 0xCC, blue: 0)),
            .color(RGBAColor(red: 0x33, green: 0x66, blue: 0x99)),
            .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x80)),
        ])
    }

    @Test func bookWithCoverImages() throws {
        var document = SeedShapes.bookDocument()
        document["cover"] = ["small": "https://img/s.png", "medium": "https://img/m.png", "large": "https://img/l.png"] as [String: Any]
        let value = try StrictHandMapper(schema: SeedShapes.book).decode(document, reference: try bookReference())
        #expect(field(field(value, "cover"), "large") == .url(try #require(URL(string: "https://img/l.png"))))
        document["cover"] = ["small": "https://img/s.png", "medium": "https://img/m.png"] as [String: Any]
        let error = try #require(strictFailure(SeedShapes.book, document, reference: try bookReference()))
        #expect(error.kind == .keyNotFound)
        #expect(error.path.description == "cover.large")
        #expect(error.expected == "URL")
    }

    @Test func programmingLanguageWithRenamedAndUncodedProperties() throws {
        let reference = try DocumentReference(path: "languages/ada")
        let year = Timestamp(seconds: -4_006_195_200, nanoseconds: 0)
        let document: [String: Any] = ["language_name": "Ada", "year": year, "reasonWhyILoveThis": "ignored", "name": Int64(3)]
        let value = try StrictHandMapper(schema: SeedShapes.programmingLanguage).decode(document, reference: reference)
        #expect(value == .structure([
            ModelField(name: "id", value: .string("ada")),
            ModelField(name: "name", value: .string("Ada")),
            ModelField(name: "year", value: .date(year.dateValue())),
            ModelField(name: "reasonWhyILoveThis", value: .string("")),
        ]))
        let encoded = try StrictHandMapper(schema: SeedShapes.programmingLanguage).encode(value)
        #expect(Set(encoded.keys) == ["language_name", "year"])
        #expect(encoded["year"] as? Timestamp == Timestamp(date: year.dateValue()))

        let misnamed = try #require(strictFailure(SeedShapes.programmingLanguage, ["name": "Ada", "year": year], reference: reference))
        #expect(misnamed.kind == .keyNotFound)
        #expect(misnamed.path.description == "language_name")
        let legacyDate = try #require(strictFailure(SeedShapes.programmingLanguage, ["language_name": "Ada", "year": "1843"], reference: reference))
        #expect(legacyDate.kind == .typeMismatch)
        #expect(legacyDate.path.description == "year")
    }

    @Test func lenientBookFromAnOlderAppsDocument() throws {
        // Pages stored as a double and status as an unknown raw value by another client.
        var document = SeedShapes.bookDocument()
        document["numberOfPages"] = 816.0
        document["status"] = "archived"
        let result = LenientHandMapper(schema: SeedShapes.book).decode(document, reference: try bookReference())
        #expect(field(result.value, "numberOfPages") == .int(816))
        #expect(result.defaults.map(\.path.description) == ["status"])
        #expect(strictFailure(SeedShapes.book, document, reference: try bookReference())?.path.description == "status")
    }

    @Test func errorAndDefaultDescriptions() throws {
        let error = try #require(strictFailure(single(.integer(.int8)), ["value": Int64(300)]))
        #expect(error.description == "dataCorrupted at value: Parsed JSON number <300> does not fit in Int8.")
        let record = SilentDefault(path: ValuePath([.key("tags"), .index(2), .key("color")]), kind: .typeMismatch,
                                   found: "a number (integer 3)", substituted: .null)
        #expect(record.description == "tags[2].color: typeMismatch, found a number (integer 3), substituted nil")
        #expect(MappingErrorKind.allCases.map(\.rawValue) == ["typeMismatch", "keyNotFound", "valueNotFound", "dataCorrupted", "invalidValue"])
    }
}
