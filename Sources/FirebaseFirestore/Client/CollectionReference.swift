import FirestoreCodable
import FirestoreEmulator
import FirestoreJSON
import FirestoreModel
import Foundation

/// A collection of one database (the SDK's `CollectionReference`): its documents, new ones
/// added to it, and what it holds, read once or listened to.
public final class CollectionReference: Sendable {
    /// The database the collection is in.
    public let firestore: Firestore
    /// The document the collection is under; nil for a root collection.
    public let parent: DocumentReference?
    /// The collection's own ID, the last segment of its path.
    public let collectionID: String

    /// The collection at `path` of `firestore`'s database. The SDK raises an exception for a
    /// path that names no collection; so does this client.
    init(firestore: Firestore, path: String) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.count % 2 == 0 {
            preconditionFailure("collection(\"\(path)\"): a collection path needs an odd number of segments, found \(segments.count)")
        }
        for (position, segment) in segments.enumerated() {
            if let problem = DocumentReference.problem(withID: segment) {
                preconditionFailure("collection(\"\(path)\"): segment \(position + 1): \(problem)")
            }
        }
        self.firestore = firestore
        self.collectionID = segments[segments.count - 1]
        if segments.count == 1 {
            self.parent = nil
        } else {
            do {
                self.parent = try DocumentReference(segments: Array(segments.dropLast()), database: firestore.databaseID)
            } catch {
                preconditionFailure("collection(\"\(path)\"): \(error)")
            }
        }
    }

    /// The collection's slash-separated path (`users/u1/cards`).
    public var path: String { (parent.map { $0.path + "/" } ?? "") + collectionID }

    /// A document of this collection with a new random ID (20 letters and digits, as the SDK makes them).
    public func document() -> DocumentReference {
        document(CollectionReference.autoID())
    }

    /// The document of this collection at `documentPath` (an ID, or a longer path below the
    /// collection). The SDK raises an exception for a path that names no document; so does this client.
    public func document(_ documentPath: String) -> DocumentReference {
        firestore.document(path + "/" + documentPath)
    }

    /// Encodes `value` with `encoder` and writes it as a new document with a random ID, as the
    /// SDK's `addDocument(from:encoder:completion:)`: the encoding's errors are thrown here;
    /// the write is sent after the calls made before it, and `completion` is called with its
    /// error or nil.
    @discardableResult
    public func addDocument<T: Encodable>(from value: T, encoder: Firestore.Encoder = Firestore.Encoder(),
                                          completion: (((any Error)?) -> Void)? = nil) throws -> DocumentReference {
        let reference = document()
        try reference.setData(from: value, encoder: encoder, completion: completion)
        return reference
    }

    /// Encodes `value` with `encoder` and writes it as a new document with a random ID;
    /// returns once the emulator has stored it.
    @discardableResult
    public func addDocument<T: Encodable>(from value: T, encoder: Firestore.Encoder = Firestore.Encoder()) async throws -> DocumentReference {
        let reference = document()
        try await reference.setData(from: value, encoder: encoder)
        return reference
    }

    /// The collection's documents, read once, by document ID.
    public func getDocuments() async throws(FirestoreClientError) -> QuerySnapshot {
        let read = readDocuments
        return try await ClientQueues.run { () throws(FirestoreClientError) in try read() }
    }

    /// Listens to the collection: `listener` is called with a snapshot of its documents at
    /// once and again after each change, until `remove()` on the registration or until an
    /// error, which it is called with and which ends the listening (as in the SDK).
    ///
    /// The emulator serves no REST listen stream (`documents:listen` answers 404), so the
    /// listener polls: it reads the collection every `CollectionPoll.interval` and calls
    /// `listener` when what it read differs from what it last handed over. A change shows
    /// after at most one interval, where the SDK shows an app's own writes at once.
    @discardableResult
    public func addSnapshotListener(_ listener: @escaping (QuerySnapshot?, (any Error)?) -> Void) -> any ListenerRegistration {
        CollectionPoll.start(reading: readDocuments, listener: AppCallback { listener($0.0, $0.1) })
    }

    /// Reads the collection's documents now (on the requests queue).
    private var readDocuments: @Sendable () throws(FirestoreClientError) -> QuerySnapshot {
        let operation = "getDocuments of \(path)"
        let query = StructuredQuery(parent: parent, collectionID: collectionID)
        let firestore = firestore
        return { () throws(FirestoreClientError) in
            let client = try firestore.client(for: operation)
            do throws(EmulatorError) {
                let found = try client.runQuery(query)
                return QuerySnapshot(documents: found.compactMap { document in
                    document.reference.map { QueryDocumentSnapshot(reference: $0, fields: document.fields, createTime: document.createTime,
                                                                   updateTime: document.updateTime) }
                })
            } catch {
                throw FirestoreClientError(error, operation: operation)
            }
        }
    }

    /// A new document ID: 20 characters drawn from letters and digits, as the SDK draws them.
    static func autoID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
