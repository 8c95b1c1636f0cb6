import FirestoreModel
import Foundation
import Synchronization

/// What `addSnapshotListener` returns (the SDK's `ListenerRegistration`): `remove()` ends
/// the listening; the listener is not called after it returns.
public protocol ListenerRegistration: AnyObject, Sendable {
    /// Ends the listening.
    func remove()
}

/// A collection listened to by polling, since the emulator serves no REST listen stream:
/// every `interval` the collection is read on the requests queue, and when what was read
/// differs from what the listener last got (a document added, changed or deleted: another
/// update time or other fields) the listener is called with it on the callbacks queue. The
/// first read is always handed over. An error is handed over and ends the polling.
final class CollectionPoll: ListenerRegistration {
    /// How long the poll waits between two reads of the collection.
    static let interval: DispatchTimeInterval = .milliseconds(100)

    private struct State {
        var removed = false
        var lastDelivered: [QueryDocumentSnapshotVersion]?
    }

    private let read: @Sendable () throws(FirestoreClientError) -> QuerySnapshot
    private let listener: AppCallback<(QuerySnapshot?, (any Error)?)>
    private let state = Mutex(State())

    private init(read: @escaping @Sendable () throws(FirestoreClientError) -> QuerySnapshot, listener: AppCallback<(QuerySnapshot?, (any Error)?)>) {
        self.read = read
        self.listener = listener
    }

    /// A poll of what `read` reads, handing changes to `listener`, started now.
    static func start(reading read: @escaping @Sendable () throws(FirestoreClientError) -> QuerySnapshot,
                      listener: AppCallback<(QuerySnapshot?, (any Error)?)>) -> CollectionPoll {
        let poll = CollectionPoll(read: read, listener: listener)
        ClientQueues.requests.async { poll.poll() }
        return poll
    }

    func remove() {
        state.withLock { $0.removed = true }
    }

    /// One read: hand it over when it changed, then wait for the next (on the requests queue).
    private func poll() {
        if state.withLock({ $0.removed }) { return }
        let outcome: (snapshot: QuerySnapshot?, error: FirestoreClientError?)
        do {
            let snapshot = try read()
            let versions = snapshot.documents.map(QueryDocumentSnapshotVersion.init)
            let changed = state.withLock { state in
                guard state.lastDelivered != versions else { return false }
                state.lastDelivered = versions
                return true
            }
            outcome = changed ? (snapshot, nil) : (nil, nil)
        } catch {
            outcome = (nil, error)
        }
        if outcome.snapshot != nil || outcome.error != nil {
            ClientQueues.callbacks.async { [self] in
                if state.withLock({ $0.removed }) { return }
                listener.call((outcome.snapshot, outcome.error))
            }
        }
        // An error ends the polling; the listener still gets it, unless removed meanwhile.
        if outcome.error != nil { return }
        ClientQueues.requests.asyncAfter(deadline: .now() + CollectionPoll.interval) { [self] in poll() }
    }
}

/// What tells one read of a document from another: its path, its fields and its update time.
struct QueryDocumentSnapshotVersion: Hashable, Sendable {
    let path: String
    let fields: FirestoreMap
    let updateTime: Timestamp?

    init(_ snapshot: QueryDocumentSnapshot) {
        path = snapshot.reference.path
        fields = snapshot.stored.fields ?? [:]
        updateTime = snapshot.stored.updateTime
    }
}
