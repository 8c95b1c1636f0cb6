/// The names of the signals a worker or a forked child may die of.
package enum SignalName {
    private static let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
        9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ", 31: "SIGSYS",
    ]

    /// `SIGILL (signal 4)`.
    package static func of(_ signal: Int32) -> String {
        "\(names[signal] ?? "signal") (signal \(signal))"
    }

    /// `SIGILL`, or `signal4` for a signal without a name here: one word, as a class key spells it.
    package static func short(_ signal: Int32) -> String {
        names[signal] ?? "signal\(signal)"
    }
}
