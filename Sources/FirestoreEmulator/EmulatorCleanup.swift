import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Stops the emulators this process started when it ends: at `exit` (an `atexit` handler
/// stops each group gracefully) and, once `stopOnSignals()` is called, on SIGINT and SIGTERM
/// (the handler sends SIGTERM to each group, then lets the signal do what it did before).
enum EmulatorCleanup {
    /// The most emulators one process keeps registered for its signal handler.
    private static let capacity = 16
    /// The process groups the signal handler stops: 0 marks a free slot. Plain memory that
    /// the handler only reads (async-signal-safe); written under `running`'s lock.
    nonisolated(unsafe) private static let groups: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    /// The running children, stopped at exit; whether the exit handler is installed.
    private static let running = Mutex<(children: [ProcessGroupChild], atExitInstalled: Bool)>(([], false))
    /// The handlers SIGINT and SIGTERM had before `stopOnSignals()`, called after the groups
    /// are signalled.
    nonisolated(unsafe) private static var previousInterrupt: (@convention(c) (Int32) -> Void)?
    nonisolated(unsafe) private static var previousTerminate: (@convention(c) (Int32) -> Void)?
    private static let signalsInstalled = Mutex(false)

    /// Registers a started child: it is stopped at exit, and on a signal once handlers are installed.
    static func register(_ child: ProcessGroupChild) {
        // The slots are made here, never first by the signal handler (a lazy global's
        // initialisation takes a lock, which a handler must not).
        _ = groups
        running.withLock { state in
            state.children.append(child)
            if let free = (0..<capacity).first(where: { groups[$0] == 0 }) { groups[free] = child.pid }
            if !state.atExitInstalled {
                state.atExitInstalled = true
                atexit { EmulatorCleanup.stopAll() }
            }
        }
    }

    /// Forgets a child that was stopped.
    static func unregister(_ child: ProcessGroupChild) {
        running.withLock { state in
            state.children.removeAll { $0 === child }
            for slot in 0..<capacity where groups[slot] == child.pid { groups[slot] = 0 }
        }
    }

    /// Installs the SIGINT and SIGTERM handlers (once): each sends SIGTERM to every registered
    /// group, then calls the handler the signal had before, or — when it had the default —
    /// restores the default and raises the signal again, so the process still ends by it.
    static func stopOnSignals() {
        signalsInstalled.withLock { installed in
            guard !installed else { return }
            installed = true
            previousInterrupt = signal(SIGINT, handler)
            previousTerminate = signal(SIGTERM, handler)
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { received in
        for slot in 0..<EmulatorCleanup.capacity where EmulatorCleanup.groups[slot] > 0 {
            kill(-EmulatorCleanup.groups[slot], SIGTERM)
        }
        let previous = received == SIGINT ? EmulatorCleanup.previousInterrupt : EmulatorCleanup.previousTerminate
        if let previous, unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
            previous(received)
        } else if previous == nil {
            signal(received, SIG_DFL)
            raise(received)
        }
    }

    /// Stops every registered child (the exit handler).
    private static func stopAll() {
        let children = running.withLock { state in
            defer { state.children.removeAll() }
            return state.children
        }
        for child in children { child.stop(grace: 5) }
    }
}
