import FirestoreJSON
import FirestoreModel

/// What a campaign's cases add up to, beside its classes: how many ran, every failure any
/// mapper reported (the census), the grid cells they exercised and the cases whose mappers
/// could not be prepared. It is one record everywhere: a case's own totals are counted where
/// the case ran (`init(caseIndex:execution:)`), added up in case order (`add(_:)`) — by the
/// campaign's loop, or by an isolated run's parent from its workers' `ran` events —, written as
/// members of the journal's `summary` line and of a worker's `ran` event (`members`), read back
/// from either (`init(reading:)`), and taken whole by the reports.
///
/// Its members, in the journal and the worker protocol alike:
/// - `cases` — cases run;
/// - `casesWithFaults` — how many of them had faults injected into their document (the rest
///   tried valid documents only); null in a journal written before it was counted;
/// - `census` — every failure situation: `check`, `mapper`, `kind`, `situation`, `count`, and
///   `path`, the coding path of the first failure seen in it;
/// - `coverage` — `{"<cell>": values}`, cells as `GridCell.token`;
/// - `setupFailures` — one string per case whose mappers could not be prepared for its
///   schema, `case N: why` (empty in a healthy run).
///
/// A new total is counted, journalled, sent by workers and read back in this file alone; the
/// reports show it (`ReportJSON`, `ReportHTML`). See Docs/architecture.md, "Add a report field".
package struct CampaignTotals: Sendable, Hashable {
    /// Cases run.
    package var cases = 0
    /// How many of them had faults injected into their document; nil when a journal written
    /// before this was counted is read.
    package var casesWithFaults: Int? = 0
    /// Every failure any mapper reported, by situation.
    package var census = ErrorCensus()
    /// The grid cells the cases exercised.
    package var coverage = CoverageTally()
    /// Cases whose mappers could not be prepared, each `case N: why`.
    package var setupFailures: [String] = []

    /// No cases yet.
    package init() {}

    /// The totals of case `caseIndex`, which ran as `execution`.
    package init(caseIndex: Int, execution: CaseExecution) {
        cases = 1
        casesWithFaults = execution.record.faults.isEmpty ? 0 : 1
        for check in execution.checks { census.record(check) }
        coverage.add(CaseCoverage(schema: execution.record.schema).cells(of: execution.record))
        if let failure = execution.setupFailure { setupFailures = ["case \(caseIndex): \(failure)"] }
    }

    /// Adds the totals of later cases (a census situation's example stays the first one seen).
    package mutating func add(_ later: CampaignTotals) {
        cases += later.cases
        if let more = later.casesWithFaults { casesWithFaults = (casesWithFaults ?? 0) + more }
        census.merge(later.census)
        coverage.merge(later.coverage)
        setupFailures += later.setupFailures
    }

    /// The totals as members of a JSON object (the journal's `summary` line, a `ran` event).
    package var members: [(key: String, value: JSONText)] {
        [
            ("cases", .integer(cases)), ("casesWithFaults", casesWithFaults.map { .integer($0) } ?? .null),
            ("census", .array(census.sortedEntries.map { entry in
                .object([
                    ("check", .string(entry.key.check.rawValue)), ("mapper", .string(entry.key.mapper)),
                    ("kind", .string(entry.key.kind.rawValue)), ("situation", .string(entry.key.situation)),
                    ("count", .integer(entry.count)), ("path", .string(entry.examplePath)),
                ])
            })),
            ("coverage", .object(coverage.counts.map { (key: $0.key.token, value: .integer($0.value)) })),
            ("setupFailures", .array(setupFailures.map(JSONText.string))),
        ]
    }

    /// The totals among an object's members, as `members` writes them.
    /// - Throws: `JSONObjectError` naming the member that is missing or malformed.
    package init(reading object: JSONObject) throws(JSONObjectError) {
        cases = try Self.count(object, "cases")
        casesWithFaults = try Self.optionalCount(object, "casesWithFaults")
        for entry in try object.objects("census") {
            let key = ErrorCensus.Key(check: try entry.name("check", of: CheckKind.self), mapper: try entry.string("mapper"),
                                      kind: try entry.name("kind", of: FailureKind.self), situation: try entry.string("situation"))
            census.add(key: key, count: try Self.count(entry, "count"), examplePath: try entry.string("path"))
        }
        var counts: [GridCell: Int] = [:]
        if let cells = try object.optionalObject("coverage") {
            for token in cells.members.keys {
                guard let cell = GridCell(token: token) else { throw cells.error(at: token, "not a grid cell") }
                counts[cell] = try Self.count(cells, token)
            }
        }
        coverage = CoverageTally(counts: counts)
        setupFailures = try object.optionalStrings("setupFailures")
    }

    /// A member that counts something: a whole number from 0.
    private static func count(_ object: JSONObject, _ key: String) throws(JSONObjectError) -> Int {
        let value = try object.integer(key)
        guard let count = Int(exactly: value), count >= 0 else { throw object.error(at: key, "expected a count (0 or more), found \(value)") }
        return count
    }

    /// A count that a journal written before it was counted does not have (then nil).
    private static func optionalCount(_ object: JSONObject, _ key: String) throws(JSONObjectError) -> Int? {
        object.nonNull(key) == nil ? nil : try count(object, key)
    }
}
