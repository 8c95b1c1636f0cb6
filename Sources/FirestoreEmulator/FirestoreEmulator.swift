import Foundation
import FirestoreModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Firestore emulator this process uses: the one `FIRESTORE_EMULATOR_HOST` names, or one it
/// started itself on a free loopback port, in a process group of its own that is stopped — the
/// whole group — by `stop()`, at exit, and on SIGINT/SIGTERM. Each instance has a project ID
/// of its own, so that runs sharing an emulator never see each other's documents, and
/// `clear()` deletes that project's documents.
package final class FirestoreEmulator: Sendable {
    /// Where the emulator listens.
    package let host: EmulatorHost
    /// The project this instance's documents live in.
    package let projectID: String
    /// The child this instance started, nil when it uses one `FIRESTORE_EMULATOR_HOST` names.
    let child: ProcessGroupChild?

    private init(host: EmulatorHost, projectID: String, child: ProcessGroupChild?) {
        self.host = host
        self.projectID = projectID
        self.child = child
    }

    /// The database of this instance's project (`projects/P/databases/(default)`).
    package var database: DatabaseID { DatabaseID(projectID: projectID) }

    /// The process group of the emulator this instance started (its ID), nil when it did not start one.
    package var processGroup: pid_t? { child?.pid }

    /// A REST client for this instance's database.
    package func client(timeout: TimeInterval = 60) -> FirestoreRESTClient {
        FirestoreRESTClient(host: host, database: database, timeout: timeout)
    }

    /// The emulator `FIRESTORE_EMULATOR_HOST` names in `environment`, or a new one: the launcher
    /// found by `EmulatorInstallation.locate`, started on a free port of 127.0.0.1 and waited for
    /// until it answers `GET /`, at most `timeout` seconds. `stopsOnSignals` installs the
    /// SIGINT/SIGTERM handlers (`EmulatorCleanup`); a program with its own stop handler that
    /// exits normally leaves it off, and the exit stops the emulator.
    /// - Throws: `notInstalled` (the one line to print), `cannotStart`, `exitedEarly`, `noAnswer`.
    package static func start(environment: [String: String] = ProcessInfo.processInfo.environment,
                              timeout: TimeInterval = 120, stopsOnSignals: Bool = true) throws(EmulatorError) -> FirestoreEmulator {
        let projectID = "crossfire-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
        if let host = try EmulatorHost.configured(in: environment) {
            let emulator = FirestoreEmulator(host: host, projectID: projectID, child: nil)
            try emulator.waitUntilAnswering(timeout: timeout)
            return emulator
        }
        let installation = try EmulatorInstallation.locate(environment: environment)
        if stopsOnSignals { EmulatorCleanup.stopOnSignals() }
        var attempt = 0
        while true {
            attempt += 1
            let host = EmulatorHost(host: "127.0.0.1", port: try freeLoopbackPort())
            var childEnvironment = environment
            childEnvironment["JAVA"] = installation.java
            let log = NSTemporaryDirectory() + "crossfire-firestore-emulator-\(getpid())-\(host.port).log"
            let child = try ProcessGroupChild.spawn(installation.launcher, arguments: ["--host", host.host, "--port", "\(host.port)"],
                                                    environment: childEnvironment, logPath: log)
            EmulatorCleanup.register(child)
            let emulator = FirestoreEmulator(host: host, projectID: projectID, child: child)
            do {
                try emulator.waitUntilAnswering(timeout: timeout)
                return emulator
            } catch {
                emulator.stopProcess()
                // Another process may have taken the port between our probe and the bind.
                guard case .exitedEarly = error, attempt < 3 else { throw error }
            }
        }
    }

    /// Waits until `GET /` answers 200, polling every 100 ms; fails when the child ends first
    /// or `timeout` passes.
    private func waitUntilAnswering(timeout: TimeInterval) throws(EmulatorError) {
        let probe = HTTPTransport(timeout: 2)
        let deadline = Date().addingTimeInterval(timeout)
        let url = URL(string: host.baseURL + "/")
        while true {
            if let child, let status = child.exitStatus() {
                throw .exitedEarly(status: status, log: child.logTail())
            }
            if let url, let answer = try? probe.send("GET", url, request: "GET /"), answer.status == 200 { return }
            guard Date() < deadline else {
                throw .noAnswer(host: host.description, seconds: Int(timeout), log: child?.logTail() ?? "")
            }
            usleep(100_000)
        }
    }

    /// Deletes every document of this instance's project
    /// (`DELETE /emulator/v1/projects/P/databases/(default)/documents`).
    package func clear() throws(EmulatorError) {
        try client().deleteAllDocuments()
    }

    /// Clears this instance's project, then, when this instance started the emulator, stops its
    /// whole process group (SIGTERM, then SIGKILL after 10 s). Returns the group's members still
    /// alive afterwards: none when it worked.
    @discardableResult
    package func stop() -> [pid_t] {
        try? clear()
        return stopProcess()
    }

    @discardableResult
    private func stopProcess() -> [pid_t] {
        guard let child else { return [] }
        let alive = child.stop()
        EmulatorCleanup.unregister(child)
        if alive.isEmpty { try? FileManager.default.removeItem(atPath: child.logPath) }
        return alive
    }

    /// A TCP port of 127.0.0.1 that is free now: the one the kernel gives a socket bound to port 0.
    private static func freeLoopbackPort() throws(EmulatorError) -> UInt16 {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw .cannotStart("no socket for a free port: \(String(cString: strerror(errno)))") }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socketDescriptor, socketAddress, length) == 0 && getsockname(socketDescriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw .cannotStart("no free port on 127.0.0.1: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }
}
