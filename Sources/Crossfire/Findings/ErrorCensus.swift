import FirestoreModel
import ModelSchema

/// Every failure any mapper reported in a campaign, counted by situation, even where the
/// mappers agreed: the reports list each type mismatch, missing key, null value and
/// corrupted-data error seen — by check, mapper, error kind and the situation at the place it
/// names (type family, container, what the input held there, as a finding class tells them) —
/// with an example coding path. Never by path: a run's census grows with situations, not cases.
package struct ErrorCensus: Sendable, Hashable {
    /// What a census entry counts.
    package struct Key: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The check.
        package var check: CheckKind
        /// The mapper.
        package var mapper: String
        /// The failure kind.
        package var kind: FailureKind
        /// The situation at the failure's path: `integer in a struct field, the document holds string`.
        package var situation: String

        /// Creates a key.
        package init(check: CheckKind, mapper: String, kind: FailureKind, situation: String) {
            self.check = check
            self.mapper = mapper
            self.kind = kind
            self.situation = situation
        }

        /// `decode codable typeMismatch: integer in a struct field, the document holds string`.
        package var description: String { "\(check.rawValue) \(mapper) \(kind.rawValue): \(situation)" }

        package static func < (lhs: Key, rhs: Key) -> Bool { lhs.description < rhs.description }
    }

    /// One situation's tally.
    package struct Entry: Sendable, Hashable {
        /// What it counts.
        package var key: Key
        /// How often it was seen.
        package var count: Int
        /// The coding path of the first failure seen in this situation (`tags[2].color`).
        package var examplePath: String
    }

    /// The tallies by key.
    package private(set) var entries: [Key: Entry] = [:]

    /// An empty census.
    package init() {}

    /// Counts the failures of one check.
    package mutating func record(_ result: CheckResult) {
        for reported in result.failures {
            add(key: Self.key(of: reported), count: 1, examplePath: reported.failure.path.description)
        }
    }

    /// The key a reported failure is counted under.
    package static func key(of reported: ReportedFailure) -> Key {
        let discrepancy = Discrepancy(kind: .decodeDisagreement, check: reported.check, path: reported.failure.leafPath, facts: reported.facts,
                                      outcomes: [MapperOutcome(mapper: reported.mapper, result: .failed(reported.failure.kind, .here))])
        let classKey = FindingClassKey(discrepancy: discrepancy, explanation: nil)
        let situation = reported.failure.hasPath ? classKey.situationText : "no path given"
        return Key(check: reported.check, mapper: reported.mapper, kind: reported.failure.kind, situation: situation)
    }

    /// Counts `count` failures under `key`, the failure at `examplePath` standing for them when
    /// the key is new (a census read back from a journal is rebuilt this way).
    package mutating func add(key: Key, count: Int, examplePath: String) {
        if entries[key] != nil {
            entries[key]?.count += count
        } else {
            entries[key] = Entry(key: key, count: count, examplePath: examplePath)
        }
    }

    /// Adds another census's tallies (a later case's, or a worker's): its example stands for a
    /// key this census does not have yet.
    package mutating func merge(_ other: ErrorCensus) {
        for entry in other.entries.values { add(key: entry.key, count: entry.count, examplePath: entry.examplePath) }
    }

    /// How many failures of each kind were seen.
    package var countsByKind: [FailureKind: Int] {
        entries.values.reduce(into: [:]) { $0[$1.key.kind, default: 0] += $1.count }
    }

    /// The tallies by check, mapper, kind and situation.
    package var sortedEntries: [Entry] {
        entries.values.sorted { $0.key < $1.key }
    }

    /// All failures counted.
    package var total: Int { entries.values.reduce(0) { $0 + $1.count } }
}
