import FirebaseFirestore
import FirebaseFirestoreSwift

// Seed 003's model, as its tutorial ("Getting Started with Cloud Firestore and SwiftUI")
// writes it once it conforms to Codable.
struct Card: Identifiable, Codable {
    @DocumentID var id: String?
    var question: String
    var answer: String
    var successful: Bool = true
    var userId: String?
}
