/// Where `LegacyMapperCheck` runs a team's legacy mapper.
public enum LegacyCheckIsolation: Hashable, Sendable {
    /// In the test's own process: a trap in the legacy mapper ends the test run.
    case none
    /// Each case first in a child process forked from the test's (`ForkedProbe`), then — once
    /// it finished there — in the test's own: a legacy mapper that traps (a force-unwrap on a
    /// missing field) or does not return within `timeout` becomes a finding with its document
    /// and the runtime's message, and the check goes on with the next case. Costs a second run
    /// of every case and a child per trap and per shrink candidate.
    case childProcess(timeout: Duration)
}

/// The legacy mapper's calls, as a child process marks them so that a trap names the call.
enum LegacyCall: UInt8, CaseIterable {
    case decode = 1
    case encode = 2
    case readBack = 3

    /// The call in words, as a crash class names it.
    var name: String {
        switch self {
        case .decode: return "decode"
        case .encode: return "encode"
        case .readBack: return "read-back"
        }
    }
}
