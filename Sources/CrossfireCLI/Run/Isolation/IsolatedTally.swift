import Crossfire

/// What an isolated run's parent has gathered from its workers' events and its own crash
/// findings.
struct IsolatedTally {
    /// Cases run (finished, or crashed in).
    var cases = 0
    /// One finding per signature, by id.
    var findings: [FindingDigest] = []
    /// How often each signature was seen.
    var occurrences: [String: Int] = [:]
    /// Every failure any mapper reported.
    var census = ErrorCensus()
    /// Cases whose mappers could not be prepared.
    var setupFailures: [String] = []
    /// The id the next new finding gets.
    var nextFindingID = 1
    /// The signatures in the journal, in the order found.
    private(set) var signatureList: [String] = []
    private var signatures: Set<String> = []

    /// Whether the journal holds a finding with this signature.
    func contains(_ signature: String) -> Bool {
        signatures.contains(signature)
    }

    /// Adds a finding that is in the journal.
    mutating func add(_ finding: FindingDigest) {
        findings.append(finding)
        if signatures.insert(finding.signature).inserted { signatureList.append(finding.signature) }
        nextFindingID = max(nextFindingID, finding.id + 1)
    }
}

/// Where a worker was, by its last events: what a crash is blamed on.
struct WorkerWhereabouts {
    /// The case under way (nil before the first).
    var caseIndex: Int?
    /// Whether the case has run its checks (its `ran` event came; it is counted).
    var hasRun = false
    /// The finding being shrunk, when the worker is shrinking.
    var shrinking: Int?
    /// The payload of the last `candidate` event since the case or finding began.
    var candidate: ArraySlice<UInt8>?
    /// The payload of the last `call` event since the case, finding or candidate began.
    var call: ArraySlice<UInt8>?
    /// Whether the worker sent `end`.
    var ended = false
    /// Whether its `end` said it was interrupted.
    var interrupted = false
    /// Set when the parent killed the worker for showing no progress for this long.
    var killedAfterNoProgress: Duration?

    init(caseIndex: Int? = nil) {
        self.caseIndex = caseIndex
    }
}
