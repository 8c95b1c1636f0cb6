#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A running worker: this binary started as `crossfire run --worker`, its standard input
/// fed the assignment, its standard output a pipe of events, its standard error appended to
/// a log file.
final class WorkerProcess {
    /// How a worker ended.
    enum Termination: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// It died of this signal.
        case signaled(Int32)
    }

    /// The worker's process id.
    let pid: pid_t
    private let events: Int32
    private var pending: [UInt8] = []
    private var reachedEnd = false

    private init(pid: pid_t, events: Int32) {
        self.pid = pid
        self.events = events
    }

    deinit {
        close(events)
    }

    /// Starts a worker and writes `input` to its standard input. Its standard error is
    /// appended to `logPath`; `SWIFT_BACKTRACE=enable=no`, so that a trap ends it at once.
    static func start(input: [UInt8], logPath: String) throws(IsolationFailure) -> WorkerProcess {
        let executable = try currentExecutable()
        var inputPipe: [Int32] = [-1, -1]
        var eventPipe: [Int32] = [-1, -1]
        guard makePipe(&inputPipe) else { throw failure("cannot make a pipe") }
        guard makePipe(&eventPipe) else {
            let code = errno
            inputPipe.forEach { close($0) }
            throw failure("cannot make a pipe", code: code)
        }
        let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard log >= 0 else {
            let code = errno
            (inputPipe + eventPipe).forEach { close($0) }
            throw failure("cannot open \(logPath)", code: code)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, eventPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, log, STDERR_FILENO)
        let arguments = [executable, "run", "--worker"]
        var environment = currentEnvironment().filter { !$0.hasPrefix("SWIFT_BACKTRACE=") }
        environment.append("SWIFT_BACKTRACE=enable=no")
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawn(&pid, executable, &actions, nil, argv, envp)
            }
        }
        close(inputPipe[0])
        close(eventPipe[1])
        close(log)
        guard status == 0 else {
            close(inputPipe[1])
            close(eventPipe[0])
            throw failure("cannot start \(executable)", code: status)
        }
        let worker = WorkerProcess(pid: pid, events: eventPipe[0])
        // A worker that dies before reading its assignment makes this write fail; its
        // termination tells the rest.
        FileDescriptorOutput(descriptor: inputPipe[1]).write(input)
        close(inputPipe[1])
        return worker
    }

    /// The complete lines the worker wrote within `timeoutMilliseconds` (without their
    /// newlines; possibly none), or nil once its output has ended and every line was returned.
    func lines(timeoutMilliseconds: Int32) throws(IsolationFailure) -> [ArraySlice<UInt8>]? {
        if reachedEnd { return nil }
        var descriptor = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        if ready < 0 {
            guard errno == EINTR else { throw Self.failure("cannot poll the worker's events") }
            return []
        }
        guard ready > 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { read(events, $0.baseAddress, $0.count) }
        if count < 0 {
            guard errno == EINTR || errno == EAGAIN else { throw Self.failure("cannot read the worker's events") }
            return []
        }
        if count == 0 {
            // A last line without its newline was cut off by the worker's death: not an event.
            reachedEnd = true
            pending.removeAll()
            return nil
        }
        pending.append(contentsOf: chunk[..<count])
        guard let lastNewline = pending.lastIndex(of: 0x0A) else { return [] }
        let complete = pending[..<lastNewline]
        let lines = complete.split(separator: 0x0A, omittingEmptySubsequences: true).map { ArraySlice($0) }
        pending.removeSubrange(...lastNewline)
        return lines
    }

    /// Asks the worker to stop after its current case (SIGINT).
    func interrupt() {
        kill(pid, SIGINT)
    }

    /// Ends the worker at once (SIGKILL), as a stuck one must be.
    func terminate() {
        kill(pid, SIGKILL)
    }

    /// Waits for the worker to end.
    func wait() throws(IsolationFailure) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Self.failure("cannot wait for the worker") }
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    /// The path of this executable.
    private static func currentExecutable() throws(IsolationFailure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { throw failure("cannot find this executable (/proc/self/exe)") }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func currentEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }

    /// A failure naming what could not be done and the system's reason (`code`, errno by default).
    private static func failure(_ message: String, code: Int32 = errno) -> IsolationFailure {
        IsolationFailure(message: "isolation: \(message): \(String(cString: strerror(code)))")
    }
}

/// Makes a pipe whose two ends close on `exec` (the worker gets copies made by `dup2`).
private func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
