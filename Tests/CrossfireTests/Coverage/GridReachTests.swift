import Crossfire
import CrossfireTestSupport
import Foundation
import Testing

/// Blind spots are visible: the default profile reaches every cell of the coverage grid that
/// the schema language can express within 10,000 cases of a fixed seed, and no case ever
/// exercises a cell whose unreachable reason says it cannot be.
@Suite("Coverage grid: the default profile's reach")
struct GridReachTests {
    /// The cases `crossfire run` promises to reach every reachable cell in.
    static let caseBudget = 10_000

    @Test("the default profile reaches every reachable cell within 10,000 cases, never an unreachable one, and its classes fall in counted cells")
    func theDefaultProfileReachesEveryReachableCell() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let campaign = try Campaign(options: CampaignOptions(seed: 1, profile: .default, outputDirectory: directory.path, shrinkAttempts: 20))
        var state = CampaignState()
        var missing = CoverageTally.reachable
        while state.totals.cases < Self.caseBudget && !missing.isEmpty {
            try campaign.runCase(state.totals.cases, into: &state)
            if state.totals.cases % 100 == 0 { missing = state.totals.coverage.notReached }
        }
        #expect(missing.isEmpty, "not reached in \(state.totals.cases) cases: \(missing.map(\.description))")
        // A class falls only in cells the cases were counted in.
        for found in state.classes {
            let uncounted = found.tally.cells.keys.filter { (state.totals.coverage.counts[$0] ?? 0) == 0 }
            #expect(uncounted.isEmpty, "\(found.key.canonical) falls in \(uncounted.map(\.description)), which no case was counted in")
        }
        let reachedUnreachable = CoverageTally.unreachable.filter { (state.totals.coverage.counts[$0] ?? 0) > 0 }
        #expect(reachedUnreachable.isEmpty, "exercised though said unreachable: \(reachedUnreachable.map { "\($0): \($0.unreachableReason ?? "")" })")
    }

    @Test("every cell is reachable or says why not, in words")
    func everyUnreachableCellSaysWhy() {
        for cell in CoverageTally.unreachable {
            #expect((cell.unreachableReason?.count ?? 0) > 20, "\(cell)")
        }
        // Every column and every row has cells a run can reach.
        for column in GridColumn.allCases {
            #expect(CoverageTally.reachable.contains { $0.column == column }, "\(column)")
        }
        for row in GridRow.all {
            #expect(CoverageTally.reachable.contains { $0.row == row }, "\(row)")
        }
        // Valid documents, encoding and round trips reach every row but the rule situations,
        // each of which is one column's.
        let situationRows = RuleSituation.allCases.map(GridRow.rule)
        for column in [GridColumn.decodeValid, .encode, .roundTrip] {
            let rows = CoverageTally.reachable.filter { $0.column == column }.map(\.row)
            #expect(Set(rows) == Set(GridRow.all).subtracting(situationRows).union(situationRows.filter { row in
                if case .rule(let situation) = row { return situation.column == column }
                return false
            }))
        }
        for situation in RuleSituation.allCases {
            #expect(CoverageTally.reachable.filter { $0.row == .rule(situation) } == [situation.cell], "\(situation)")
        }
    }
}
