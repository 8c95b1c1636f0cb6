/// Runs a case in a child process forked from this one (`ForkedProbe`), each mapper call
/// marked on the way, so that a case that kills its process is seen rather than suffered, and
/// the call it died in is known. `crossfire replay` and `promote` of a crashing input, crash
/// regressions in the test suite and the crash shrinker run cases this way.
package struct CrashProbe: Sendable {
    /// Runs the cases; its mappers are observed in the child.
    package let runner: CaseRunner
    /// The longest the child may go without starting a mapper call before it is taken to hang.
    package var timeout: Duration

    /// A probe of `runner`'s cases.
    package init(runner: CaseRunner, timeout: Duration = .seconds(10)) {
        self.runner = runner
        self.timeout = timeout
    }

    /// How the stored case crashes its process, or nil when it runs to its end (or cannot be
    /// replayed at all, which the caller learns when it runs the case itself).
    /// - Throws: `ForkedProbe.Unavailable` when no child process can be made.
    package func crash(of stored: StoredCase) throws(ForkedProbe.Unavailable) -> CaseCrash? {
        try probe { runner in _ = try? runner.replay(stored) }
    }

    /// How the case a choice sequence generates crashes its process, or nil.
    package func crash(ofChoices choices: [UInt64]) throws(ForkedProbe.Unavailable) -> CaseCrash? {
        try probe { runner in
            var source = ChoiceSource(replaying: choices)
            _ = runner.run(from: &source)
        }
    }

    /// Runs `body` in a child with the observed runner; a hang is confirmed by a second child,
    /// since a child forked while another thread held a lock it needs waits for it for ever.
    private func probe(_ body: @escaping (CaseRunner) -> Void) throws(ForkedProbe.Unavailable) -> CaseCrash? {
        let calls = MapperCall.all(mappers: runner.mappers.map(\.name))
        var attempt = 0
        while true {
            attempt += 1
            guard let stop = try ForkedProbe(timeout: timeout).firstStop(in: 0..<1, { _, mark in
                withoutActuallyEscaping(mark) { mark in
                    nonisolated(unsafe) let mark = mark
                    let observed = runner.mappers.map { spec in
                        CallObservingMapperFactory.spec(spec) { call in mark(Self.mark(of: call, in: calls)) }
                    }
                    body(CaseRunner(mappers: observed, generator: runner.generator, allowlist: runner.allowlist))
                }
            }) else { return nil }
            if case .hang = stop.ending, attempt < 2 { continue }
            let call = (1...calls.count).contains(Int(stop.mark)) ? calls[Int(stop.mark) - 1] : nil
            switch stop.ending {
            case .signal(let signal, let message):
                return CaseCrash(call: call, ending: SignalName.short(signal), found: SignalName.of(signal), message: message)
            case .exit(let status, let message):
                return CaseCrash(call: call, ending: "exit\(status)", found: "exit status \(status)", message: message)
            case .hang:
                return CaseCrash(call: call, ending: "hang", found: "hang", message: "")
            }
        }
    }

    /// A call's mark: its place among every call plus one (0 means no call yet, and the probe
    /// has 254 marks; a call past them is marked as the last).
    private static func mark(of call: MapperCall, in calls: [MapperCall]) -> UInt8 {
        UInt8(min(254, (calls.firstIndex(of: call) ?? 253) + 1))
    }
}
