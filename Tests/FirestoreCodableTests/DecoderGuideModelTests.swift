import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// The models of Google's guide "Map Cloud Firestore data with Swift Codable", read back from documents, and failing where the guide says.
@Suite("Decoder: the guide's models")
struct DecoderGuideModelTests {
    struct Book: Codable, Equatable {
        @DocumentID var id: String?
        var title: String
        var numberOfPages: Int
        var author: String
    }

    struct CoverImages: Codable, Equatable {
        var small: URL
        var medium: URL
        var large: URL
    }

    struct BookWithCoverImages: Codable, Equatable {
        @DocumentID var id: String?
        var title: String
        var numberOfPages: Int
        var author: String
        var cover: CoverImages?
    }

    struct BookWithGenre: Codable, Equatable {
        @DocumentID var id: String?
        var title: String
        var numberOfPages: Int
        var author: String
        var genres: [String]
    }

    struct Tag: Codable, Hashable {
        var title: String
        var color: String
    }

    struct BookWithTags: Codable, Equatable {
        @DocumentID var id: String?
        var title: String
        var numberOfPages: Int
        var author: String
        var tags: [Tag]
    }

    struct ProgrammingLanguage: Codable, Equatable {
        @DocumentID var id: String?
        var name: String
        var year: Date
        var reasonWhyILoveThis: String = ""

        enum CodingKeys: String, CodingKey {
            case id
            case name = "language_name"
            case year
        }
    }

    struct Coffee: Codable, Equatable {
        @DocumentID var id: String?
        var name: String
        var location: GeoPoint
    }

    enum Status: String, Codable {
        case draft
        case inReview = "in review"
        case approved
        case published
    }

    struct Article: Codable, Equatable {
        var title: String
        var status: Status
    }

    /// The guide's hex colour with a custom single-value Codable (SwiftUI's `Color` is not
    /// available on Linux; this holds the same RGBA components).
    struct Color: Codable, Hashable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
        var alpha: UInt8

        init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        init?(hex: String) {
            guard hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
            switch hex.count {
            case 7: self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
            case 9: self.init(red: UInt8(value >> 24), green: UInt8(value >> 16 & 0xFF),
                              blue: UInt8(value >> 8 & 0xFF), alpha: UInt8(value & 0xFF))
            default: return nil
            }
        }

        var hex: String {
            String(format: "#%02X%02X%02X%02X", red, green, blue, alpha)
        }

        init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.singleValueContainer()
            let hex = try container.decode(String.self)
            guard let color = Color(hex: hex) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a hex colour: \(hex)")
            }
            self = color
        }

        func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(hex)
        }
    }

    struct ColorTag: Codable, Hashable {
        var title: String
        var color: Color
    }

    struct ColorEntry: Codable, Equatable {
        @DocumentID var id: String?
        var name: String
        var color: Color
    }

    let hitchhiker: [String: Any] = [
        "title": "The Hitchhiker's Guide to the Galaxy",
        "numberOfPages": 816,
        "author": "Douglas Adams",
    ]

    func withFields(_ extra: [String: Any]) -> [String: Any] {
        hitchhiker.merging(extra) { _, new in new }
    }

    @Test("Book from a document, with its ID")
    func book() throws {
        let book = try Firestore.Decoder().decode(Book.self, from: hitchhiker, in: try testReference("books/hitchhiker"))
        #expect(book == Book(id: "hitchhiker", title: "The Hitchhiker's Guide to the Galaxy",
                             numberOfPages: 816, author: "Douglas Adams"))
    }

    @Test("a missing document: Book fails, Book? is nil")
    func missingDocument() throws {
        let reference = try testReference("books/does-not-exist")
        #expect(decodingFailure(Book.self, from: NSNull()) == DecodingFailure(
            .valueNotFound, "KeyedDecodingContainer<CodingKeys>", [],
            "Cannot get keyed decoding container -- found null value instead."
        ))
        #expect(try Firestore.Decoder().decode(Book?.self, from: NSNull(), in: reference) == nil)
    }

    @Test("invalid data: numberOfPages stored as a string, a missing author")
    func invalidData() {
        #expect(decodingFailure(Book.self, from: withFields(["numberOfPages": "816"]), decoder: referencedDecoder())
            == DecodingFailure(.typeMismatch, "Int", [key("numberOfPages")],
                               "Expected to decode Int but found a string/data instead."))
        var noAuthor = hitchhiker
        noAuthor["author"] = nil
        #expect(decodingFailure(Book.self, from: noAuthor, decoder: referencedDecoder()) == DecodingFailure(
            .keyNotFound, "author", [],
            "No value associated with key CodingKeys(stringValue: \"author\", intValue: nil) (\"author\")."
        ))
    }

    func referencedDecoder() -> Firestore.Decoder {
        let decoder = Firestore.Decoder()
        if let reference = try? testReference("books/invalid-data") {
            decoder.userInfo[.documentRefUserInfoKey] = reference
        }
        return decoder
    }

    @Test("BookWithCoverImages: the cover is optional; URLs come from strings")
    func coverImages() throws {
        let decoder = referencedDecoder()
        let withoutCover = try decoder.decode(BookWithCoverImages.self, from: hitchhiker)
        #expect(withoutCover.cover == nil)
        let withCover = try decoder.decode(BookWithCoverImages.self, from: withFields(["cover": [
            "small": "https://covers.example/s.png", "medium": "https://covers.example/m.png",
            "large": "https://covers.example/l.png",
        ]]))
        #expect(withCover.cover?.large.absoluteString == "https://covers.example/l.png")
        #expect(decodingFailure(BookWithCoverImages.self, from: withFields(["cover": [
            "small": "https://covers.example/s.png", "medium": 3, "large": "https://covers.example/l.png",
        ]]), decoder: decoder) == DecodingFailure(
            .typeMismatch, "String", [key("cover"), key("medium")], "Expected to decode String but found a number instead."
        ))
    }

    @Test("BookWithGenre: an array of strings")
    func genres() throws {
        let book = try referencedDecoder().decode(BookWithGenre.self, from: withFields(["genres": ["Science Fiction", "Comedy"]]))
        #expect(book.genres == ["Science Fiction", "Comedy"])
        #expect(decodingFailure(BookWithGenre.self, from: withFields(["genres": "Comedy"]), decoder: referencedDecoder())
            == DecodingFailure(.typeMismatch, "Array<Any>", [key("genres")],
                               "Expected to decode Array<Any> but found a string/data instead."))
    }

    @Test("BookWithTags: an array of maps")
    func tags() throws {
        let book = try referencedDecoder().decode(BookWithTags.self, from: withFields(["tags": [
            ["title": "SciFi", "color": "#FF0000"], ["title": "Humor", "color": "#00FF00"],
        ]]))
        #expect(book.tags == [Tag(title: "SciFi", color: "#FF0000"), Tag(title: "Humor", color: "#00FF00")])
        #expect(decodingFailure(BookWithTags.self, from: withFields(["tags": [["title": "SciFi"]]]),
                                decoder: referencedDecoder()) == DecodingFailure(
            .keyNotFound, "color", [key("tags"), index(0)],
            "No value associated with key CodingKeys(stringValue: \"color\", intValue: nil) (\"color\")."
        ))
    }

    @Test("ProgrammingLanguage: language_name, a timestamp year, an unmapped property keeps its default")
    func programmingLanguage() throws {
        let year = Timestamp(seconds: -4_023_129_600, nanoseconds: 0)
        let ada = try Firestore.Decoder().decode(ProgrammingLanguage.self, from: [
            "language_name": "Ada", "year": year, "reasonWhyILoveThis": "ignored",
        ] as [String: Any], in: try testReference("languages/ada"))
        #expect(ada.id == "ada")
        #expect(ada.name == "Ada")
        #expect(ada.year == year.dateValue())
        #expect(ada.reasonWhyILoveThis == "")
        #expect(decodingFailure(ProgrammingLanguage.self, from: ["name": "Ada", "year": year], decoder: referencedDecoder())
            == DecodingFailure(.keyNotFound, "language_name", [],
                               "No value associated with key CodingKeys(stringValue: \"language_name\", intValue: nil) (\"language_name\")."))
        #expect(decodingFailure(ProgrammingLanguage.self, from: ["language_name": "Ada", "year": 1843], decoder: referencedDecoder())
            == DecodingFailure(.typeMismatch, "Dictionary<String, Any>", [key("year")],
                               "Expected to decode Dictionary<String, Any> but found a number instead."))
    }

    @Test("Coffee: a GeoPoint")
    func coffee() throws {
        let coffee = try Firestore.Decoder().decode(Coffee.self, from: [
            "name": "Kaffeekommune", "location": GeoPoint(latitude: 53.5, longitude: 10.0),
        ] as [String: Any], in: try testReference("coffee/hamburg"))
        #expect(coffee == Coffee(id: "hamburg", name: "Kaffeekommune", location: GeoPoint(latitude: 53.5, longitude: 10.0)))
        #expect(decodingFailure(Coffee.self, from: ["name": "x", "location": "53.5,10"], decoder: referencedDecoder())
            == DecodingFailure(.typeMismatch, "Dictionary<String, Any>", [key("location")],
                               "Expected to decode Dictionary<String, Any> but found a string/data instead."))
    }

    @Test("Status: raw value \"in review\"; an unknown status fails")
    func status() throws {
        #expect(try Firestore.Decoder().decode(Article.self, from: ["title": "t", "status": "in review"])
            == Article(title: "t", status: .inReview))
        #expect(decodingFailure(Article.self, from: ["title": "t", "status": "inReview"]) == DecodingFailure(
            .dataCorrupted, nil, [key("status")], "Cannot initialize Status from invalid String value inReview"
        ))
    }

    @Test("Color: a hex string through a custom single-value init(from:)")
    func colors() throws {
        let tag = try Firestore.Decoder().decode(ColorTag.self, from: ["title": "SciFi", "color": "#FF8000"])
        #expect(tag.color == Color(red: 255, green: 128, blue: 0))
        #expect(decodingFailure(ColorTag.self, from: ["title": "SciFi", "color": "orange"]) == DecodingFailure(
            .dataCorrupted, nil, [key("color")], "Not a hex colour: orange"
        ))
        #expect(decodingFailure(ColorTag.self, from: ["title": "SciFi", "color": 0xFF8000]) == DecodingFailure(
            .typeMismatch, "String", [key("color")], "Expected to decode String but found a number instead."
        ))
    }

    @Test("ColorEntry: read as an optional, a missing document is nil")
    func colorEntry() throws {
        let decoder = Firestore.Decoder()
        let entry = try decoder.decode(ColorEntry?.self, from: ["name": "Sunset", "color": "#FF450080"],
                                       in: try testReference("colors/sunset"))
        #expect(entry == ColorEntry(id: "sunset", name: "Sunset", color: Color(red: 255, green: 69, blue: 0, alpha: 128)))
        #expect(try decoder.decode(ColorEntry?.self, from: NSNull(), in: try testReference("colors/gone")) == nil)
        #expect(decodingFailure(ColorEntry?.self, from: ["name": "Sunset"], decoder: decoder) == DecodingFailure(
            .keyNotFound, "color", [],
            "No value associated with key CodingKeys(stringValue: \"color\", intValue: nil) (\"color\")."
        ))
    }
}
