import FirestoreModel

/// The first line of a journal: how the run was made.
package struct JournalHeader: Sendable, Hashable {
    /// The campaign seed (nil when the line does not give one).
    package var seed: UInt64?
    /// The generation profile's name.
    package var profile: String
    /// The mappers' names, the reference first.
    package var mappers: [String]
    /// The case limit asked for (nil: none, or not given).
    package var cases: Int?
    /// The time limit asked for, in seconds (nil: none, or not given).
    package var timeLimitSeconds: Int?
    /// The command that replays the journal's classes (each with `--class ID`), when the line gives it.
    package var replay: String?
    /// The line it was read from (1-based), when it was read from a journal.
    package var line: Int?

    /// Creates a header.
    package init(seed: UInt64?, profile: String, mappers: [String], cases: Int? = nil, timeLimitSeconds: Int? = nil, replay: String? = nil,
                line: Int? = nil) {
        self.seed = seed
        self.profile = profile
        self.mappers = mappers
        self.cases = cases
        self.timeLimitSeconds = timeLimitSeconds
        self.replay = replay
        self.line = line
    }
}

/// One class of a journal, gathered from its `class`, `shrunk`, `counts` and `summary` lines.
package struct JournalClass: Sendable {
    /// The class's number in its journal (1, 2, …).
    package var id: Int
    /// The class: who departs and which rule.
    package var cause: CauseKey
    /// What probing its first example showed, in words.
    package var probes: [String]
    /// The symptom of its first example.
    package var key: FindingClassKey
    /// Whether an allowlist entry explained it.
    package var expected: Bool
    /// The explaining allowlist entry's id and reason.
    package var explanation: (id: String, reason: String)?
    /// The line of its `class` record (1-based).
    package var line: Int
    /// Its first example, as found.
    package var first: JournalExample
    /// Its first example shrunk, when the journal has the `shrunk` line.
    package var shrunk: JournalExample?
    /// How far shrinking got.
    package var shrink: ShrinkSummary?
    /// The smallest example seen, where the summary gives one other than the first.
    package var smallest: JournalExample?
    /// How many cases showed it (the summary's count, else the last `counts` line's; nil when
    /// neither counted it).
    package var occurrences: Int?
    /// What its findings added up to — leaf types, symptoms, grid cells —, from the summary
    /// (empty without one).
    package var tally: ClassTally
    /// The command that replays it.
    package var reproduce: String?

    /// The class in one line: its cause's title.
    package var title: String { CauseWords(cause).title }

    /// The example to show and replay: the shrunk one, else the smallest, else the first.
    package var example: JournalExample { shrunk ?? smallest ?? first }
}
