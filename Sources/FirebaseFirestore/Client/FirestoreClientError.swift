/// Why the client could not do what an app asked: what was asked (`addDocument to cards`,
/// `getDocument cards/c1`) and what went wrong, in the emulator's own words where it answered.
public struct FirestoreClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Code: Hashable, Sendable {
        /// No emulator is named: neither `useEmulator(withHost:port:)` nor `FIRESTORE_EMULATOR_HOST`.
        case noEmulator
        /// `FIRESTORE_EMULATOR_HOST` is not `HOST:PORT`.
        case invalidEmulatorHost
        /// The emulator refused the request, did not answer, or answered what is not Firestore's JSON.
        case requestFailed
    }

    /// What kind of failure it is.
    public let code: Code
    /// What the app asked for, with the path it was about.
    public let operation: String
    /// What went wrong, and what was expected.
    public let reason: String

    /// A failure of `operation`.
    public init(_ code: Code, operation: String, reason: String) {
        self.code = code
        self.operation = operation
        self.reason = reason
    }

    public var description: String { "\(operation): \(reason)" }
}
