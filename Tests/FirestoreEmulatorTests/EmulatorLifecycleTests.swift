import FirestoreEmulator
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// Starting and stopping the emulator: its own process group, stopped whole; the address
/// `FIRESTORE_EMULATOR_HOST` names used as it is; a missing emulator or Java one line.
@Suite(.serialized) struct EmulatorLifecycleTests {
    @Test func stopEndsTheWholeProcessGroupJavaIncluded() throws {
        let emulator = try FirestoreEmulator.start()
        let group = try #require(emulator.processGroup)
        let running = livingProcesses(inGroup: group)
        #expect(running.contains { $0.command == "java" }, "the launcher's java runs in the emulator's group: \(running)")
        #expect(running.contains { $0.pid == group }, "the launcher leads its group")
        let left = emulator.stop()
        #expect(left.isEmpty)
        #expect(livingProcesses(inGroup: group).isEmpty, "no process of the group is alive after stop()")
    }

    @Test func theAddressInFirestoreEmulatorHostIsUsedAndNothingIsStarted() throws {
        let shared = try SharedEmulator.emulator()
        var environment = ProcessInfo.processInfo.environment
        environment[EmulatorHost.environmentVariable] = shared.host.description
        // Were anything started, it would need this launcher, which does not exist.
        environment[EmulatorInstallation.launcherVariable] = "/nonexistent/cloud_firestore_emulator"
        let named = try FirestoreEmulator.start(environment: environment)
        #expect(named.processGroup == nil)
        #expect(named.host == shared.host)
        #expect(named.projectID != shared.projectID, "every instance has a project of its own")
        let reference = try DocumentReference(path: "\(SharedEmulator.collection("named"))/d")
        try named.client().commit([RESTDocument(reference: reference, fields: ["n": .integer(1)])])
        #expect(try named.client().batchGet([reference]).count == 1)
        #expect(try shared.client().batchGet([reference]).isEmpty, "the other instance's project does not hold it")
        named.stop()
        #expect(try named.client().batchGet([reference]).isEmpty, "stop() cleared the instance's project")
        #expect(try shared.client().list(collection: "x").isEmpty, "the named emulator still runs")
    }

    @Test func aMissingLauncherIsOneLineNamingThePackage() throws {
        var environment = ProcessInfo.processInfo.environment
        environment[EmulatorHost.environmentVariable] = nil
        environment[EmulatorInstallation.launcherVariable] = "/nonexistent/cloud_firestore_emulator"
        let error = try #require(throws: EmulatorError.self) { try FirestoreEmulator.start(environment: environment) }
        guard case .notInstalled(let line) = error else { Issue.record("expected notInstalled, got \(error)"); return }
        #expect(!line.contains("\n"))
        #expect(line.contains("google-cloud-cli-firestore-emulator"))
        #expect(line.contains("apt-get install"))
    }

    @Test func missingJavaIsOneLineNamingItsPackage() throws {
        var environment = ProcessInfo.processInfo.environment
        environment[EmulatorHost.environmentVariable] = nil
        environment["JAVA"] = nil
        environment["PATH"] = "/nonexistent"
        let error = try #require(throws: EmulatorError.self) { try FirestoreEmulator.start(environment: environment) }
        guard case .notInstalled(let line) = error else { Issue.record("expected notInstalled, got \(error)"); return }
        #expect(!line.contains("\n"))
        #expect(line.contains("openjdk-17-jre-headless"))
    }

    @Test func aMalformedAddressIsRefused() throws {
        #expect(throws: EmulatorError.invalidHost("localhost")) {
            try FirestoreEmulator.start(environment: [EmulatorHost.environmentVariable: "localhost"])
        }
        #expect(throws: EmulatorError.invalidHost("localhost:http")) { try EmulatorHost(parsing: "localhost:http") }
        let parsed = try EmulatorHost(parsing: "[::1]:8080")
        #expect(parsed == EmulatorHost(host: "[::1]", port: 8080))
    }

    @Test func anAddressWhereNothingAnswersTimesOut() throws {
        let start = Date()
        let error = try #require(throws: EmulatorError.self) {
            // Port 9 (discard) on loopback: nothing listens there.
            try FirestoreEmulator.start(environment: [EmulatorHost.environmentVariable: "127.0.0.1:9"], timeout: 1)
        }
        guard case .noAnswer(let host, let seconds, _) = error else { Issue.record("expected noAnswer, got \(error)"); return }
        #expect(host == "127.0.0.1:9" && seconds == 1)
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
