import FirebaseFirestore
import Foundation
import Testing

/// The SDK's client against the emulator: writes from Codable values (whole, merged, with a
/// server timestamp), reads as snapshots and decoded, collections listed and listened to,
/// deletes, and errors that name what was asked. One at a time: they share
/// `Firestore.firestore()`'s database, and `CardRepositoryTests` clears its `cards`.
@Suite(.serialized) struct SDKClientTests {
    private struct Book: Codable, Equatable {
        @DocumentID var id: String?
        var title: String
        var pages: Int
        var published: Timestamp
        var tags: [String: Int] = [:]
    }

    private struct Stamped: Codable {
        var text: String
        @ServerTimestamp var updatedAt: Timestamp?
    }

    @Test func aValueWrittenIsReadBackDecodedAndAsNumbersIOSWouldSee() async throws {
        let books = try ClientTestSupport.store().collection(SharedEmulator.collection("books"))
        let book = Book(title: "Dune", pages: 412, published: Timestamp(seconds: -157_766_400, nanoseconds: 123_456_000))
        let reference = books.document("dune")
        try await reference.setData(from: book)
        var expected = book
        expected.id = "dune"
        #expect(try await reference.getDocument(as: Book.self) == expected)
        let snapshot = try await reference.getDocument()
        #expect(snapshot.exists && snapshot.documentID == "dune")
        #expect(snapshot["pages"] as? Int == 412)
        #expect(snapshot["pages"] as? Double == 412)
        #expect(snapshot.data()?["title"] as? String == "Dune")
    }

    @Test func aMissingDocumentReadsAsNotExisting() async throws {
        let reference = try ClientTestSupport.store().collection(SharedEmulator.collection("books")).document("none")
        let snapshot = try await reference.getDocument()
        #expect(!snapshot.exists && snapshot.data() == nil)
        await #expect(throws: DecodingError.self) { try await reference.getDocument(as: Book.self) }
    }

    @Test func aMergeSetsOnlyTheFieldsTheValueHas() async throws {
        let reference = try ClientTestSupport.store().collection(SharedEmulator.collection("books")).document("merged")
        try await reference.setData(from: Book(title: "Old", pages: 1, published: Timestamp(seconds: 0, nanoseconds: 0), tags: ["a": 1, "b": 2]))
        try await reference.setData(from: ["tags": ["b": 20, "c": 30], "extra": ["x": 1]], merge: true)
        let data = try #require(try await reference.getDocument().data())
        #expect(data["title"] as? String == "Old")
        #expect(data["tags"] as? [String: Int] == ["a": 1, "b": 20, "c": 30])
        #expect(data["extra"] as? [String: Int] == ["x": 1])
        // Without merge, the value replaces the document.
        try await reference.setData(from: ["only": 1])
        #expect(try await reference.getDocument().data()?.keys.sorted() == ["only"])
    }

    @Test func aNilServerTimestampIsFilledByTheServer() async throws {
        let reference = try ClientTestSupport.store().collection(SharedEmulator.collection("notes")).document("n1")
        let before = Date()
        try await reference.setData(from: Stamped(text: "hi", updatedAt: nil))
        let stamped = try await reference.getDocument(as: Stamped.self)
        let written = try #require(stamped.updatedAt).dateValue()
        #expect(written.timeIntervalSince(before) > -60 && written.timeIntervalSince(before) < 600)
    }

    @Test func addDocumentGivesANewRandomIDAndGetDocumentsListsByID() async throws {
        let collection = try ClientTestSupport.store().collection("shelves/s1/" + SharedEmulator.collection("books"))
        let first = try await collection.addDocument(from: Book(title: "B", pages: 2, published: Timestamp(seconds: 1, nanoseconds: 0)))
        let second = try await collection.addDocument(from: Book(title: "A", pages: 1, published: Timestamp(seconds: 1, nanoseconds: 0)))
        #expect(first.documentID.count == 20 && first.documentID.allSatisfy { $0.isLetter || $0.isNumber })
        #expect(first != second)
        #expect(first.parent.path == collection.path && collection.parent?.path == "shelves/s1")
        let listed = try await collection.getDocuments()
        #expect(listed.count == 2)
        #expect(listed.documents.map(\.documentID) == [first.documentID, second.documentID].sorted())
        #expect(Set(try listed.documents.map { try $0.data(as: Book.self).title }) == ["A", "B"])
    }

    @Test func aDeletedDocumentIsGone() async throws {
        let collection = try ClientTestSupport.store().collection(SharedEmulator.collection("books"))
        let kept = collection.document("kept")
        let gone = collection.document("gone")
        try await kept.setData(from: ["n": 1])
        try await gone.setData(from: ["n": 2])
        try await gone.delete()
        #expect(!(try await gone.getDocument().exists))
        let completions = CallRecorder<String?>()
        kept.delete { error in completions.record(error.map { "\($0)" }) }
        #expect(try await ClientTestSupport.waitUntil { !completions.all.isEmpty })
        #expect(completions.all == [nil])
        #expect(try await collection.getDocuments().isEmpty)
    }

    @Test func theCompletionHandlerOfAWriteIsCalledOnceItIsStored() async throws {
        let reference = try ClientTestSupport.store().collection(SharedEmulator.collection("books")).document("later")
        let completions = CallRecorder<String?>()
        try reference.setData(from: ["n": 1]) { error in completions.record(error.map { "\($0)" }) }
        #expect(try await ClientTestSupport.waitUntil { !completions.all.isEmpty })
        #expect(completions.all == [nil])
        #expect(try await reference.getDocument()["n"] as? Int == 1)
    }

    @Test func aListenerIsCalledAtOnceThenOnEachChangeUntilRemoved() async throws {
        let collection = try ClientTestSupport.store().collection(SharedEmulator.collection("listened"))
        let calls = CallRecorder<[String]>()
        let registration = collection.addSnapshotListener { snapshot, error in
            calls.record(snapshot.map { $0.documents.map { "\($0.documentID)=\($0["n"] as? Int ?? -1)" } } ?? ["error: \(String(describing: error))"])
        }
        #expect(try await ClientTestSupport.waitUntil { calls.all == [[]] })
        try await collection.document("a").setData(from: ["n": 1])
        #expect(try await ClientTestSupport.waitUntil { calls.all.last == ["a=1"] })
        try await collection.document("a").setData(from: ["n": 2])
        #expect(try await ClientTestSupport.waitUntil { calls.all.last == ["a=2"] })
        try await collection.document("a").delete()
        #expect(try await ClientTestSupport.waitUntil { calls.all.last == [] })
        // Each state was handed over once: an unchanged collection calls nobody.
        #expect(calls.all == [[], ["a=1"], ["a=2"], []])
        registration.remove()
        let count = calls.all.count
        try await collection.document("b").setData(from: ["n": 3])
        try await Task.sleep(for: .milliseconds(500))
        #expect(calls.all.count == count)
    }

    @Test func anUnreachableEmulatorIsAnErrorThatNamesTheRequest() async throws {
        let reference = try DocumentReference(path: "books/b1", database: DatabaseID(projectID: "crossfire-unreachable"))
        // Port 9 (discard), which no service of a test machine listens on: the connection is refused.
        reference.firestore.useEmulator(withHost: "127.0.0.1", port: 9)
        await #expect {
            try await reference.getDocument()
        } throws: { error in
            guard let error = error as? FirestoreClientError else { return false }
            return error.code == .requestFailed && error.operation == "getDocument of books/b1"
        }
        let completions = CallRecorder<String?>()
        try reference.setData(from: ["n": 1]) { error in completions.record(error.map { "\($0)" }) }
        #expect(try await ClientTestSupport.waitUntil { !completions.all.isEmpty })
        #expect(completions.all.first??.hasPrefix("setData of books/b1: ") == true)
        // A listener gets the error once, and is not called again.
        let calls = CallRecorder<String>()
        _ = reference.parent.addSnapshotListener { snapshot, error in calls.record(error.map { "\($0)" } ?? "snapshot") }
        #expect(try await ClientTestSupport.waitUntil { !calls.all.isEmpty })
        try await Task.sleep(for: .milliseconds(300))
        #expect(calls.all.count == 1 && calls.all[0].hasPrefix("getDocuments of books: "))
    }
}
