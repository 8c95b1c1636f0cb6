import Crossfire

/// One finding class as the summary lists it.
struct ClassDigest {
    /// Its id in the journal.
    var id: Int
    /// The class.
    var key: FindingClassKey
    /// How many cases showed it.
    var occurrences: Int
    /// The coding path of its leaf in the example shown (the shrunk one, else the smallest).
    var examplePath: String
    /// How far its first example was shrunk, when it was.
    var shrink: ShrinkSummary?
    /// The command that replays it.
    var reproduce: String

    /// Whether no allowlist entry explains it.
    var isUnexpected: Bool { key.isUnexpected }

    /// The digest of a class a campaign found.
    init(_ found: FindingClass, reproduce: String) {
        self.init(id: found.id, key: found.key, occurrences: found.occurrences, examplePath: found.example.discrepancy.path.description,
                  shrink: found.shrunk?.shrink, reproduce: reproduce)
    }

    init(id: Int, key: FindingClassKey, occurrences: Int, examplePath: String, shrink: ShrinkSummary?, reproduce: String) {
        self.id = id
        self.key = key
        self.occurrences = occurrences
        self.examplePath = examplePath
        self.shrink = shrink
        self.reproduce = reproduce
    }
}

/// How a run ended, in-process or isolated: what the summary on standard output shows.
struct RunOutcome {
    /// Cases run.
    var cases: Int
    /// How long it ran.
    var elapsed: Duration
    /// Whether Ctrl-C or SIGTERM stopped it.
    var interrupted: Bool
    /// Every class, by id.
    var classes: [ClassDigest]
    /// Every failure any mapper reported.
    var census: ErrorCensus
    /// The grid cells the cases exercised.
    var coverage: CoverageTally
    /// Cases whose mappers could not be prepared.
    var setupFailures: [String]
    /// The journal's path.
    var journalPath: String

    /// The outcome of an in-process campaign.
    init(_ summary: CampaignSummary, reproduce: (Int, FindingClassKey) -> String) {
        self.init(cases: summary.cases, elapsed: summary.elapsed, interrupted: summary.interrupted,
                  classes: summary.classes.map { ClassDigest($0, reproduce: reproduce($0.id, $0.key)) }, census: summary.census,
                  coverage: summary.coverage, setupFailures: summary.setupFailures, journalPath: summary.journalPath)
    }

    init(cases: Int, elapsed: Duration, interrupted: Bool, classes: [ClassDigest], census: ErrorCensus, coverage: CoverageTally,
         setupFailures: [String], journalPath: String) {
        self.cases = cases
        self.elapsed = elapsed
        self.interrupted = interrupted
        self.classes = classes
        self.census = census
        self.coverage = coverage
        self.setupFailures = setupFailures
        self.journalPath = journalPath
    }

    /// The classes no allowlist entry explains.
    var unexpectedClasses: [ClassDigest] { classes.filter(\.isUnexpected) }
}
