/// What a campaign has gathered so far, which `Campaign.runCase(_:into:onFinding:willTryCandidate:)`
/// adds to case by case.
///
/// A campaign run in one process keeps one state from start to end. A worker of an isolated run
/// (`crossfire run --isolate`) starts with a state that carries on its parent's numbering and
/// knows the signatures already in the journal, so that it journals no signature twice.
public struct CampaignState: Sendable {
    /// Cases run.
    public var cases = 0
    /// One shrunk finding per signature this state found, in the order found.
    public var findings: [Finding] = []
    /// How often each signature was seen.
    public var occurrences: [String: Int] = [:]
    /// Every failure any mapper reported.
    public var census = ErrorCensus()
    /// Cases whose mappers could not be prepared, with why.
    public var setupFailures: [String] = []
    /// The id the next new finding gets in the journal.
    public var nextFindingID: Int
    /// The signatures already in the journal: a finding with one of them is counted, not
    /// journaled again.
    public var journaledSignatures: Set<String>

    /// A state; by default that of a fresh campaign (ids from 1, an empty journal).
    public init(nextFindingID: Int = 1, journaledSignatures: Set<String> = []) {
        self.nextFindingID = nextFindingID
        self.journaledSignatures = journaledSignatures
    }
}
