import FirestoreJSON

/// Why the emulator could not be used: it is not installed, did not start or answer, or
/// refused or failed a request. Each case says where and what was expected.
package enum EmulatorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The emulator or Java is missing: the one line to print, naming the package to install.
    case notInstalled(String)
    /// `FIRESTORE_EMULATOR_HOST` (or a given address) is not `HOST:PORT`.
    case invalidHost(String)
    /// The emulator could not be started (`posix_spawn` failed, no free port).
    case cannotStart(String)
    /// The emulator's process ended before it answered: its exit status and the end of its log.
    case exitedEarly(status: String, log: String)
    /// The emulator did not answer within the time allowed: the address and the end of its log.
    case noAnswer(host: String, seconds: Int, log: String)
    /// A request the emulator refused: where it went, the HTTP status and the emulator's message.
    case refused(RequestRefusal)
    /// A request that got no answer (connection refused, timed out): where and why.
    case unreachable(request: String, reason: String)
    /// An answer that is not the JSON the request promises: where, and the reader's error.
    case unreadableAnswer(request: String, error: FirestoreJSONError)

    package var description: String {
        switch self {
        case .notInstalled(let line): return line
        case .invalidHost(let text):
            return "\(EmulatorHost.environmentVariable)=\(text) is not HOST:PORT (expected e.g. 127.0.0.1:8080)"
        case .cannotStart(let reason): return "cannot start the Firestore emulator: \(reason)"
        case .exitedEarly(let status, let log):
            return "the Firestore emulator ended (\(status)) before it answered" + EmulatorError.tail(log)
        case .noAnswer(let host, let seconds, let log):
            return "the Firestore emulator did not answer on \(host) within \(seconds) s" + EmulatorError.tail(log)
        case .refused(let refusal): return refusal.description
        case .unreachable(let request, let reason): return "\(request): no answer from the emulator (\(reason))"
        case .unreadableAnswer(let request, let error): return "\(request): the emulator's answer is not what was expected: \(error)"
        }
    }

    private static func tail(_ log: String) -> String {
        log.isEmpty ? "" : "; the end of its log:\n" + log
    }
}

/// A request the emulator answered with an error: the request, its HTTP status and the
/// emulator's own status and message.
package struct RequestRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The method and path of the request (`POST /v1/projects/p/databases/(default)/documents:commit`).
    package let request: String
    /// What the request was about (`document c/d1`), when it was about one thing.
    package let subject: String?
    /// The HTTP status code.
    package let httpStatus: Int
    /// The emulator's canonical status name (`INVALID_ARGUMENT`), when its body had one.
    package let status: String
    /// The emulator's message, or the body as text when it was no error object.
    package let message: String

    package var description: String {
        let about = subject.map { " (\($0))" } ?? ""
        return "\(request)\(about): HTTP \(httpStatus) \(status): \(message)"
    }
}
