import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a request to stop cleanly: the handler only sets a flag,
/// which the campaign reads between cases, so the case under way finishes and the summary
/// is written.
enum StopRequest {
    /// Set by the signal handler; lock-free, so setting it is async-signal-safe.
    private static let flag = Atomic<Bool>(false)

    /// Installs the handler for SIGINT and SIGTERM.
    static func install() {
        // Initialise the flag's storage now: the handler must not be the first to touch it.
        _ = flag.load(ordering: .relaxed)
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A process may start with the signals blocked (its parent spawned it from a thread
        // that blocks them); they must reach the handler.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Whether a stop was requested.
    static var isRequested: Bool {
        flag.load(ordering: .relaxed)
    }

    private static let handler: @convention(c) (Int32) -> Void = { _ in
        StopRequest.flag.store(true, ordering: .relaxed)
    }
}
