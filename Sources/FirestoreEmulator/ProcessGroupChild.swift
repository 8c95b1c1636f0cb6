import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A child process that leads a process group of its own, so that what it starts — the
/// emulator's launcher script starts `java` and does not `exec` it — is stopped with it:
/// signals go to the group (`kill(-group, …)`), never to a process found by name.
final class ProcessGroupChild: Sendable {
    /// The child's process ID, which is also its process group's ID.
    let pid: pid_t
    /// Where the child's standard output and error go.
    let logPath: String
    /// How the child ended, once `waitpid` has reaped it.
    private let ended = Mutex<String?>(nil)

    private init(pid: pid_t, logPath: String) {
        self.pid = pid
        self.logPath = logPath
    }

    /// Starts `executable` with `arguments` and `environment` as the leader of a new process
    /// group (`POSIX_SPAWN_SETPGROUP` with group 0), its output appended to `logPath`.
    static func spawn(_ executable: String, arguments: [String], environment: [String: String],
                      logPath: String) throws(EmulatorError) -> ProcessGroupChild {
        let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard log >= 0 else { throw .cannotStart("cannot open its log \(logPath): \(String(cString: strerror(errno)))") }
        defer { close(log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, log, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, log, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        // The child starts with default signal handling and nothing blocked, whatever this
        // process (a test runner, the CLI with its stop handler) has set.
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }.sorted()
        let status = withCStrings(argv) { argv in
            withCStrings(envp) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        guard status == 0 else { throw .cannotStart("posix_spawn \(executable): \(String(cString: strerror(status)))") }
        return ProcessGroupChild(pid: pid, logPath: logPath)
    }

    /// How the child ended (`exit status 1`, `signal 15`), or nil while it runs. Reaps it.
    func exitStatus() -> String? {
        ended.withLock { ended in
            if let ended { return ended }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            let low = status & 0x7F
            ended = low == 0 ? "exit status \((status >> 8) & 0xFF)" : "signal \(low)"
            return ended
        }
    }

    /// The processes of the child's group that are still alive (zombies waiting for their
    /// parent to reap them are not), from `/proc/*/stat`.
    func livingMembers() -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let member = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { return nil }
            // After the command's closing parenthesis: state, ppid, pgrp, …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", fields[0] != "X", pid_t(fields[2]) == pid else { return nil }
            return member
        }
    }

    /// Stops the whole group: SIGTERM, up to `grace` seconds for every member to end, then
    /// SIGKILL and up to as long again. Reaps the child. Returns the members still alive (none
    /// when it worked).
    @discardableResult
    func stop(grace: Double = 10) -> [pid_t] {
        kill(-pid, SIGTERM)
        if waitForGroupToEnd(seconds: grace) { return [] }
        kill(-pid, SIGKILL)
        _ = waitForGroupToEnd(seconds: grace)
        return livingMembers()
    }

    private func waitForGroupToEnd(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            // Reaps the child once it ends; its group may outlive it (the orphaned `java`).
            if exitStatus() != nil, livingMembers().isEmpty { return true }
            usleep(50_000)
        } while Date() < deadline
        return false
    }

    /// The last `lines` lines of the child's log.
    func logTail(lines: Int = 15) -> String {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return "" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
