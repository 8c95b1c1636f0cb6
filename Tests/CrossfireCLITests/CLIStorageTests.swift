import CrossfireTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `crossfire run --storage`: its values, the one line without an emulator, and a run that
/// starts the emulator and leaves none behind — at its end and when SIGINT stops it.
@Suite struct CLIStorageTests {
    /// No emulator named and a launcher that does not exist.
    private let noEmulator = ["FIRESTORE_EMULATOR_HOST": "", "CROSSFIRE_FIRESTORE_EMULATOR": "/nonexistent/cloud_firestore_emulator"]

    @Test func aMissingEmulatorIsOneLineNamingThePackageAndExitOne() throws {
        let run = try CLITool.run(["run", "--storage", "emulator", "--cases", "5"], environment: noEmulator)
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.errorLines)")
        #expect(run.errorOutput.contains("google-cloud-cli-firestore-emulator") && run.errorOutput.contains("apt-get install"))
    }

    @Test func storageIsModelOrEmulatorAndNotWithIsolate() throws {
        let bogus = try CLITool.run(["run", "--storage", "disk", "--cases", "1"])
        #expect(bogus.status == 2)
        #expect(bogus.errorOutput.contains("invalid value 'disk' for --storage (expected model or emulator)"))
        let isolated = try CLITool.run(["run", "--storage", "emulator", "--isolate", "--cases", "1"])
        #expect(isolated.status == 2)
        #expect(isolated.errorOutput.contains("--storage emulator cannot go with --isolate"))
        let model = try CLITool.run(["run", "--storage", "model", "--cases", "3"], environment: noEmulator)
        #expect(model.status == 0, "the model alone needs no emulator: \(model.errorOutput)")
    }

    /// Whether an emulator process listening on `port` is alive: a process whose command line
    /// (`/proc/*/cmdline`) runs the emulator's class with `--port PORT` — a closed port alone
    /// would not tell, since a later emulator of another test may be given the same port.
    private func emulatorAlive(port: UInt16) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.contains { entry in
            guard Int32(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.contains(where: { $0.hasSuffix("CloudFirestore") }), let flag = arguments.firstIndex(of: "--port"),
                  flag + 1 < arguments.count else { return false }
            return arguments[flag + 1] == String(port)
        }
    }

    /// The port of the `storage:` line a run writes when its emulator answers.
    private func emulatorPort(in errorOutput: String) -> UInt16? {
        guard let line = errorOutput.split(separator: "\n").first(where: { $0.hasPrefix("storage: the Firestore emulator at 127.0.0.1:") }),
              let text = line.split(separator: ":").dropFirst(2).first?.split(separator: ",").first else { return nil }
        return UInt16(text)
    }

    @Test(.tags(.slow), .skippedWhenQuick) func aRunStartsTheEmulatorAndStopsIt() throws {
        let run = try CLITool.run(["run", "--storage", "emulator", "--cases", "30"], environment: ["FIRESTORE_EMULATOR_HOST": ""])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("classes: 0 unexpected"))
        let port = try #require(emulatorPort(in: run.errorOutput), "\(run.errorOutput)")
        #expect(!emulatorAlive(port: port), "the emulator on \(port) was stopped")
    }

    @Test(.tags(.slow), .skippedWhenQuick) func sigintEndsTheRunAndStopsTheEmulator() throws {
        let process = Process()
        process.executableURL = try CrossfireExecutable.required()
        process.arguments = ["run", "--storage", "emulator", "--time", "120", "--out", try TemporaryFolder.make(prefix: "crossfire-sigint").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["FIRESTORE_EMULATOR_HOST": ""]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        var emulatorPort: UInt16?
        let deadline = Date().addingTimeInterval(150)
        while emulatorPort == nil, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            emulatorPort = self.emulatorPort(in: seen)
        }
        let port = try #require(emulatorPort, "\(seen)")
        #expect(emulatorAlive(port: port))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(!emulatorAlive(port: port), "the emulator on \(port) was stopped")
    }
}
