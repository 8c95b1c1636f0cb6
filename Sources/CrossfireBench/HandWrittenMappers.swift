import FirestoreModel
import Foundation

// Hand-written dictionary mappers for the benchmark models, in the idiom of apps that map
// Firestore data by hand (`data["key"] as? T`). The read path hands integers as Int64.
// Their `dictionary` builds every collection element by element, as `[Any]` and
// `[String: Any]`, as the Codable encoder must: handing a typed `[String]` over as it is would
// cost one retain where Codable builds each element, and make the comparison unfair.

extension FlatModel {
    init?(data: [String: Any]) {
        guard let title = data["title"] as? String, let author = data["author"] as? String,
              let pages = data["pages"] as? Int64, let rating = data["rating"] as? Double,
              let available = data["available"] as? Bool, let isbn = data["isbn"] as? String,
              let year = data["year"] as? Int64, let price = data["price"] as? Double,
              let language = data["language"] as? String, let edition = data["edition"] as? Int64
        else { return nil }
        self.init(title: title, author: author, pages: Int(pages), rating: rating, available: available, isbn: isbn,
                  year: Int(year), price: price, language: language, edition: Int(edition))
    }

    var dictionary: [String: Any] {
        ["title": title, "author": author, "pages": pages, "rating": rating, "available": available,
         "isbn": isbn, "year": year, "price": price, "language": language, "edition": edition]
    }
}

extension Tag {
    init?(data: [String: Any]) {
        guard let title = data["title"] as? String, let color = data["color"] as? String else { return nil }
        self.init(title: title, color: color)
    }

    var dictionary: [String: Any] { ["title": title, "color": color] }
}

extension Chapter {
    init?(data: [String: Any]) {
        guard let title = data["title"] as? String, let pages = data["pages"] as? Int64,
              let tagData = data["tags"] as? [Any], let counts = data["wordCounts"] as? [String: Any]
        else { return nil }
        var tags: [Tag] = []
        tags.reserveCapacity(tagData.count)
        for element in tagData {
            guard let map = element as? [String: Any], let tag = Tag(data: map) else { return nil }
            tags.append(tag)
        }
        var wordCounts: [String: Int] = [:]
        for (key, value) in counts {
            guard let count = value as? Int64 else { return nil }
            wordCounts[key] = Int(count)
        }
        self.init(title: title, pages: Int(pages), tags: tags, wordCounts: wordCounts)
    }

    var dictionary: [String: Any] {
        ["title": title, "pages": pages, "tags": tags.map(\.dictionary), "wordCounts": wordCounts.mapValues { $0 as Any }]
    }
}

extension NestedModel {
    init?(data: [String: Any]) {
        guard let title = data["title"] as? String, let genreData = data["genres"] as? [Any],
              let chapterData = data["chapters"] as? [Any], let metadataData = data["metadata"] as? [String: Any],
              let ratingData = data["ratings"] as? [String: Any]
        else { return nil }
        var genres: [String] = []
        for genre in genreData {
            guard let text = genre as? String else { return nil }
            genres.append(text)
        }
        var chapters: [Chapter] = []
        for element in chapterData {
            guard let map = element as? [String: Any], let chapter = Chapter(data: map) else { return nil }
            chapters.append(chapter)
        }
        var metadata: [String: String] = [:]
        for (key, value) in metadataData {
            guard let text = value as? String else { return nil }
            metadata[key] = text
        }
        var ratings: [String: Double] = [:]
        for (key, value) in ratingData {
            guard let rating = value as? Double else { return nil }
            ratings[key] = rating
        }
        self.init(title: title, genres: genres, chapters: chapters, metadata: metadata, ratings: ratings)
    }

    var dictionary: [String: Any] {
        ["title": title, "genres": genres.map { $0 as Any }, "chapters": chapters.map(\.dictionary),
         "metadata": metadata.mapValues { $0 as Any }, "ratings": ratings.mapValues { $0 as Any }]
    }
}

extension Item {
    init?(data: [String: Any]) {
        guard let id = data["id"] as? Int64, let name = data["name"] as? String, let score = data["score"] as? Double else {
            return nil
        }
        self.init(id: Int(id), name: name, score: score)
    }

    var dictionary: [String: Any] { ["id": id, "name": name, "score": score] }
}

extension LargeArrayModel {
    init?(data: [String: Any]) {
        guard let itemData = data["items"] as? [Any] else { return nil }
        var items: [Item] = []
        items.reserveCapacity(itemData.count)
        for element in itemData {
            guard let map = element as? [String: Any], let item = Item(data: map) else { return nil }
            items.append(item)
        }
        self.init(items: items)
    }

    var dictionary: [String: Any] { ["items": items.map(\.dictionary)] }
}
