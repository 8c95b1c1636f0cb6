import FirestoreEmulator
import Foundation

/// Where the client's work runs. Every request goes through one serial queue, in the order
/// the app made it, so that a read sees the writes asked for before it (the SDK shows its
/// pending writes to later reads); every completion handler and listener is called on one
/// other serial queue, as the SDK calls them on its `dispatchQueue` (the main queue there,
/// which a Linux process that runs no main loop would never serve).
enum ClientQueues {
    /// The serial queue of the REST requests.
    static let requests = DispatchQueue(label: "FirebaseFirestore.requests")
    /// The serial queue of the app's callbacks.
    static let callbacks = DispatchQueue(label: "FirebaseFirestore.callbacks")

    /// Runs `request` on the requests queue and gives its result to the awaiting task.
    static func run<Value: Sendable>(_ request: @escaping @Sendable () throws(FirestoreClientError) -> Value) async throws(FirestoreClientError) -> Value {
        let result: Result<Value, FirestoreClientError> = await withCheckedContinuation { continuation in
            requests.async { continuation.resume(returning: Result { () throws(FirestoreClientError) in try request() }) }
        }
        return try result.get()
    }

    /// Runs `request` on the requests queue, then calls `completion` (when there is one) on
    /// the callbacks queue with its error, or nil.
    static func run(_ request: @escaping @Sendable () throws(FirestoreClientError) -> Void, completion: AppCallback<(any Error)?>?) {
        requests.async {
            var failure: FirestoreClientError?
            do throws(FirestoreClientError) { try request() } catch { failure = error }
            guard let completion else { return }
            callbacks.async { [failure] in completion.call(failure) }
        }
    }
}

/// An app's callback, carried to the callbacks queue. The SDK takes completion handlers and
/// listeners that are not `@Sendable`, as app code writes them (a closure that sets a
/// property of its view model); it is safe to carry one because the client calls it only on
/// `ClientQueues.callbacks`, one call at a time, never two at once.
struct AppCallback<Argument>: @unchecked Sendable {
    /// The app's closure.
    let call: (Argument) -> Void
}

extension FirestoreClientError {
    /// The emulator's error for a request of `operation`.
    init(_ error: EmulatorError, operation: String) {
        self.init(.requestFailed, operation: operation, reason: "\(error)")
    }
}
