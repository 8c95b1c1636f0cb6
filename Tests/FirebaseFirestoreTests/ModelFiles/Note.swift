import FirebaseFirestore
import FirebaseFirestoreSwift

// A model file as apps on SDK 8 to 10.16 write it, when `@DocumentID` and `@ServerTimestamp`
// lived in `FirebaseFirestoreSwift`. It compiles unchanged against Crossfire.
struct Note: Codable {
    @DocumentID var id: String?
    var text: String
    @ServerTimestamp var updatedAt: Timestamp?
}
