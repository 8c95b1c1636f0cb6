// The models of Google's guide "Map Cloud Firestore data with Swift Codable", written as the guide writes them — only the import differs — and
// taken through the whole stack: encode, the write path, storage, the read path, decode.
import FirestoreCodable
import FirestoreModel
import Foundation
import Testing

private struct Book: Codable, Equatable {
    @DocumentID var id: String?
    var title: String
    var numberOfPages: Int
    var author: String
}

private struct CoverImages: Codable, Equatable {
    var small: URL
    var medium: URL
    var large: URL
}

private struct BookWithCoverImages: Codable, Equatable {
    @DocumentID var id: String?
    var title: String
    var numberOfPages: Int
    var author: String
    var cover: CoverImages?
}

private struct BookWithGenre: Codable, Equatable {
    @DocumentID var id: String?
    var title: String
    var numberOfPages: Int
    var author: String
    var genres: [String]
}

private struct ProgrammingLanguage: Codable, Equatable {
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

private struct Coffee: Codable, Equatable {
    @DocumentID var id: String?
    var name: String
    var location: GeoPoint
}

private enum Status: String, Codable {
    case draft
    case inReview = "in review"
    case approved
    case published
}

private struct Article: Codable, Equatable {
    var title: String
    var status: Status
}

/// The guide's hex color (SwiftUI's `Color` there; its hex Codable extension here).
private struct Color: Hashable {
    var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: UInt8(rgba >> 24), green: UInt8(rgba >> 16 & 0xFF), blue: UInt8(rgba >> 8 & 0xFF), alpha: UInt8(rgba & 0xFF))
    }

    var toHex: String {
        String(format: "#%02X%02X%02X%02X", red, green, blue, alpha)
    }
}

extension Color: Codable {
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let hex = try container.decode(String.self)
        guard let color = Color(hex: hex) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Invalid hex color \(hex)")
        }
        self = color
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(toHex)
    }
}

private struct Tag: Codable, Hashable {
    var title: String
    var color: Color
}

private struct BookWithTags: Codable, Equatable {
    @DocumentID var id: String?
    var title: String
    var numberOfPages: Int
    var author: String
    var tags: [Tag]
}

private struct ColorEntry: Codable, Equatable {
    @DocumentID var id: String?
    var name: String
    var color: Color

    static let empty = ColorEntry(name: "", color: Color(red: 0, green: 0, blue: 0))
}

@Suite("Google's Codable guide's models, through the whole stack")
struct GuideModelRoundTripTests {
    let reference: DocumentReference
    let writePath = WritePath()
    let readPath = ReadPath()

    init() throws {
        reference = try DocumentReference(path: "books/hitchhiker")
    }

    /// `setData(from:)` then `getDocument(as:)`: encode, write path, stored, read path, decode.
    private func roundTrip<T: Codable>(_ value: T) throws -> (stored: FirestoreMap, back: T) {
        let stored = try Firestore.Encoder().encodeToFirestore(value)
        let back = try Firestore.Decoder().decode(T.self, from: readPath.data(stored), in: reference)
        return (stored, back)
    }

    @Test func bookRoundTripsWithItsIDFromTheReference() throws {
        let book = Book(title: "The Hitchhiker's Guide to the Galaxy", numberOfPages: 816, author: "Douglas Adams")
        let (stored, back) = try roundTrip(book)
        #expect(stored.keys.sorted() == ["author", "numberOfPages", "title"], "@DocumentID is never written")
        #expect(stored["numberOfPages"] == .integer(816))
        var expected = book
        expected.id = "hitchhiker"
        #expect(back == expected)
    }

    @Test func coverImagesAreStoredAsURLStringsAndAreOptional() throws {
        let images = try CoverImages(small: #require(URL(string: "https://example.com/s.png")),
                                     medium: #require(URL(string: "https://example.com/m.png")),
                                     large: #require(URL(string: "https://example.com/l.png")))
        let book = BookWithCoverImages(title: "T", numberOfPages: 1, author: "A", cover: images)
        let (stored, back) = try roundTrip(book)
        guard case .map(let cover)? = stored["cover"] else {
            Issue.record("cover is not a map: \(String(describing: stored["cover"]))")
            return
        }
        #expect(cover["small"] == .string("https://example.com/s.png"))
        #expect(back.cover == images)
        let (withoutCover, backWithout) = try roundTrip(BookWithCoverImages(title: "T", numberOfPages: 1, author: "A", cover: nil))
        #expect(withoutCover["cover"] == nil, "a nil optional is left out")
        #expect(backWithout.cover == nil)
    }

    @Test func genresAndTagsWithHexColorsRoundTrip() throws {
        let genres = BookWithGenre(title: "T", numberOfPages: 2, author: "A", genres: ["Sci-Fi", "Comedy"])
        #expect(try roundTrip(genres).stored["genres"] == .array([.string("Sci-Fi"), .string("Comedy")]))
        let tags = BookWithTags(title: "T", numberOfPages: 2, author: "A", tags: [
            Tag(title: "funny", color: Color(red: 255, green: 0, blue: 0)),
            Tag(title: "classic", color: Color(red: 0, green: 128, blue: 255, alpha: 128)),
        ])
        let (stored, back) = try roundTrip(tags)
        guard case .array(let storedTags)? = stored["tags"], case .map(let first)? = storedTags.first else {
            Issue.record("tags are not an array of maps")
            return
        }
        #expect(first["color"] == .string("#FF0000FF"))
        #expect(back.tags == tags.tags)
    }

    @Test func programmingLanguageRenamesNameAndDropsTheReasonOutOfCodingKeys() throws {
        var ada = ProgrammingLanguage(name: "Ada", year: Date(timeIntervalSince1970: -4_160_390_400))
        ada.reasonWhyILoveThis = "first program"
        let (stored, back) = try roundTrip(ada)
        #expect(stored["language_name"] == .string("Ada"))
        #expect(stored["name"] == nil)
        #expect(stored["reasonWhyILoveThis"] == nil, "left out of CodingKeys, so never written")
        #expect(stored["year"] == .timestamp(Timestamp(seconds: -4_160_390_400, nanoseconds: 0)))
        #expect(back.reasonWhyILoveThis == "", "and read back as its default")
        #expect(back.name == "Ada" && back.year == ada.year && back.id == "hitchhiker")
    }

    @Test func coffeeKeepsItsGeoPoint() throws {
        let coffee = Coffee(name: "Blue Bottle", location: GeoPoint(latitude: 37.7749, longitude: -122.4194))
        let (stored, back) = try roundTrip(coffee)
        #expect(stored["location"] == .geoPoint(GeoPoint(latitude: 37.7749, longitude: -122.4194)))
        #expect(back.location == coffee.location)
    }

    @Test func statusUsesItsCustomRawValue() throws {
        let (stored, back) = try roundTrip(Article(title: "Codable", status: .inReview))
        #expect(stored["status"] == .string("in review"))
        #expect(back.status == .inReview)
        #expect {
            _ = try Firestore.Decoder().decode(Article.self, from: ["title": "x", "status": "inReview"] as [String: Any])
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["status"]
                && context.debugDescription == "Cannot initialize Status from invalid String value inReview"
        }
    }

    @Test func colorEntryRoundTripsAndABadHexIsCorruptedData() throws {
        let entry = ColorEntry(name: "Sunset", color: Color(red: 250, green: 128, blue: 114))
        var expected = entry
        expected.id = "hitchhiker"
        #expect(try roundTrip(entry).back == expected)
        #expect(try roundTrip(ColorEntry.empty).stored["color"] == .string("#000000FF"))
        #expect {
            _ = try Firestore.Decoder().decode(ColorEntry.self, from: ["name": "x", "color": "red"] as [String: Any], in: reference)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["color"]
        }
    }

    @Test func theGuidesFailuresAreThrownAsTheGuideHandlesThem() throws {
        // A document that does not exist: data(as:) throws for Book, gives nil for Book?.
        let missing = DocumentSnapshot(missing: reference)
        #expect {
            _ = try missing.data(as: Book.self)
        } throws: { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return false }
            return context.debugDescription == "Cannot get keyed decoding container -- found null value instead."
        }
        #expect(try missing.data(as: Book?.self) == nil)
        // Invalid data: the number of pages stored as a string is a type mismatch at its key.
        #expect {
            _ = try Firestore.Decoder().decode(Book.self, from: ["title": "T", "author": "A", "numberOfPages": "816"] as [String: Any], in: reference)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["numberOfPages"]
                && context.debugDescription == "Expected to decode Int but found a string/data instead."
        }
        // A missing attribute is keyNotFound, naming the key.
        #expect {
            _ = try Firestore.Decoder().decode(Book.self, from: ["title": "T", "author": "A"] as [String: Any], in: reference)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "numberOfPages"
        }
    }
}
