#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The environment every fuzz binary must run in, made sure of before libFuzzer starts
/// (`LLVMFuzzerInitialize`), so that a binary behaves the same whoever starts it: `make
/// fuzz`, ClusterFuzzLite or OSS-Fuzz, which run it with an environment of their own.
///
/// - `SWIFT_BACKTRACE=enable=no`: otherwise Swift's backtracer owns the trap signals, libFuzzer
///   leaves them to it (it installs no handler over one already there), and a trap ends the
///   process with no `crash-*` saved.
/// - `SWIFT_DETERMINISTIC_HASHING=1`: otherwise hashing is seeded per process, and a case's
///   outcome (which dictionary entry an encoder names first) differs from the process
///   `crossfire replay` runs it in.
/// - `detect_leaks=0` in `ASAN_OPTIONS`: LeakSanitizer reports Swift's lazily made globals as
///   leaked at every exit.
///
/// The Swift runtime reads the first two once, when the process starts; so when one is
/// missing the binary sets all three and executes itself again, with the same arguments.
public enum FuzzProcessEnvironment {
    /// The variables and the values they must have (`ASAN_OPTIONS` must hold its value).
    package static let required: [(name: String, value: String)] = [
        ("SWIFT_BACKTRACE", "enable=no"), ("SWIFT_DETERMINISTIC_HASHING", "1"), ("ASAN_OPTIONS", "detect_leaks=0"),
    ]

    /// The variables to set for an environment (`name` to its current value) to be the one
    /// required, with their new values; empty when it already is.
    package static func missing(in environment: [String: String]) -> [(name: String, value: String)] {
        required.compactMap { name, value in
            let current = environment[name]
            if name == "ASAN_OPTIONS" {
                let options = (current ?? "").split(separator: ":").map(String.init)
                if options.contains(where: { $0.hasPrefix("detect_leaks=") }) { return nil }
                return (name, options.isEmpty ? value : (options + [value]).joined(separator: ":"))
            }
            return current == value ? nil : (name, value)
        }
    }

    /// Executes this binary again with the required environment when the current one lacks
    /// it, else returns. `arguments` is the `argv` libFuzzer hands `LLVMFuzzerInitialize`.
    /// Returns (and the binary runs on as it is) only when the new process cannot be started.
    public static func ensure(arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        var environment: [String: String] = [:]
        for name in required.map(\.name) {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let changes = missing(in: environment)
        guard !changes.isEmpty else { return }
        let reason = SelfExecution.again(setting: changes, arguments: arguments)
        let line = Array("fuzz: cannot start this binary again with SWIFT_BACKTRACE=enable=no and SWIFT_DETERMINISTIC_HASHING=1 (\(reason)); a trap may go unsaved\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
