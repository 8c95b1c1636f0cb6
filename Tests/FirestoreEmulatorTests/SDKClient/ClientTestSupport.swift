import FirebaseFirestore
import FirestoreEmulator
import Foundation
import Synchronization
import Testing

/// The SDK client's tests share the default database of `Firestore.firestore()` on the
/// suites' shared emulator; they run one at a time (`SDKClientTests` is serialized).
enum ClientTestSupport {
    /// `Firestore.firestore()`, pointed at the shared emulator.
    static func store() throws -> Firestore {
        let emulator = try SharedEmulator.emulator()
        let store = Firestore.firestore()
        store.useEmulator(withHost: emulator.host.host, port: Int(emulator.host.port))
        return store
    }

    /// Waits until `condition` holds, checking every 20 ms, for at most `seconds`; false when
    /// it never held. For what the client does in the background (a listener's next call).
    static func waitUntil(seconds: Double = 30, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}

/// What a callback was called with, in order, readable from the test while the client's
/// callbacks queue appends to it.
final class CallRecorder<Call: Sendable>: Sendable {
    private let calls = Mutex<[Call]>([])

    /// Appends a call.
    func record(_ call: Call) {
        calls.withLock { $0.append(call) }
    }

    /// The calls so far.
    var all: [Call] { calls.withLock { $0 } }
}
