import Crossfire

/// What `replay`, `shrink` and `promote` say about a libFuzzer input of `FuzzDifferential`
/// (`DifferentialFuzzTarget.standard`).
enum FuzzInputText {
    /// Why an input gives no finding to shrink or pin: its case shows none unexpected, and
    /// these expected ones.
    static func noUnexpectedFinding(_ execution: CaseExecution) -> String {
        var text = "as a FuzzDifferential input, its case shows no unexpected finding"
        var expected: [String] = []
        for finding in execution.findings {
            guard let explanation = finding.explanation else { continue }
            let line = "\(explanation.id): \(OneLine.escaped(finding.key.description))"
            if !expected.contains(line) { expected.append(line) }
        }
        if let failure = execution.setupFailure {
            text += " (the mappers cannot be prepared: \(OneLine.escaped(failure)))"
        } else if expected.isEmpty {
            text += " (nor any expected one)"
        } else {
            text += "; expected: " + expected.joined(separator: "; ")
        }
        return text
    }

    /// The lines `replay` prints for an input whose case crashes (which is what made libFuzzer
    /// save it): as recorded, so it still fails.
    static func crashed(_ path: String, _ crash: CaseCrash) -> String {
        "\(path) still fails: the case crashes\n  \(OneLine.escaped(crash.description))\n"
    }

    /// The lines `replay` prints for an input, each change or finding indented, and whether
    /// it still fails: a `crash-*` input of FuzzDifferential is as recorded, and so still
    /// fails, while its case still shows an unexpected finding; else it changed.
    static func replay(_ path: String, _ execution: CaseExecution) -> (text: String, stillFails: Bool) {
        let unexpected = DifferentialFuzzTarget.unexpectedFindings(of: execution)
        guard !unexpected.isEmpty else {
            return ("\(path) CHANGED\n  \(noUnexpectedFinding(execution))\n", false)
        }
        var keys: [FindingClassKey] = []
        for finding in unexpected where !keys.contains(finding.key) { keys.append(finding.key) }
        let count = keys.count == 1 ? "1 unexpected class" : "\(keys.count) unexpected classes"
        return ("\(path) still fails: \(count)\n" + keys.map { "  unexpected: \(OneLine.escaped($0.description))\n" }.joined(), true)
    }
}
