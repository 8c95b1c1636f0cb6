import Crossfire

/// The summary `crossfire run` prints on standard output when it ends.
enum RunSummaryText {
    /// How many census entries the summary lists.
    static let censusEntries = 10

    /// The summary of a run with `settings` that ended with `outcome`.
    static func render(_ outcome: RunOutcome, settings: RunSettings) -> String {
        var text = "crossfire run: seed \(settings.seed), profile \(settings.profile.name), mappers \(settings.mappers.map(\.name).joined(separator: ","))"
        text += settings.isolate ? ", isolated\n" : "\n"
        let seconds = outcome.elapsed.seconds
        let rate = seconds > 0 ? Int((Double(outcome.cases) / seconds).rounded()) : 0
        text += "cases: \(outcome.cases) in \(format(seconds)) s (\(rate) cases/s), \(outcome.interrupted ? "interrupted" : "completed")\n"
        let unexpected = outcome.unexpectedFindings
        let seen = outcome.occurrences.values.reduce(0, +)
        text += "findings: \(outcome.findings.count) signatures, \(outcome.findings.count - unexpected.count) expected, "
            + "\(unexpected.count) unexpected (\(seen) occurrences)\n"
        for kind in FindingKind.allCases {
            let ofKind = outcome.findings.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            let kindUnexpected = ofKind.filter(\.isUnexpected).count
            text += "  \(pad(kind.rawValue, 20)) \(ofKind.count) (\(ofKind.count - kindUnexpected) expected, \(kindUnexpected) unexpected)\n"
        }
        if !unexpected.isEmpty {
            text += "unexpected signatures:\n"
            for finding in unexpected {
                let times = outcome.occurrences[finding.signature] ?? 1
                text += "  #\(finding.id) \(OneLine.escaped(finding.signature)) (\(times) \(times == 1 ? "time" : "times"))\n"
                text += "    reproduce: \(finding.reproduce)\n"
            }
        }
        let entries = outcome.census.sortedEntries
        let failures = entries.reduce(0) { $0 + $1.count }
        text += "error census: \(failures) failures, \(entries.count) signatures"
        text += entries.isEmpty ? "\n" : (entries.count > censusEntries ? "; top \(censusEntries):\n" : ":\n")
        for entry in entries.prefix(censusEntries) {
            let count = String(entry.count)
            text += "  " + String(repeating: " ", count: max(0, 7 - count.count)) + count
                + "  \(OneLine.escaped(entry.signature)) (e.g. at \(OneLine.escaped(entry.example.path.description)))\n"
        }
        if !outcome.setupFailures.isEmpty {
            text += "setup failures: \(outcome.setupFailures.count), first: \(OneLine.escaped(outcome.setupFailures[0]))\n"
        }
        text += "journal: \(outcome.journalPath)\n"
        return text
    }

    private static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
