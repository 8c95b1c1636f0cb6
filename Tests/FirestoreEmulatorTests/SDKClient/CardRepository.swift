import FirebaseFirestore
import FirebaseFirestoreSwift

// Seed 003's `CardRepository`, written the way its tutorial writes it: the shared
// `Firestore.firestore()`, `addDocument(from:)` to add, and a snapshot listener whose
// documents are read with `compactMap { try? $0.data(as: Card.self) }`, so a document that
// does not decode is dropped without a word. Combine (`ObservableObject`, `@Published`) is
// Apple's only: here `cards` tells its changes to `onChange`, which also gets how many
// documents were dropped; and the listener's registration is kept, so it can be removed.
final class CardRepository {
    private let path: String = "cards"
    private let store = Firestore.firestore()
    private let onChange: ([Card], Int) -> Void
    private var registration: ListenerRegistration?

    private(set) var cards: [Card] = []
    private(set) var dropped = 0

    init(onChange: @escaping ([Card], Int) -> Void = { _, _ in }) {
        self.onChange = onChange
        get()
    }

    func get() {
        registration = store.collection(path)
            .addSnapshotListener { querySnapshot, error in
                if let error = error {
                    print("Error getting cards: \(error.localizedDescription)")
                    return
                }
                let documents = querySnapshot?.documents ?? []
                self.cards = documents.compactMap { document in
                    try? document.data(as: Card.self)
                }
                self.dropped = documents.count - self.cards.count
                self.onChange(self.cards, self.dropped)
            }
    }

    func add(_ card: Card) {
        do {
            _ = try store.collection(path).addDocument(from: card)
        } catch {
            fatalError("Unable to add card: \(error.localizedDescription).")
        }
    }

    func stop() {
        registration?.remove()
    }
}
