import Crossfire
import Foundation

/// The summary `crossfire run` prints on standard output when it ends: the run, its cases, the
/// unexpected classes (each with its occurrences, its example and the command that replays
/// it), the expected classes by allowlist entry (each one with `--verbose`), the classes by
/// kind, the coverage grid, the most frequent failure situations of the census, and where the
/// journal is.
enum RunSummaryText {
    /// How many census situations the summary lists.
    static let censusEntries = 5
    /// How many blind spots the summary names before it counts the rest (`--verbose` names all).
    static let notReachedNamed = 8

    /// The summary of a run with `settings` that ended with `outcome`.
    static func render(_ outcome: CampaignOutcome, settings: RunSettings) -> String {
        var text = "crossfire run: seed \(settings.seed), profile \(settings.profile.name), mappers \(settings.mappers.map(\.name).joined(separator: ","))"
        text += settings.isolate ? ", isolated\n" : "\n"
        let seconds = outcome.elapsed.seconds
        let rate = seconds > 0 ? Int((Double(outcome.totals.cases) / seconds).rounded()) : 0
        text += "cases: \(outcome.totals.cases) in \(format(seconds)) s (\(rate) cases/s), \(outcome.interrupted ? "interrupted" : "completed")\n"
        let unexpected = outcome.unexpectedClasses
        let expected = outcome.classes.filter { !$0.isUnexpected }
        text += "classes: \(unexpected.count) unexpected, \(expected.count) expected\n"
        text += kinds(outcome.classes)
        if unexpected.isEmpty {
            text += "unexpected classes: none\n"
        } else {
            text += "unexpected classes:\n"
            for found in unexpected {
                text += "  #\(found.id) \(OneLine.escaped(found.cause.description))\n"
                text += "     fix: \(OneLine.escaped(CauseWords(found.cause).fix))\n"
                var seen = "     seen in \(counted(found.occurrences, "case")); example at \(OneLine.escaped(found.examplePath))"
                if let shrink = found.shrink {
                    seen += " (shrunk from \(shrink.choicesBefore) to \(shrink.choicesAfter) choices: \(shrink.stop.description))"
                }
                text += seen + "\n     reproduce: \(found.reproduce)\n"
            }
        }
        if !expected.isEmpty {
            let byEntry = Dictionary(grouping: expected) { $0.key.explanation ?? "" }
                .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
            text += "expected classes by allowlist entry: " + byEntry.map { "\($0.key) \($0.value.count)" }.joined(separator: ", ") + "\n"
            if settings.verbose {
                for found in expected {
                    text += "  #\(found.id) (\(found.key.explanation ?? "")) \(OneLine.escaped(found.cause.description)) ×\(found.occurrences)\n"
                }
            }
        }
        let notReached = outcome.totals.coverage.notReached
        text += "grid: \(outcome.totals.coverage.reached.count) of \(CoverageTally.reachable.count) reachable cells exercised"
        if !notReached.isEmpty {
            let named = settings.verbose ? notReached[...] : notReached.prefix(Self.notReachedNamed)
            text += "; not exercised: " + named.map(\.description).joined(separator: ", ")
            if named.count < notReached.count {
                text += " and \(notReached.count - named.count) more (--verbose or the report names them all)"
            }
        }
        text += "\n"
        let entries = outcome.totals.census.sortedEntries.sorted { $0.count > $1.count }
        text += "error census: \(counted(outcome.totals.census.total, "failure")) in \(counted(entries.count, "situation"))"
        text += entries.isEmpty ? "\n" : "; the most frequent:\n"
        for entry in entries.prefix(censusEntries) {
            let count = String(entry.count)
            text += "  " + String(repeating: " ", count: max(0, 7 - count.count)) + count + "  \(OneLine.escaped(entry.key.description))\n"
        }
        if !outcome.totals.setupFailures.isEmpty {
            text += "setup failures: \(outcome.totals.setupFailures.count), first: \(OneLine.escaped(outcome.totals.setupFailures[0]))\n"
        }
        text += "journal: \(outcome.journalPath)\n"
        let folder = (outcome.journalPath as NSString).deletingLastPathComponent
        text += "report: \(settings.command) report \(ShellWord.quoted(folder.isEmpty ? "." : folder))\n"
        return text
    }

    /// `  by kind: roundTripLoss 12 expected, decodeDisagreement 1 unexpected 3 expected`, unexpected first.
    private static func kinds(_ classes: [ClassDigest]) -> String {
        let rows = FindingKind.allCases.compactMap { kind -> (kind: FindingKind, unexpected: Int, expected: Int)? in
            let ofKind = classes.filter { $0.key.kind == kind }
            guard !ofKind.isEmpty else { return nil }
            let unexpected = ofKind.filter(\.isUnexpected).count
            return (kind, unexpected, ofKind.count - unexpected)
        }.sorted { ($0.unexpected, $0.expected) > ($1.unexpected, $1.expected) }
        guard !rows.isEmpty else { return "" }
        return "  by kind: " + rows.map { row in
            var parts: [String] = []
            if row.unexpected > 0 { parts.append("\(row.unexpected) unexpected") }
            if row.expected > 0 { parts.append("\(row.expected) expected") }
            return "\(row.kind.rawValue) " + parts.joined(separator: " ")
        }.joined(separator: ", ") + "\n"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
