import Crossfire

/// The census entries of one check and failure kind, merged by situation: what the report
/// page draws as one folded table. The same situation seen by several mappers is one row with
/// a count per mapper, so a group grows with situations, not with situations × mappers.
struct CensusGroup {
    /// One situation, with every mapper that failed in it.
    struct Row {
        /// The situation (`integer in a struct field, the document holds string`).
        var situation: String
        /// Failures by mapper.
        var counts: [String: Int]
        /// Where it was first seen: the example path of its first mapper's entry (in the run's order).
        var examplePath: String
        /// Failures of all mappers.
        var total: Int { counts.values.reduce(0, +) }
    }

    /// The check.
    var check: CheckKind
    /// The failure kind.
    var kind: FailureKind
    /// The mappers with a count in the group, in the run's order (any others after, by name).
    var mappers: [String]
    /// Its situations, most failures first (then by situation).
    var rows: [Row]

    /// `decode · type mismatch`.
    var title: String { "\(check.rawValue) · \(kind.words)" }
    /// Its failures.
    var total: Int { rows.reduce(0) { $0 + $1.total } }

    /// The census's entries grouped by check and kind in the census's order (by check, then
    /// kind), each group's rows merged by situation; `order` is the run's mappers.
    static func groups(of census: [ErrorCensus.Entry], mappers order: [String]) -> [CensusGroup] {
        let rank = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let inRunOrder = census.sorted { (rank[$0.key.mapper] ?? order.count, $0.key.mapper) < (rank[$1.key.mapper] ?? order.count, $1.key.mapper) }
        var groups: [CensusGroup] = []
        var index: [String: Int] = [:]
        for entry in census where index["\(entry.key.check.rawValue) \(entry.key.kind.rawValue)"] == nil {
            index["\(entry.key.check.rawValue) \(entry.key.kind.rawValue)"] = groups.count
            groups.append(CensusGroup(check: entry.key.check, kind: entry.key.kind, mappers: [], rows: []))
        }
        var rows: [[String: Row]] = Array(repeating: [:], count: groups.count)
        for entry in inRunOrder {
            guard let at = index["\(entry.key.check.rawValue) \(entry.key.kind.rawValue)"] else { continue }
            if !groups[at].mappers.contains(entry.key.mapper) { groups[at].mappers.append(entry.key.mapper) }
            rows[at][entry.key.situation, default: Row(situation: entry.key.situation, counts: [:], examplePath: entry.examplePath)]
                .counts[entry.key.mapper, default: 0] += entry.count
        }
        for at in groups.indices {
            groups[at].rows = rows[at].values.sorted { $0.total != $1.total ? $0.total > $1.total : $0.situation < $1.situation }
        }
        return groups
    }
}
