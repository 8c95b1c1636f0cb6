import FirestoreModel
import ModelSchema

/// Every failure any mapper reported in a campaign, counted by signature, even where the
/// mappers agreed: the reports list each type mismatch, missing key, null value and
/// corrupted-data error seen, with an example coding path.
public struct ErrorCensus: Sendable {
    /// One signature's tally.
    public struct Entry: Sendable, Hashable {
        /// `decode codable typeMismatch tags[].color`.
        public var signature: String
        /// The failure kind.
        public var kind: FailureKind
        /// How often it was seen.
        public var count: Int
        /// The first failure seen with this signature.
        public var example: MappingFailure
    }

    /// The tallies by signature.
    public private(set) var entries: [String: Entry] = [:]

    /// An empty census.
    public init() {}

    /// Counts the failures of one check.
    public mutating func record(_ result: CheckResult, schema: ModelSchema) {
        for (mapper, check, failure) in result.failures {
            let signature = "\(check.rawValue) \(mapper) \(failure.kind.rawValue) \(schema.schemaPath(of: failure.path))"
            if entries[signature] != nil {
                entries[signature]?.count += 1
            } else {
                entries[signature] = Entry(signature: signature, kind: failure.kind, count: 1, example: failure)
            }
        }
    }

    /// Counts `count` failures of one signature, `example` standing for them when the signature
    /// is new (an isolated run's parent merges its workers' tallies this way).
    public mutating func add(signature: String, kind: FailureKind, count: Int, example: MappingFailure) {
        if entries[signature] != nil {
            entries[signature]?.count += count
        } else {
            entries[signature] = Entry(signature: signature, kind: kind, count: count, example: example)
        }
    }

    /// How many failures of each kind were seen.
    public var countsByKind: [FailureKind: Int] {
        entries.values.reduce(into: [:]) { $0[$1.kind, default: 0] += $1.count }
    }

    /// The tallies, most frequent first, then by signature.
    public var sortedEntries: [Entry] {
        entries.values.sorted { ($0.count, $1.signature) > ($1.count, $0.signature) }
    }
}
