import FirestoreCodable
import FirestoreEmulator
import FirestoreJSON
import FirestoreModel
import Foundation

/// The SDK's document operations on a reference: write it from a Codable value, read it
/// (as a snapshot or decoded), delete it. The reference's database picks the connection
/// (`Firestore.firestore()`'s emulator for the default database).
extension DocumentReference {
    /// The instance of the reference's database.
    public var firestore: Firestore { FirestoreConnections.shared.instance(for: database) }

    /// The collection that holds the document.
    public var parent: CollectionReference { CollectionReference(firestore: firestore, path: segments.dropLast().joined(separator: "/")) }

    /// Encodes `value` with `encoder` and writes it, as the SDK's
    /// `setData(from:merge:encoder:completion:)`: replacing the document, or with `merge`
    /// setting only the fields the value has (maps merged field by field). Encoding and the
    /// write path's errors are thrown here; the write is sent after the calls made before
    /// it, and `completion` is called with its error or nil.
    public func setData<T: Encodable>(from value: T, merge: Bool = false, encoder: Firestore.Encoder = Firestore.Encoder(),
                                      completion: (((any Error)?) -> Void)? = nil) throws {
        let write = try documentWrite(of: value, merge: merge, encoder: encoder)
        let send = sender(of: write, operation: "setData of \(path)")
        ClientQueues.run({ () throws(FirestoreClientError) in try send() }, completion: completion.map { AppCallback(call: $0) })
    }

    /// Encodes `value` with `encoder` and writes it (with `merge`, only the fields the value
    /// has); returns once the emulator has stored it.
    public func setData<T: Encodable>(from value: T, merge: Bool = false, encoder: Firestore.Encoder = Firestore.Encoder()) async throws {
        let write = try documentWrite(of: value, merge: merge, encoder: encoder)
        let send = sender(of: write, operation: "setData of \(path)")
        try await ClientQueues.run { () throws(FirestoreClientError) in try send() }
    }

    /// The document, read now.
    public func getDocument() async throws(FirestoreClientError) -> DocumentSnapshot {
        let operation = "getDocument of \(path)"
        let reference = self
        let firestore = firestore
        return try await ClientQueues.run { () throws(FirestoreClientError) in
            let client = try firestore.client(for: operation)
            do throws(EmulatorError) {
                let found = try client.batchGet([reference])
                guard let document = found[client.reference(reference)] else { return DocumentSnapshot(missing: reference) }
                return DocumentSnapshot(reference: reference, fields: document.fields, createTime: document.createTime, updateTime: document.updateTime)
            } catch {
                throw FirestoreClientError(error, operation: operation)
            }
        }
    }

    /// The document, read now and decoded as a `T`, as the SDK's `getDocument(as:with:decoder:)`:
    /// a document that does not exist decodes from null (a model type throws `valueNotFound`).
    public func getDocument<T: Decodable>(as type: T.Type, with serverTimestampBehavior: ServerTimestampBehavior = .none,
                                          decoder: Firestore.Decoder = Firestore.Decoder()) async throws -> T {
        try await getDocument().data(as: type, with: serverTimestampBehavior, decoder: decoder)
    }

    /// Deletes the document (nothing happens when it does not exist); the delete is sent after
    /// the calls made before it, and `completion` is called with its error or nil.
    public func delete(completion: (((any Error)?) -> Void)? = nil) {
        let send = sender(of: .delete(self), operation: "delete of \(path)")
        ClientQueues.run({ () throws(FirestoreClientError) in try send() }, completion: completion.map { AppCallback(call: $0) })
    }

    /// Deletes the document (nothing happens when it does not exist); returns once the
    /// emulator has deleted it.
    public func delete() async throws(FirestoreClientError) {
        let send = sender(of: .delete(self), operation: "delete of \(path)")
        try await ClientQueues.run { () throws(FirestoreClientError) in try send() }
    }

    /// The write `setData(from:merge:)` sends: the encoded value through the SDK's write path,
    /// with its field mask for a merge and its transforms (server timestamps and the like).
    private func documentWrite<T: Encodable>(of value: T, merge: Bool, encoder: Firestore.Encoder) throws -> DocumentWrite {
        let parsed = try encoder.encodeToWrite(value, kind: merge ? .merge : .set, database: database)
        return .update(RESTDocument(reference: self, fields: parsed.fields), mask: merge ? parsed.fieldMask + parsed.deletes : nil,
                       transforms: parsed.transforms)
    }

    /// Sends `write` in a commit of its own (on the requests queue).
    private func sender(of write: DocumentWrite, operation: String) -> @Sendable () throws(FirestoreClientError) -> Void {
        let firestore = firestore
        return { () throws(FirestoreClientError) in
            let client = try firestore.client(for: operation)
            do throws(EmulatorError) {
                try client.commit(writes: [write])
            } catch {
                throw FirestoreClientError(error, operation: operation)
            }
        }
    }
}
