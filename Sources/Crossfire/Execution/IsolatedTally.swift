
/// What an isolated run's parent has gathered from its workers' events and its own crash
/// findings: the totals each `ran` event brings, and the classes as far as the parent knows
/// them (it has their keys and counts, not their findings).
struct IsolatedTally {
    /// One class in the journal, as the parent knows it.
    struct Entry {
        /// The class's id.
        var id: Int
        /// The class.
        var cause: CauseKey
        /// The symptom of its first example.
        var key: FindingClassKey
        /// Cases that showed it.
        var occurrences = 0
        /// What its findings add up to.
        var tally = ClassTally()
        /// The coding path of its example's leaf.
        var examplePath: String
        /// How far its first example was shrunk.
        var shrink: ShrinkSummary?
    }

    /// What the workers' cases add up to (`cases` counts those crashed in too).
    var totals = CampaignTotals()
    /// The classes in the journal, in the order found.
    private(set) var classes: [Entry] = []
    /// The id the next new class gets.
    var nextClassID = 1
    private var positions: [CauseKey: Int] = [:]
    private var byID: [Int: Int] = [:]
    /// A worker tells the classes of a case (`ran`) before it journals the ones new among them
    /// (`class`): their counts wait here for their class.
    private var pending: [CauseKey: [ClassReport]] = [:]

    /// The classes in the journal, by cause (what a new worker is told).
    var known: [CauseKey: Int] { Dictionary(uniqueKeysWithValues: classes.map { ($0.cause, $0.id) }) }

    /// The id of the class of this cause, when it is in the journal.
    func id(of cause: CauseKey) -> Int? {
        positions[cause].map { classes[$0].id }
    }

    /// Adds a class that is in the journal.
    mutating func add(id: Int, cause: CauseKey, key: FindingClassKey, examplePath: String) {
        guard positions[cause] == nil else { return }
        positions[cause] = classes.count
        byID[id] = classes.count
        classes.append(Entry(id: id, cause: cause, key: key, examplePath: examplePath))
        nextClassID = max(nextClassID, id + 1)
        for report in pending.removeValue(forKey: cause) ?? [] { count(report) }
    }

    /// Counts one case's findings of a class (once the class is in the journal).
    mutating func count(_ report: ClassReport) {
        guard let position = positions[report.cause] else {
            pending[report.cause, default: []].append(report)
            return
        }
        classes[position].occurrences += 1
        classes[position].tally.add(report.tally)
    }

    /// Records how far a class's example was shrunk.
    mutating func shrunk(id: Int, path: String, shrink: ShrinkSummary?) {
        guard let position = byID[id] else { return }
        classes[position].examplePath = path
        classes[position].shrink = shrink
    }
}

/// Where a worker was, by its last events: what a crash is blamed on.
struct WorkerWhereabouts {
    /// The case under way (nil before the first).
    var caseIndex: Int?
    /// Whether the case has run its checks (its `ran` event came; it is counted).
    var hasRun = false
    /// The class being shrunk, when the worker is shrinking.
    var shrinking: Int?
    /// The payload of the last `candidate` event since the case or class began.
    var candidate: ArraySlice<UInt8>?
    /// The payload of the last `call` event since the case, class or candidate began.
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
