import Crossfire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes `crossfire` hash the same way in every process.
///
/// Swift seeds hashing per process, so a `Set` or `Dictionary` iterates in another order in
/// every run — and the mappers' encoders write sets and dictionaries in iteration order. A
/// case would then give different findings (an element's index in an error path, an encoded
/// array's order) from one process to the next, and neither a seed nor a journal would
/// replay. The runtime reads `SWIFT_DETERMINISTIC_HASHING` only when a process starts, so
/// when it is not set the tool sets it and executes itself again, once.
enum DeterministicHashing {
    /// The variable the Swift runtime reads.
    static let variable = "SWIFT_DETERMINISTIC_HASHING"

    /// Re-executes this process with deterministic hashing unless it already has it. Returns
    /// only when it has it, or when executing again failed (the tool then goes on as it is).
    static func ensure() {
        guard getenv(variable) == nil else { return }
        _ = SelfExecution.again(setting: [(variable, "1")], arguments: CommandLine.unsafeArgv)
    }
}
