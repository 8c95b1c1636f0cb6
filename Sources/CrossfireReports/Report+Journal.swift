import Crossfire
import FirestoreJSON
import FirestoreModel

extension Report {
    /// The report of a journal read with `Journal.read(path:)`, from the journal alone: no case
    /// runs again, so a report builds whatever the mappers, the profile or the allowlist are
    /// now; `source` names the journal in errors. It takes the journal's typed records whole:
    /// the run line (`JournalHeader`), the summary (`JournalSummary`), the classes, each with its
    /// examples whole. A damaged line (a class whose example is malformed, a damaged summary —
    /// the report is then one without a summary) is skipped and listed in `status.damagedLines`.
    /// - Throws: `JournalReadError` saying that the journal has no (intact) `run` line.
    package init(journal: Journal, source: String) throws(JournalReadError) {
        guard let header = journal.header else {
            throw JournalReadError(source: source, line: nil, message: "the journal has no run line, so how the run was made is not known")
        }
        run = header
        summary = journal.summary
        let classes = journal.classes.map { ReportClass($0, summarized: journal.summary != nil) }
        self.classes = classes.filter { !$0.expected } + classes.filter(\.expected)
        status = journal.summary.map { RunStatus(state: $0.interrupted ? .interrupted : .completed) }
            ?? Self.statusWithoutSummary(truncatedLine: journal.truncatedLine)
        status.damagedLines = journal.damagedLines
        totals = ReportTotals(
            cases: journal.countedCases, elapsedSeconds: journal.summary?.elapsedSeconds,
            classes: classes.count, unexpected: classes.filter { !$0.expected }.count, expected: classes.filter(\.expected).count,
            shrunk: classes.filter { if case .shrunk = $0.exampleSource { true } else { false } }.count,
            byKind: classes.reduce(into: [:]) { $0[$1.key.kind.rawValue, default: 0] += 1 },
            censusFailures: journal.summary?.totals.census.total)
    }

    /// How a run that wrote no (intact) summary ended: killed between two lines, or while
    /// writing its last.
    private static func statusWithoutSummary(truncatedLine: Int?) -> RunStatus {
        if let truncatedLine { return RunStatus(state: .truncated, truncatedLine: truncatedLine) }
        return RunStatus(state: .killed)
    }
}

extension ReportClass {
    /// The report entry of a journal class; `summarized` says whether the journal has its
    /// summary (where a class's smallest example is chosen).
    init(_ found: JournalClass, summarized: Bool) {
        let exampleSource: ExampleSource
        if found.shrunk != nil, let summary = found.shrink {
            exampleSource = .shrunk(summary)
        } else if found.smallest != nil || (summarized && found.expected) {
            exampleSource = .smallest
        } else if found.expected {
            exampleSource = .first(reason: ExampleSource.expectedReason)
        } else {
            exampleSource = .first(reason: found.key.kind == .crash ? ExampleSource.unshrunkCrashReason : ExampleSource.unfinishedReason)
        }
        self.init(id: found.id, line: found.line, cause: found.cause, probes: found.probes, key: found.key,
                  explanation: found.explanation.map { ReportExplanation(id: $0.id, reason: $0.reason) },
                  occurrences: found.occurrences, tally: found.tally, example: found.example,
                  exampleSource: exampleSource, reproduce: found.reproduce.map { Self.replayable($0, key: found.key) })
    }

    /// A reproduce command that runs as printed: a crash class replays in a child process
    /// (`--isolate`), since in-process the crash would end the replay itself.
    static func replayable(_ command: String, key: FindingClassKey) -> String {
        guard key.replaysInIsolation, !command.split(separator: " ").contains("--isolate") else { return command }
        return command + " --isolate"
    }
}
