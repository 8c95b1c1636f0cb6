import FirestoreCodable
import FirestoreModel
import Foundation

/// (a) A flat model of ten scalar fields.
struct FlatModel: Codable, Equatable {
    var title: String
    var author: String
    var pages: Int
    var rating: Double
    var available: Bool
    var isbn: String
    var year: Int
    var price: Double
    var language: String
    var edition: Int

    static let sample = FlatModel(
        title: "The Hitchhiker's Guide to the Galaxy", author: "Douglas Adams", pages: 816, rating: 4.7,
        available: true, isbn: "978-0345391803", year: 1979, price: 12.99, language: "en", edition: 3)
}

/// A tag, as in Google's Codable guide.
struct Tag: Codable, Equatable {
    var title: String
    var color: String
}

/// A chapter with a nested list of tags and a map of counts.
struct Chapter: Codable, Equatable {
    var title: String
    var pages: Int
    var tags: [Tag]
    var wordCounts: [String: Int]
}

/// (b) A nested model: arrays of structs, maps, and structs inside those.
struct NestedModel: Codable, Equatable {
    var title: String
    var genres: [String]
    var chapters: [Chapter]
    var metadata: [String: String]
    var ratings: [String: Double]

    static let sample = NestedModel(
        title: "A Nested Book",
        genres: ["Sci-Fi", "Comedy", "Classic"],
        chapters: (0..<8).map { index in
            Chapter(title: "Chapter \(index)", pages: 10 + index,
                    tags: (0..<4).map { Tag(title: "tag\($0)", color: "#ff00\($0)\($0)") },
                    wordCounts: ["draft": 1000 + index, "final": 900 + index, "notes": index])
        },
        metadata: ["publisher": "Pan Books", "country": "UK", "format": "paperback"],
        ratings: ["goodreads": 4.2, "amazon": 4.7])
}

/// A small struct for the large array.
struct Item: Codable, Equatable {
    var id: Int
    var name: String
    var score: Double
}

/// (c) A document holding a 1,000-element array of small structs.
struct LargeArrayModel: Codable, Equatable {
    var items: [Item]

    static let sample = LargeArrayModel(items: (0..<1000).map { Item(id: $0, name: "item \($0)", score: Double($0) / 7) })
}
