import FirestoreCodable
import FirestoreEmulator
import FirestoreModel
import Foundation

/// The SDK's entry points on `Firestore`: the shared instance, the emulator it talks to, and
/// references to its collections and documents.
///
/// This client talks to the Cloud Firestore emulator only, over its REST API
/// (`FirestoreRESTClient`): it has no offline cache, no authentication and no TLS.
extension Firestore {
    /// The environment variable the project ID is read from (the convention of Google's
    /// emulators and server SDKs); without it the project is `DatabaseID.default`'s.
    public static let projectEnvironmentVariable = "GCLOUD_PROJECT"

    /// The instance of the default database of the project `GCLOUD_PROJECT` names (or
    /// `crossfire`), the same object at every call. Its emulator is the one
    /// `useEmulator(withHost:port:)` names, else the one `FIRESTORE_EMULATOR_HOST` names.
    public static func firestore() -> Firestore {
        let project = ProcessInfo.processInfo.environment[projectEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        return FirestoreConnections.shared.instance(for: project.map { DatabaseID(projectID: $0) } ?? .default)
    }

    /// Reads and writes this database on the emulator at `host`:`port` from now on (the
    /// SDK's call for the same, which apps make before any other).
    public func useEmulator(withHost host: String, port: Int) {
        // The SDK raises an exception for a port that is no TCP port; so does this client.
        guard let tcpPort = UInt16(exactly: port), tcpPort > 0 else {
            preconditionFailure("useEmulator(withHost:port:): \(port) is no TCP port (expected 1 to 65535)")
        }
        FirestoreConnections.shared.use(EmulatorHost(host: host, port: tcpPort), for: databaseID)
    }

    /// The collection at `collectionPath` (`cards`, `users/u1/cards`). The path must name a
    /// collection (an odd number of valid IDs): the SDK raises an exception for any other,
    /// and so does this client.
    public func collection(_ collectionPath: String) -> CollectionReference {
        CollectionReference(firestore: self, path: collectionPath)
    }

    /// The document at `documentPath` (`cards/c1`). The path must name a document (an even
    /// number of valid IDs): the SDK raises an exception for any other, and so does this client.
    public func document(_ documentPath: String) -> DocumentReference {
        do {
            return try DocumentReference(path: documentPath, database: databaseID)
        } catch {
            preconditionFailure("document(\"\(documentPath)\"): \(error)")
        }
    }

    /// The REST client of this database, for `operation`.
    func client(for operation: String) throws(FirestoreClientError) -> FirestoreRESTClient {
        try FirestoreConnections.shared.client(for: databaseID, operation: operation)
    }
}
