import FirebaseFirestore
import Foundation
import Testing

/// Seed 003's `CardRepository`, written as its tutorial writes it, runs unchanged against
/// the emulator: cards added are heard by its listener and decoded, and a document that does
/// not decode as a `Card` is dropped by its `compactMap { try? … }` — and counted here.
extension SDKClientTests {
    @Test func theCardRepositoryAddsListensDecodesAndDropsABrokenCard() async throws {
        let store = try ClientTestSupport.store()
        // The repository's collection is `cards`: empty it first (a run before may have filled it).
        for document in try await store.collection("cards").getDocuments().documents {
            try await document.reference.delete()
        }
        let states = CallRecorder<[String]>()
        let repository = CardRepository { cards, dropped in
            states.record(cards.map { "\($0.question)/\($0.answer)/\($0.id?.count ?? 0)" }.sorted() + ["dropped \(dropped)"])
        }
        defer { repository.stop() }
        #expect(try await ClientTestSupport.waitUntil { states.all.last == ["dropped 0"] })

        repository.add(Card(question: "2 + 2", answer: "4"))
        repository.add(Card(question: "Capital of Norway", answer: "Oslo", userId: "u1"))
        // A card stored by another client with a number where the question's text belongs.
        try await store.collection("cards").document("broken").setData(from: ["question": 42])

        let expected = ["2 + 2/4/20", "Capital of Norway/Oslo/20", "dropped 1"]
        #expect(try await ClientTestSupport.waitUntil { states.all.last == expected }, "states: \(states.all)")
        let stored = try await store.collection("cards").getDocuments()
        #expect(stored.count == 3)
        #expect(stored.documents.compactMap { try? $0.data(as: Card.self) }.map(\.successful) == [true, true])
    }
}
