import Crossfire
@testable import CrossfireReports
import FirestoreModel
import Foundation
import Testing

/// The coverage grid at the top of the page: each cell's state, count and link.
struct ReportGridTests {
    private let stringWrongType = GridCell(row: .type(.string), column: .wrongType)
    private let fieldWrongType = GridCell(row: .container(.structField), column: .wrongType)
    private let topLevelValid = GridCell(row: .container(.topLevel), column: .decodeValid)
    private let integerValid = GridCell(row: .type(.integer), column: .decodeValid)
    private let boolValid = GridCell(row: .type(.bool), column: .decodeValid)
    private let stringCorrupted = GridCell(row: .type(.string), column: .corruptedData)

    /// A run whose expected class 1 fell in `String × wrong type` and `struct field × wrong
    /// type`, whose unexpected crash class 2 fell at the top level, and whose grid counted
    /// integers, never a Bool.
    private func report() throws -> Report {
        var coverage = CoverageTally()
        coverage.add(Array(repeating: stringWrongType, count: 3) + Array(repeating: fieldWrongType, count: 3)
                     + Array(repeating: topLevelValid, count: 2) + Array(repeating: integerValid, count: 1_234))
        let bytes = try ReportFixtures.journalBytes([
            ReportFixtures.runLine(),
            try ReportFixtures.classLine(try ReportFixtures.hostileFinding(.silentDefault), id: 1),
            try ReportFixtures.classLine(ReportFixtures.crashFinding(), id: 2),
            try ReportFixtures.summaryLine(cases: 9, occurrences: [1: 3, 2: 2],
                                       cells: [1: [stringWrongType: 3, fieldWrongType: 3], 2: [topLevelValid: 2]], coverage: coverage),
        ])
        return try ReportFixtures.report(bytes)
    }

    @Test func eachCellHasTheStateOfWhatFellInIt() throws {
        let grid = ReportGrid(try report())
        #expect(grid.cell(.type(.string), .wrongType) == ReportGrid.Cell(cell: stringWrongType, state: .expected, values: 3, classes: [1], unreachableReason: nil))
        #expect(grid.cell(.container(.structField), .wrongType).state == .expected)
        #expect(grid.cell(.container(.topLevel), .decodeValid) == ReportGrid.Cell(cell: topLevelValid, state: .disagree, values: 2, classes: [2], unreachableReason: nil))
        #expect(grid.cell(.type(.integer), .decodeValid) == ReportGrid.Cell(cell: integerValid, state: .agree, values: 1_234, classes: [], unreachableReason: nil))
        #expect(grid.cell(.type(.bool), .decodeValid) == ReportGrid.Cell(cell: boolValid, state: .notExercised, values: 0, classes: [], unreachableReason: nil))
        let unreachable = grid.cell(.type(.string), .corruptedData)
        #expect(unreachable.state == .unreachable)
        #expect(unreachable.unreachableReason == "every Firestore string is a valid String")
        #expect(grid.stateCounts[.unreachable] == CoverageTally.unreachable.count)
        #expect(grid.stateCounts[.agree] == 1)
        #expect(grid.stateCounts[.disagree] == 1)
        #expect(grid.stateCounts[.expected] == 2)
        #expect(grid.stateCounts[.notExercised] == CoverageTally.reachable.count - 4)
        #expect(ReportGrid.valueRows.count == TypeFamily.allCases.count + 3)
        #expect(ReportGrid.containerRows.count == LeafContainer.allCases.count)
    }

    @Test func thePageDrawsEachCellColouredCountedAndLinked() throws {
        let page = ReportHTML.page(of: try report())
        let grid = try #require(ReportFixtures.element(page, from: "<section id=\"grid\">", to: "</section>"))
        #expect(grid.contains("<td id=\"cell-type.string/wrongType\" class=\"s-expected\" title=\"String × wrong type: expected, 3 values exercised; 1 class: #1\">"
                              + "<a href=\"#class-1\">3 <span class=\"n\">1</span></a></td>"))
        #expect(grid.contains("<td id=\"cell-container.topLevel/decodeValid\" class=\"s-disagree\" title=\"top level × valid: disagree, 2 values exercised; 1 class: #2\">"
                              + "<a href=\"#class-2\">2 <span class=\"n\">1</span></a></td>"))
        #expect(grid.contains("<td id=\"cell-type.integer/decodeValid\" class=\"s-agree\" title=\"integer × valid: agree, 1234 values exercised\">1.2k</td>"))
        #expect(grid.contains("<td id=\"cell-type.bool/decodeValid\" class=\"s-notExercised\" title=\"Bool × valid: not exercised, 0 values exercised\">0</td>"))
        #expect(grid.contains("<td id=\"cell-type.string/corruptedData\" class=\"s-unreachable\" "
                              + "title=\"String × corrupted: unreachable — every Firestore string is a valid String\">·</td>"))
        // Three tables: types and wrappers, containers, hand-written codings and rule situations;
        // every column in each.
        #expect(grid.components(separatedBy: "<table class=\"grid\">").count == 4)
        for column in GridColumn.allCases {
            #expect(grid.contains(">\(column.title)</th>"))
        }
        #expect(grid.contains("<tr><th>@ServerTimestamp</th>"))
        #expect(grid.contains("<tr><th>enum-keyed value</th>"))
        #expect(grid.contains("<tr><th>coded elementwise</th>"))
        #expect(grid.contains("<tr><th>Int8 stored as a boolean</th>"))
        // The legend counts the states.
        #expect(grid.contains("<li><span class=\"swatch s-disagree\"></span>disagree <span class=\"muted\">1</span></li>"))
        // The card links back to its cells.
        #expect(page.contains("<a href=\"#cell-container.topLevel/decodeValid\">top level × valid</a>"))
    }

    @Test func theBlindSpotsListTheCellsNeverExercisedAndWhyTheOthersCannotBe() throws {
        let page = ReportHTML.page(of: try report())
        let section = try #require(ReportFixtures.element(page, from: "<section id=\"blind-spots\">", to: "</section>"))
        #expect(section.contains("<h3>Reachable, never exercised (\(CoverageTally.reachable.count - 4) of \(CoverageTally.reachable.count))</h3>"))
        #expect(section.contains("<li><a href=\"#cell-type.bool/decodeValid\">Bool × valid</a></li>"))
        #expect(!section.contains("#cell-type.integer/decodeValid"))
        #expect(section.contains("<h3>Unreachable (\(CoverageTally.unreachable.count))</h3>"))
        for reason in Set(CoverageTally.unreachable.compactMap(\.unreachableReason)) {
            #expect(section.contains("<tr><td>\(HTMLEscape.expected(reason))</td>"))
        }
    }

    @Test func aClassInACellTheGridNeverCountedIsListed() throws {
        var coverage = CoverageTally()
        coverage.add([integerValid])
        let bytes = try ReportFixtures.journalBytes([
            ReportFixtures.runLine(), try ReportFixtures.classLine(try ReportFixtures.hostileFinding(.silentDefault), id: 1),
            try ReportFixtures.summaryLine(cases: 1, occurrences: [1: 1], cells: [1: [stringCorrupted: 1]], coverage: coverage),
        ])
        let report = try ReportFixtures.report(bytes)
        let grid = ReportGrid(report)
        #expect(grid.cell(.type(.string), .corruptedData) == ReportGrid.Cell(
            cell: stringCorrupted, state: .expected, values: 0, classes: [1], unreachableReason: "every Firestore string is a valid String"))
        let page = ReportHTML.page(of: report)
        #expect(page.contains("title=\"String × corrupted: expected, 0 values exercised; 1 class: #1 (the grid counted no value here: these findings "
                              + "were placed by a fault around their leaves); the grid calls this cell unreachable: every Firestore string is a valid String\">"))
        let section = try #require(ReportFixtures.element(page, from: "<section id=\"blind-spots\">", to: "</section>"))
        #expect(section.contains("<h3>Classes where the grid counted nothing (1)</h3>"))
        #expect(section.contains("<li><a href=\"#cell-type.string/corruptedData\">String × corrupted</a></li>"))
        #expect(!ReportHTML.page(of: try self.report()).contains("Classes where the grid counted nothing"))
    }

    @Test func countsAreAbbreviatedToFitACell() {
        #expect(ReportHTML.abbreviated(0) == "0")
        #expect(ReportHTML.abbreviated(999) == "999")
        #expect(ReportHTML.abbreviated(1_000) == "1k")
        #expect(ReportHTML.abbreviated(1_234) == "1.2k")
        #expect(ReportHTML.abbreviated(41_234) == "41k")
        #expect(ReportHTML.abbreviated(4_100_000) == "4.1M")
    }
}
