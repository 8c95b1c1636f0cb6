/// One finding class as a run's outcome lists it.
package struct ClassDigest: Sendable {
    /// Its id in the journal.
    package var id: Int
    /// The class: who departs, and which rule.
    package var cause: CauseKey
    /// The symptom of its first example (what its replay looks for).
    package var key: FindingClassKey
    /// How many cases showed it.
    package var occurrences: Int
    /// The coding path of its leaf in the example shown (the shrunk one, else the smallest).
    package var examplePath: String
    /// How far its first example was shrunk, when it was.
    package var shrink: ShrinkSummary?
    /// The command that replays it.
    package var reproduce: String

    /// Whether no allowlist entry explains it.
    package var isUnexpected: Bool { key.isUnexpected }
}

extension ClassDigest {
    /// The digest of a class a campaign found.
    init(_ found: FindingClass, reproduce: String) {
        self.init(id: found.id, cause: found.cause, key: found.key, occurrences: found.occurrences, examplePath: found.example.discrepancy.path.description,
                  shrink: found.shrunk?.shrink, reproduce: reproduce)
    }
}

/// How a run ended, whichever executor ran its cases (`CaseExecutor`): what the summary on
/// standard output shows.
package struct CampaignOutcome: Sendable {
    /// What the cases add up to: how many, their census, grid cells and setup failures.
    package var totals: CampaignTotals
    /// How long it ran.
    package var elapsed: Duration
    /// Whether a stop request ended it.
    package var interrupted: Bool
    /// Every class, by id.
    package var classes: [ClassDigest]
    /// The journal's path.
    package var journalPath: String
    /// The run's state when it ended, as its last progress line shows it (nil when it told none).
    package var finalProgress: CampaignProgress?

    /// The classes no allowlist entry explains.
    package var unexpectedClasses: [ClassDigest] { classes.filter(\.isUnexpected) }
}

extension CampaignOutcome {
    /// The outcome of an in-process campaign.
    init(_ summary: CampaignSummary, finalProgress: CampaignProgress?, reproduce: (Int, FindingClassKey) -> String) {
        self.init(totals: summary.totals, elapsed: summary.elapsed, interrupted: summary.interrupted,
                  classes: summary.classes.map { ClassDigest($0, reproduce: reproduce($0.id, $0.key)) }, journalPath: summary.journalPath,
                  finalProgress: finalProgress)
    }
}
