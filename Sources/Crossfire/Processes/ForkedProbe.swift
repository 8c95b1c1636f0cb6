#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work in a child process forked from this one, so that a trap or a hang in code the
/// harness does not own (a team's mapper closure) ends the child, not the caller's process
/// (a `swift test` run, say).
///
/// The child reports each unit it begins and each mark it passes through a pipe; its standard
/// error goes to a file the parent reads when it dies, for the runtime's message
/// (`Fatal error: Unexpectedly found nil …`). In the child, the signals of a trap are reset to
/// their default action and core files are off, so it dies quietly and at once. A child that
/// reports nothing for `timeout` is killed.
///
/// `fork` copies only the calling thread: should another thread hold a lock the child needs
/// (the runtime's, say) at that moment, the child waits for it until `timeout`. A caller that
/// sees a hang confirms it with a second child before it reports one.
package struct ForkedProbe: Sendable {
    /// How a child ended a unit it began.
    package enum Ending: Hashable, Sendable {
        /// Killed by a signal (a trap is SIGILL or SIGTRAP), with what it wrote to standard
        /// error.
        case signal(Int32, message: String)
        /// Exited with a non-zero status (`exit(1)` in the unit), with what it wrote.
        case exit(Int32, message: String)
        /// Reported nothing for `timeout`, and was killed.
        case hang

        /// `SIGILL (signal 4)`, `exit status 1` or `hang`, and the first line of the message.
        package var description: String {
            switch self {
            case .signal(let signal, let message): return SignalName.of(signal) + Self.suffix(message)
            case .exit(let status, let message): return "exit status \(status)" + Self.suffix(message)
            case .hang: return "no progress within the time limit"
            }
        }

        private static func suffix(_ message: String) -> String { message.isEmpty ? "" : ": \(message)" }
    }

    /// Where a child stopped: the unit it had begun, the last mark it passed in it (0 when
    /// none), and how it ended.
    package struct Stop: Hashable, Sendable {
        package var index: Int
        package var mark: UInt8
        package var ending: Ending
    }

    /// Why no child could be forked.
    package struct Unavailable: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The longest a child may go without beginning a unit or passing a mark.
    package var timeout: Duration

    /// A probe with a time limit.
    package init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Runs `body(index, mark)` for each index in one child, in order; `mark(n)` (1…254)
    /// records where in the unit the child is. Returns nil when the child finished every unit,
    /// else where it stopped; the units after that one did not run.
    /// - Throws: `Unavailable` when the pipe, the log file or the child cannot be made.
    package func firstStop(in indexes: Range<Int>, _ body: (Int, (UInt8) -> Void) -> Void) throws(Unavailable) -> Stop? {
        guard !indexes.isEmpty else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Unavailable(description: "no pipe for a child process: \(Self.errorText())") }
        guard let log = tmpfile() else {
            close(ends[0]); close(ends[1])
            throw Unavailable(description: "no log file for a child process: \(Self.errorText())")
        }
        defer { fclose(log) }
        fflush(nil)
        let child = fork()
        if child == 0 {
            close(ends[0])
            Self.runChild(indexes, report: ends[1], log: fileno(log), body)
        }
        close(ends[1])
        defer { close(ends[0]) }
        guard child > 0 else { throw Unavailable(description: "cannot fork a child process: \(Self.errorText())") }
        return watch(child, records: ends[0], log: fileno(log), first: indexes.lowerBound, last: indexes.upperBound - 1)
    }

    /// The child: runs the units, reporting each beginning (mark 0) and end (mark 255), and
    /// exits without running the parent's exit handlers.
    private static func runChild(_ indexes: Range<Int>, report: Int32, log: Int32, _ body: (Int, (UInt8) -> Void) -> Void) -> Never {
        dup2(log, STDERR_FILENO)
        for trap in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] { signal(trap, SIG_DFL) }
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        for index in indexes {
            send(index, 0, to: report)
            body(index) { mark in send(index, mark, to: report) }
            send(index, 255, to: report)
        }
        _exit(0)
    }

    private static func send(_ index: Int, _ mark: UInt8, to descriptor: Int32) {
        let record = withUnsafeBytes(of: UInt32(truncatingIfNeeded: index).littleEndian, Array.init) + [mark]
        var written = 0
        while written < record.count {
            let count = record.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + written }, record.count - written) }
            if count < 0 && errno == EINTR { continue }
            // The parent is gone: nobody reads what this child does.
            guard count > 0 else { _exit(70) }
            written += count
        }
    }

    /// The parent: reads the child's records until it ends or stalls, then reaps it.
    private func watch(_ child: pid_t, records: Int32, log: Int32, first: Int, last: Int) -> Stop? {
        var position = (index: first, mark: UInt8(0))
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let milliseconds = Int32(clamping: timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        while true {
            var descriptor = pollfd(fd: records, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, max(1, milliseconds))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                kill(child, SIGKILL)
                reap(child)
                return Stop(index: position.index, mark: position.mark, ending: .hang)
            }
            let count = buffer.withUnsafeMutableBytes { read(records, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            while pending.count >= 5 {
                let index = Int(pending[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
                position = (index, pending[4])
                pending.removeFirst(5)
            }
        }
        let status = reap(child)
        let signal = status & 0x7F
        if signal == 0 && (status >> 8) & 0xFF == 0 && position == (last, 255) { return nil }
        let message = Self.message(in: log)
        let ending: Ending = signal != 0 ? .signal(signal, message: message) : .exit((status >> 8) & 0xFF, message: message)
        // Ended between two units: the next one is where it stopped.
        let index = position.mark == 255 ? min(position.index + 1, last) : position.index
        return Stop(index: index, mark: position.mark == 255 ? 0 : position.mark, ending: ending)
    }

    @discardableResult
    private func reap(_ child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The runtime's message in what the child wrote to standard error: the line with
    /// `Fatal error` (or the last line), at most 300 characters.
    private static func message(in log: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 16_384)
        let count = bytes.withUnsafeMutableBytes { pread(log, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return "" }
        let lines = String(decoding: bytes[0..<count], as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        let line = lines.first { $0.contains("Fatal error") } ?? lines.last ?? ""
        return String(line.prefix(300))
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
