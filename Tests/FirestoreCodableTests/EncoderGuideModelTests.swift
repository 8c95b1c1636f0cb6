import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// The models of Firebase's "Map Cloud Firestore data with Swift Codable" guide, encode
/// side: they compile unchanged against this module and write what the SDK writes.
@Suite("Encoder: the Codable guide's models")
struct EncoderGuideModelTests {
    struct Book: Codable {
        @DocumentID var id: String?
        var title: String
        var numberOfPages: Int
        var author: String
    }

    struct ProgrammingLanguage: Codable {
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

    struct Coffee: Codable {
        @DocumentID var id: String?
        var name: String
        var location: GeoPoint
    }

    enum Status: String, Codable {
        case open
        case inReview = "in review"
        case inProgress = "in progress"
        case closed
    }

    struct Issue: Codable {
        @DocumentID var id: String?
        var title: String
        var description: String
        var status: Status
    }

    /// A colour written as a hex string through a custom single-value Codable.
    struct Color: Codable, Hashable {
        var red: Double
        var green: Double
        var blue: Double

        var hex: String {
            let parts = [red, green, blue].map { Int(($0 * 255).rounded()) }
            return "#" + parts.map { part in
                let digits = String(part, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
        }

        init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let digits = Array(text.dropFirst())
            guard text.hasPrefix("#"), digits.count == 6,
                  let value = Int(String(digits), radix: 16)
            else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a hex colour: \(text)")
            }
            self.init(
                red: Double((value >> 16) & 0xFF) / 255,
                green: Double((value >> 8) & 0xFF) / 255,
                blue: Double(value & 0xFF) / 255
            )
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(hex)
        }
    }

    struct Tag: Codable, Hashable {
        var title: String
        var color: Color
    }

    struct BookWithTags: Codable {
        @DocumentID var id: String?
        var title: String
        var numberOfPages: Int
        var author: String
        var tags: [Tag]
    }

    struct ColorEntry: Codable {
        @DocumentID var id: String?
        var name: String
        var color: Color
    }

    @Test func book() throws {
        let book = Book(id: "hitchhiker", title: "The Hitchhiker's Guide to the Galaxy", numberOfPages: 816, author: "Douglas Adams")
        let result = try encoded(book)
        #expect(Set(result.keys) == ["title", "numberOfPages", "author"])
        #expect(result["title"] as? String == "The Hitchhiker's Guide to the Galaxy")
        #expect(typeName(result["numberOfPages"]) == "Int")
        #expect(result["numberOfPages"] as? Int == 816)
        #expect(result["author"] as? String == "Douglas Adams")
    }

    @Test func programmingLanguageRenamesAndDrops() throws {
        let language = ProgrammingLanguage(
            id: "swift", name: "Swift", year: Date(timeIntervalSince1970: 1_401_580_800),
            reasonWhyILoveThis: "not stored"
        )
        let result = try encoded(language)
        #expect(Set(result.keys) == ["language_name", "year"])
        #expect(result["language_name"] as? String == "Swift")
        #expect(result["year"] as? Timestamp == Timestamp(seconds: 1_401_580_800, nanoseconds: 0))
    }

    @Test func coffeeKeepsItsGeoPoint() throws {
        let coffee = Coffee(id: nil, name: "Blue Bottle", location: GeoPoint(latitude: 37.7823, longitude: -122.4186))
        let result = try encoded(coffee)
        #expect(Set(result.keys) == ["name", "location"])
        #expect(result["location"] as? GeoPoint == GeoPoint(latitude: 37.7823, longitude: -122.4186))
    }

    @Test func issueStatusIsItsRawValue() throws {
        let issue = Issue(id: "1", title: "Crash", description: "on launch", status: .inReview)
        let result = try encoded(issue)
        #expect(result["status"] as? String == "in review")
        #expect(Set(result.keys) == ["title", "description", "status"])
    }

    @Test func bookWithTagsWritesColoursAsHex() throws {
        let book = BookWithTags(
            id: nil, title: "T", numberOfPages: 1, author: "A",
            tags: [Tag(title: "sci-fi", color: Color(red: 1, green: 0.5, blue: 0)),
                   Tag(title: "classic", color: Color(red: 0, green: 0, blue: 1))]
        )
        let result = try encoded(book)
        let tags = try #require(result["tags"] as? [[String: Any]])
        #expect(tags.count == 2)
        #expect(tags[0]["title"] as? String == "sci-fi")
        #expect(tags[0]["color"] as? String == "#FF8000")
        #expect(tags[1]["color"] as? String == "#0000FF")
    }

    @Test func colorEntry() throws {
        let entry = ColorEntry(id: "red", name: "Red", color: Color(red: 1, green: 0, blue: 0))
        let result = try encoded(entry)
        #expect(Set(result.keys) == ["name", "color"])
        #expect(result["color"] as? String == "#FF0000")
    }

    @Test func colourAloneIsNotADocument() {
        #expect(invalidValueContext(Color(red: 0, green: 0, blue: 0))?.debugDescription == "Top-level Color is not allowed.")
    }
}
