import FirestoreCodable
import FirestoreEmulator
import FirestoreModel
import Foundation
import Synchronization

/// The client's state, one per process: the `Firestore` instance of each database, the
/// emulator `useEmulator(withHost:port:)` named for it, and one REST client per database
/// (one connection, kept alive). A database no emulator was named for uses the one
/// `FIRESTORE_EMULATOR_HOST` names when it is first asked for.
final class FirestoreConnections: Sendable {
    /// The process's connections.
    static let shared = FirestoreConnections()

    private struct State {
        var instances: [DatabaseID: Firestore] = [:]
        var hosts: [DatabaseID: EmulatorHost] = [:]
        var clients: [DatabaseID: FirestoreRESTClient] = [:]
    }

    private let state = Mutex(State())

    /// The one instance for `database`.
    func instance(for database: DatabaseID) -> Firestore {
        state.withLock { state in
            if let instance = state.instances[database] { return instance }
            let instance = Firestore(databaseID: database)
            state.instances[database] = instance
            return instance
        }
    }

    /// Names the emulator `database` is read and written on from now on.
    func use(_ host: EmulatorHost, for database: DatabaseID) {
        state.withLock { state in
            state.hosts[database] = host
            state.clients[database] = nil
        }
    }

    /// The REST client of `database`, for `operation` (named in the error).
    /// - Throws: `noEmulator` when no emulator is named for it, `invalidEmulatorHost` when
    ///   `FIRESTORE_EMULATOR_HOST` is not `HOST:PORT`.
    func client(for database: DatabaseID, operation: String) throws(FirestoreClientError) -> FirestoreRESTClient {
        try state.withLock { (state) throws(FirestoreClientError) -> FirestoreRESTClient in
            if let client = state.clients[database] { return client }
            let host: EmulatorHost
            if let named = state.hosts[database] {
                host = named
            } else {
                do {
                    guard let configured = try EmulatorHost.configured(in: ProcessInfo.processInfo.environment) else {
                        throw FirestoreClientError(.noEmulator, operation: operation, reason: FirestoreConnections.noEmulatorReason)
                    }
                    host = configured
                } catch let error as FirestoreClientError {
                    throw error
                } catch {
                    throw FirestoreClientError(.invalidEmulatorHost, operation: operation, reason: "\(error)")
                }
            }
            let client = FirestoreRESTClient(host: host, database: database)
            state.clients[database] = client
            return client
        }
    }

    private static let noEmulatorReason = "no Firestore emulator is named: this client reads and writes the emulator only; set "
        + "\(EmulatorHost.environmentVariable)=HOST:PORT or call Firestore.firestore().useEmulator(withHost:port:)"
}
