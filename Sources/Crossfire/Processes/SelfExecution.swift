#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts this binary again, in this process, once environment variables the Swift runtime
/// reads only when a process starts (`SWIFT_DETERMINISTIC_HASHING`, `SWIFT_BACKTRACE`) are set.
package enum SelfExecution {
    /// Sets each variable, then executes this binary with `arguments` (an `argv`: the program's
    /// name first, ending in a null pointer). Returns only when it cannot, with the system's reason.
    package static func again(setting variables: [(name: String, value: String)],
                              arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> String {
        for (name, value) in variables { setenv(name, value, 1) }
        execv("/proc/self/exe", arguments)
        return String(cString: strerror(errno))
    }
}
