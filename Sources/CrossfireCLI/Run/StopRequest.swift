import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a request to stop cleanly: the handler only records the
/// signal, which the campaign reads between cases, so the case under way finishes and the
/// summary is written. The run then exits with 128 + the signal (`exitCode`), as a shell
/// reports a process that signal ended.
enum StopRequest {
    /// The first stop signal received, 0 before any; set by the signal handler. Lock-free, so
    /// setting it is async-signal-safe.
    private static let received = Atomic<Int32>(0)

    /// Installs the handler for SIGINT and SIGTERM.
    static func install() {
        // Initialise the storage now: the handler must not be the first to touch it.
        _ = received.load(ordering: .relaxed)
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
        received.load(ordering: .relaxed) != 0
    }

    /// How a run that stopped early exits: 143 (128 + SIGTERM) when SIGTERM stopped it, else
    /// 130 (128 + SIGINT) — also when only its worker was stopped.
    static var exitCode: ExitCode {
        received.load(ordering: .relaxed) == SIGTERM ? .terminated : .interrupted
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        _ = StopRequest.received.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }
}
