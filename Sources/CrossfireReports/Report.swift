/// A campaign's report, built from its journal (`Report(journal:source:)`): how the run was
/// made and how it ended, the totals, every finding (unexpected ones first) and the error
/// census. `ReportJSON` and `ReportHTML` render it; `ReportFiles` writes both.
public struct Report: Sendable {
    /// The `report.json` format version.
    public static let version: Int64 = 1

    /// How the run was made.
    public var run: ReportRun
    /// How the run ended.
    public var status: RunStatus
    /// The counts.
    public var totals: ReportTotals
    /// Every finding, unexpected ones first, each group by id.
    public var findings: [ReportFinding]
    /// Every failure signature any mapper reported, most frequent first; nil when the run
    /// ended without a summary (the census is written only there).
    public var census: [CensusEntry]?
    /// Cases whose mappers could not be prepared, with why (from the summary).
    public var setupFailures: [String]

    /// Creates a report from its parts.
    public init(run: ReportRun, status: RunStatus, totals: ReportTotals, findings: [ReportFinding],
                census: [CensusEntry]?, setupFailures: [String]) {
        self.run = run
        self.status = status
        self.totals = totals
        self.findings = findings
        self.census = census
        self.setupFailures = setupFailures
    }

    /// The findings no allowlist entry explains.
    public var unexpectedFindings: [ReportFinding] { findings.filter { !$0.expected } }

    /// The findings an allowlist entry explains.
    public var expectedFindings: [ReportFinding] { findings.filter(\.expected) }

    /// One line for people: `run completed: 60 cases, 5 findings (1 unexpected, 4 expected), 12 error signatures`.
    public var summaryLine: String {
        let cases = totals.cases.map { Self.counted($0, "case") + ", " } ?? ""
        let census = census.map { ", " + Self.counted($0.count, "error signature") } ?? ""
        return "run \(status.state.rawValue): \(cases)\(Self.counted(totals.findings, "finding")) (\(totals.unexpected) unexpected, \(totals.expected) expected)\(census)"
    }

    /// `1 finding`, `2 findings`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// How the run was made: its `run` line.
public struct ReportRun: Sendable, Hashable {
    /// The campaign seed (nil when the journal does not give one).
    public var seed: UInt64?
    /// The generation profile's name.
    public var profile: String
    /// The mappers, the reference first.
    public var mappers: [String]
    /// The case limit asked for (nil: none).
    public var cases: Int?
    /// The time limit asked for, in seconds (nil: none).
    public var timeLimitSeconds: Int?

    /// Creates the run's description.
    public init(seed: UInt64?, profile: String, mappers: [String], cases: Int?, timeLimitSeconds: Int?) {
        self.seed = seed
        self.profile = profile
        self.mappers = mappers
        self.cases = cases
        self.timeLimitSeconds = timeLimitSeconds
    }
}

/// How a run ended, as its journal shows it.
public struct RunStatus: Sendable, Hashable {
    /// The way it ended.
    public enum State: String, Sendable, Hashable, CaseIterable {
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
    public var state: State
    /// The skipped unfinished last line, for `truncated`.
    public var truncatedLine: Int?

    /// Creates a status.
    public init(state: State, truncatedLine: Int? = nil) {
        self.state = state
        self.truncatedLine = truncatedLine
    }

    /// Whether the run wrote its summary (completed or interrupted).
    public var finished: Bool { state == .completed || state == .interrupted }

    /// What it means, in a sentence.
    public var explanation: String {
        switch state {
        case .completed: return "The run reached its limits and wrote its summary."
        case .interrupted: return "The run was stopped before its limits (Ctrl-C) and wrote its summary."
        case .killed: return "The run ended without a summary (killed or crashed): every finding it wrote is here, but there are no totals of cases, occurrences or census."
        case .truncated:
            let line = truncatedLine.map { "line \($0)" } ?? "its last line"
            return "The run was killed while writing \(line), which was skipped; there is no summary: every finding written before it is here, but there are no totals of cases, occurrences or census."
        }
    }
}

/// The counts of a report.
public struct ReportTotals: Sendable, Hashable {
    /// Cases run (nil without a summary).
    public var cases: Int?
    /// How long the run took, in seconds (nil without a summary).
    public var elapsedSeconds: Double?
    /// Distinct findings (signatures).
    public var findings: Int
    /// Findings no allowlist entry explains.
    public var unexpected: Int
    /// Findings an allowlist entry explains.
    public var expected: Int
    /// Findings whose shrunk record was written.
    public var shrunk: Int
    /// Findings by kind (`decodeDisagreement`, …).
    public var byKind: [String: Int]
    /// Failures counted in the census, all signatures together (nil without a summary).
    public var censusFailures: Int?

    /// Creates totals.
    public init(cases: Int?, elapsedSeconds: Double?, findings: Int, unexpected: Int, expected: Int, shrunk: Int,
                byKind: [String: Int], censusFailures: Int?) {
        self.cases = cases
        self.elapsedSeconds = elapsedSeconds
        self.findings = findings
        self.unexpected = unexpected
        self.expected = expected
        self.shrunk = shrunk
        self.byKind = byKind
        self.censusFailures = censusFailures
    }
}
