import Firebase

// A model file as apps on SDK 8–11 write it with the umbrella import: a Codable model and a
// legacy reader from a query's snapshot, whose `data()` is not optional, that reads the
// average `as? Float` and the count `as? Int`. It compiles unchanged against Crossfire.
struct Review: Codable, Identifiable {
    @DocumentID var id: String?
    var title: String
    var stars: Int
    var average: Float
    var createdAt: Timestamp

    init?(document: QueryDocumentSnapshot) {
        let data = document.data()
        guard let title = data["title"] as? String,
              let stars = data["stars"] as? Int,
              let average = data["average"] as? Float,
              let createdAt = data["createdAt"] as? Timestamp
        else { return nil }
        self.id = document.documentID
        self.title = title
        self.stars = stars
        self.average = average
        self.createdAt = createdAt
    }
}
