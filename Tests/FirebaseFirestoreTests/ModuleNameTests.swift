import FirebaseFirestore
import Testing

/// The model files of `ModelFiles/` begin `import Firebase` and `import FirebaseFirestoreSwift`
/// and compile; these tests read them as an app does, through the SDK's snapshots.
@Suite struct ModuleNameTests {
    private let reference: DocumentReference

    init() throws {
        reference = try DocumentReference(path: "reviews/r1")
    }

    @Test func aModelFileImportingFirebaseReadsAQuerySnapshot() throws {
        let fields: FirestoreMap = ["title": .string("Good"), "stars": .integer(4), "average": .double(4.5),
                                    "createdAt": .timestamp(Timestamp(seconds: 1_700_000_000, nanoseconds: 0))]
        let snapshot = QueryDocumentSnapshot(reference: reference, fields: fields)
        let review = try #require(Review(document: snapshot))
        #expect(review.id == "r1")
        #expect(review.stars == 4)
        #expect(review.average == 4.5)
        let decoded = try snapshot.data(as: Review.self)
        #expect(decoded.id == "r1" && decoded.title == "Good" && decoded.average == 4.5)
    }

    @Test func anAverageNoFloatHoldsIsRefusedByTheLegacyReaderAsOnIOS() {
        // `as? Float` on the double 4.1 is nil on iOS (no Float is 4.1 exactly): the reader drops
        // the document, where `data(as:)` reads the nearest Float.
        let fields: FirestoreMap = ["title": .string("Fine"), "stars": .integer(4), "average": .double(4.1),
                                    "createdAt": .timestamp(Timestamp(seconds: 1_700_000_000, nanoseconds: 0))]
        let snapshot = QueryDocumentSnapshot(reference: reference, fields: fields)
        #expect(Review(document: snapshot) == nil)
        #expect((try? snapshot.data(as: Review.self))?.average == Float(4.1))
    }

    @Test func aModelFileImportingFirebaseFirestoreSwiftEncodesItsWrappers() throws {
        let note = Note(id: "n1", text: "hello", updatedAt: nil)
        let written = try Firestore.Encoder().encode(note)
        #expect(written["id"] == nil)
        #expect(written["text"] as? String == "hello")
        #expect(written["updatedAt"] is FieldValue)
    }
}
