import Crossfire

/// One finding as the summary lists it.
struct FindingDigest {
    /// Its id in the journal.
    var id: Int
    /// Its kind.
    var kind: FindingKind
    /// Its signature.
    var signature: String
    /// The allowlist entry that explains it; nil when unexpected.
    var explanation: String?
    /// The command that replays it.
    var reproduce: String

    /// Whether no allowlist entry explains it.
    var isUnexpected: Bool { explanation == nil }
}

/// How a run ended, in-process or isolated: what the summary on standard output shows.
struct RunOutcome {
    /// Cases run.
    var cases: Int
    /// How long it ran.
    var elapsed: Duration
    /// Whether Ctrl-C or SIGTERM stopped it.
    var interrupted: Bool
    /// One finding per signature, by id.
    var findings: [FindingDigest]
    /// How often each signature was seen.
    var occurrences: [String: Int]
    /// Every failure any mapper reported.
    var census: ErrorCensus
    /// Cases whose mappers could not be prepared.
    var setupFailures: [String]
    /// The journal's path.
    var journalPath: String

    /// The outcome of an in-process campaign, whose findings are numbered from 1 in order.
    init(_ summary: CampaignSummary, reproduce: (Int) -> String) {
        cases = summary.cases
        elapsed = summary.elapsed
        interrupted = summary.interrupted
        findings = summary.findings.enumerated().map { offset, finding in
            FindingDigest(id: offset + 1, kind: finding.discrepancy.kind, signature: finding.signature,
                          explanation: finding.explanation?.id, reproduce: reproduce(offset + 1))
        }
        occurrences = summary.occurrences
        census = summary.census
        setupFailures = summary.setupFailures
        journalPath = summary.journalPath
    }

    init(cases: Int, elapsed: Duration, interrupted: Bool, findings: [FindingDigest], occurrences: [String: Int],
         census: ErrorCensus, setupFailures: [String], journalPath: String) {
        self.cases = cases
        self.elapsed = elapsed
        self.interrupted = interrupted
        self.findings = findings
        self.occurrences = occurrences
        self.census = census
        self.setupFailures = setupFailures
        self.journalPath = journalPath
    }

    /// The findings no allowlist entry explains.
    var unexpectedFindings: [FindingDigest] { findings.filter(\.isUnexpected) }
}
