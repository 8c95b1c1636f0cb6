import Crossfire

/// A campaign's report, built from its journal (`Report(journal:source:)`): how the run was
/// made and how it ended, the totals, every finding class (unexpected ones first), the coverage
/// grid and the error census. `ReportJSON` and `ReportHTML` render it; `ReportFiles` writes both.
package struct Report: Sendable {
    /// The `report.json` format version (4: a class's `cause` and `fix` are never null, and the
    /// `baseline` comparison is by cause).
    package static let version: Int64 = 4

    /// The `report.json` format versions `--baseline` reads: those whose classes have the
    /// members it reads (`cause`, `expected`, `occurrences`) — a version 3 report written before
    /// classes were causes has no `cause`, and is refused saying so.
    package static let baselineVersions: ClosedRange<Int64> = 3...version

    /// How the run was made: its `run` line.
    package var run: JournalHeader
    /// How the run ended.
    package var status: RunStatus
    /// The counts.
    package var totals: ReportTotals
    /// Every class, unexpected ones first, each group by id.
    package var classes: [ReportClass]
    /// The run's `summary` line, taken whole: what its cases added up to (the census, the
    /// coverage grid, setup failures, … — `CampaignTotals`), how long it ran and how it
    /// stopped; nil when the run ended without an intact one (the totals are written only there).
    package var summary: JournalSummary?
    /// How its classes compare with a baseline report's (`compared(with:)`); nil without one.
    package var baseline: ReportBaseline?

    /// Creates a report from its parts.
    package init(run: JournalHeader, status: RunStatus, totals: ReportTotals, classes: [ReportClass], summary: JournalSummary?,
                baseline: ReportBaseline? = nil) {
        self.run = run
        self.status = status
        self.totals = totals
        self.classes = classes
        self.summary = summary
        self.baseline = baseline
    }

    /// The classes no allowlist entry explains.
    package var unexpectedClasses: [ReportClass] { classes.filter { !$0.expected } }

    /// The classes an allowlist entry explains.
    package var expectedClasses: [ReportClass] { classes.filter(\.expected) }

    /// One line for people: `run completed: 2000 cases, 342 classes (0 unexpected, 342 expected), 217 of 219 grid cells`,
    /// and with a baseline `; against old/report.json: 2 new, 1 gone, 340 unchanged` (and
    /// `, 1 expected collapsed` when an expected class's count collapsed).
    package var summaryLine: String {
        let cases = totals.cases.map { Self.counted($0, "case") + ", " } ?? ""
        let grid = summary.map { ", \($0.totals.coverage.reached.count) of \(CoverageTally.reachable.count) grid cells" } ?? ""
        let compared = baseline.map {
            "; against \($0.source): \($0.new.count) new, \($0.gone.count) gone, \($0.unchanged.count) unchanged"
                + ($0.collapsed.isEmpty ? "" : ", \($0.collapsed.count) expected collapsed")
        } ?? ""
        return "run \(status.state.rawValue): \(cases)\(Self.counted(totals.classes, "class", plural: "classes")) (\(totals.unexpected) unexpected, \(totals.expected) expected)\(grid)\(compared)"
    }

    /// `1 finding`, `2 findings`; `plural` when it is not the noun and an `s`.
    static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}

/// How a run ended, as its journal shows it.
package struct RunStatus: Sendable, Hashable {
    /// The way it ended.
    package enum State: String, Sendable, Hashable, CaseIterable {
        /// It ran to its limits and wrote its summary.
        case completed
        /// It was stopped (Ctrl-C) and wrote its summary.
        case interrupted
        /// It ended without a summary, every line whole: killed between two lines.
        case killed
        /// It ended without a summary in the middle of a line, which was skipped.
        case truncated
    }

    /// The way it ended.
    package var state: State
    /// The skipped unfinished last line, for `truncated`.
    package var truncatedLine: Int?
    /// The damaged lines the report skipped, each with its number and what was wrong (a
    /// journal's own, and records whose members the report could not read), in line order.
    package var damagedLines: [JournalReadError]

    /// Creates a status.
    package init(state: State, truncatedLine: Int? = nil, damagedLines: [JournalReadError] = []) {
        self.state = state
        self.truncatedLine = truncatedLine
        self.damagedLines = damagedLines
    }

    /// Whether the run wrote its summary (completed or interrupted).
    package var finished: Bool { state == .completed || state == .interrupted }

    /// What it means, in a sentence.
    package var explanation: String {
        guard !damagedLines.isEmpty else { return stateExplanation }
        let lines = damagedLines.compactMap(\.line).map(String.init).joined(separator: ", ")
        let count = damagedLines.count == 1 ? "A damaged line (line \(lines)) was" : "\(damagedLines.count) damaged lines (lines \(lines)) were"
        return stateExplanation + " \(count) skipped; every intact record around them is here."
    }

    /// What the way it ended means, in a sentence.
    private var stateExplanation: String {
        switch state {
        case .completed: return "The run reached its limits and wrote its summary."
        case .interrupted: return "The run was stopped before its limits (Ctrl-C) and wrote its summary."
        case .killed: return "The run ended without a summary (killed or crashed): every class it wrote is here, with the counts of its last checkpoint, but no coverage grid or census."
        case .truncated:
            let line = truncatedLine.map { "line \($0)" } ?? "its last line"
            return "The run was killed while writing \(line), which was skipped; there is no summary: every class written before it is here, with the counts of its last checkpoint, but no coverage grid or census."
        }
    }
}

/// The counts of a report.
package struct ReportTotals: Sendable, Hashable {
    /// Cases run (from the summary, else the last `counts` line; nil when neither).
    package var cases: Int?
    /// How long the run took, in seconds (nil without a summary).
    package var elapsedSeconds: Double?
    /// Finding classes.
    package var classes: Int
    /// Classes no allowlist entry explains.
    package var unexpected: Int
    /// Classes an allowlist entry explains.
    package var expected: Int
    /// Classes shown with a shrunk example.
    package var shrunk: Int
    /// Classes by finding kind (`decodeDisagreement`, …).
    package var byKind: [String: Int]
    /// Failures counted in the census, all situations together (nil without a summary).
    package var censusFailures: Int?

    /// Creates totals.
    package init(cases: Int?, elapsedSeconds: Double?, classes: Int, unexpected: Int, expected: Int, shrunk: Int,
                byKind: [String: Int], censusFailures: Int?) {
        self.cases = cases
        self.elapsedSeconds = elapsedSeconds
        self.classes = classes
        self.unexpected = unexpected
        self.expected = expected
        self.shrunk = shrunk
        self.byKind = byKind
        self.censusFailures = censusFailures
    }
}
