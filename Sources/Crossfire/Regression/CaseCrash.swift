/// How a case ended the process that ran it: in which mapper call (nil when in none, in the
/// harness's own code) and how — the signal (`SIGILL`, as a trap raises it), an exit, or a
/// hang — with the runtime's message.
package struct CaseCrash: Hashable, Sendable, CustomStringConvertible {
    /// The call the process was in, if any.
    package var call: MapperCall?
    /// How it ended, one word as a crash class spells it: `SIGILL`, `exit1`, `hang`.
    package var ending: String
    /// How it ended in words: `SIGILL (signal 4)`, `exit status 1`, `hang`.
    package var found: String
    /// The runtime's message (the line with `Fatal error`), or "".
    package var message: String

    /// A crash.
    package init(call: MapperCall?, ending: String, found: String, message: String) {
        self.call = call
        self.ending = ending
        self.found = found
        self.message = message
    }

    /// Whether `other` is this crash again: the same call and the same ending (the message may
    /// name the case's own values).
    package func isSame(as other: CaseCrash) -> Bool {
        call == other.call && ending == other.ending
    }

    /// `strict's decode in the decode check died of SIGILL (signal 4): Fatal error: …`.
    package var description: String {
        let place = call?.description ?? "the harness, outside any mapper call,"
        let how = ending == "hang" ? "made no progress (a hang)" : "died of \(found)"
        return "\(place) \(how)" + (message.isEmpty ? "" : ": \(message)")
    }

    /// The crash as a finding of class `check/crash/topLevel/unknown/absent/mapper=crash-SIGILL`:
    /// the class `crossfire run --isolate` gives the same crash.
    package func finding(testCase: CaseRecord, allowlist: Allowlist) -> Finding {
        Finding.crash(check: call?.check ?? .decode, mapper: call?.mapper ?? "harness", ending: ending, found: found,
                      message: description, testCase: testCase, allowlist: allowlist)
    }
}
