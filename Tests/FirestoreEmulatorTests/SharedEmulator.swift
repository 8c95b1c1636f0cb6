import FirestoreEmulator
import Foundation
import Testing

/// The one emulator the suites of this target share: started by the first test that asks for
/// it (or the one `FIRESTORE_EMULATOR_HOST` names), stopped — its whole process group — when
/// the test process exits (`EmulatorCleanup`'s exit handler). Each test works in collections
/// of its own names, under this instance's own project.
enum SharedEmulator {
    /// The emulator, or why it could not be had.
    static let started: Result<FirestoreEmulator, EmulatorError> = Result { () throws(EmulatorError) in
        try FirestoreEmulator.start()
    }

    /// The emulator; a test that cannot have it fails with the reason.
    static func emulator() throws -> FirestoreEmulator {
        try started.get()
    }

    /// A collection ID no other test uses: `prefix` and a random suffix.
    static func collection(_ prefix: String) -> String {
        "\(prefix)-\(UInt32.random(in: 0...UInt32.max))"
    }
}

/// The living processes of a process group, read from `/proc` on their own (not through the
/// code under test): each one's PID and command.
func livingProcesses(inGroup group: pid_t) -> [(pid: pid_t, command: String)] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
        guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { return nil }
        return (pid, String(stat[stat.index(after: open)..<close]))
    }
}
