import Crossfire

/// The coverage grid as the report draws it: each cell's state, how many values exercised it
/// and which classes fell in it.
package struct ReportGrid: Sendable {
    /// What a cell shows.
    package enum State: String, Sendable, Hashable, CaseIterable {
        /// Exercised, and no class fell in it: the mappers agreed there.
        case agree
        /// Only expected classes fell in it.
        case expected
        /// An unexpected class fell in it.
        case disagree
        /// Reachable, and the run never exercised it: a blind spot.
        case notExercised
        /// No case can reach it (`GridCell.unreachableReason`).
        case unreachable
        /// The run wrote no summary, so how often it was exercised is not known.
        case notKnown

        /// The legend's words.
        package var title: String {
            switch self {
            case .agree: return "agree"
            case .expected: return "expected"
            case .disagree: return "disagree"
            case .notExercised: return "not exercised"
            case .unreachable: return "unreachable"
            case .notKnown: return "not known"
            }
        }
    }

    /// One cell as drawn.
    package struct Cell: Sendable, Hashable {
        /// The cell.
        package var cell: GridCell
        /// Its state.
        package var state: State
        /// Values that exercised it (nil when the run wrote no summary).
        package var values: Int?
        /// The ids of the classes that fell in it, unexpected ones first, each group by id.
        package var classes: [Int]
        /// Why no case can reach it, for an unreachable cell.
        package var unreachableReason: String?
    }

    /// The rows of the first table: type families, then property wrappers.
    package static let valueRows: [GridRow] = GridRow.all.filter { row in
        switch row {
        case .type, .wrapper: return true
        case .container, .coding, .rule: return false
        }
    }
    /// The rows of the second table: the containers a leaf can sit in.
    package static let containerRows: [GridRow] = GridRow.all.filter { if case .container = $0 { true } else { false } }
    /// The rows of the third table: the hand-written codings, then the SDK's rule situations.
    package static let situationRows: [GridRow] = GridRow.all.filter { row in
        switch row {
        case .coding, .rule: return true
        case .type, .wrapper, .container: return false
        }
    }

    /// Every cell, by cell.
    package let cells: [GridCell: Cell]

    /// The grid of a report: its coverage counts and its classes' cells (a cell's classes in
    /// report order: unexpected ones first).
    package init(_ report: Report) {
        var classesByCell: [GridCell: [ReportClass]] = [:]
        for found in report.classes {
            for cell in found.gridCells { classesByCell[cell, default: []].append(found) }
        }
        var cells: [GridCell: Cell] = [:]
        for cell in GridCell.all {
            let inCell = classesByCell[cell] ?? []
            let values = report.summary.map { $0.totals.coverage.counts[cell] ?? 0 }
            let state: State
            if let reason = cell.unreachableReason, inCell.isEmpty {
                cells[cell] = Cell(cell: cell, state: .unreachable, values: values, classes: [], unreachableReason: reason)
                continue
            } else if inCell.contains(where: { !$0.expected }) {
                state = .disagree
            } else if !inCell.isEmpty {
                state = .expected
            } else if let values {
                state = values > 0 ? .agree : .notExercised
            } else {
                state = .notKnown
            }
            cells[cell] = Cell(cell: cell, state: state, values: values, classes: inCell.map(\.id), unreachableReason: cell.unreachableReason)
        }
        self.cells = cells
    }

    /// The cell at a row and column.
    package func cell(_ row: GridRow, _ column: GridColumn) -> Cell {
        let cell = GridCell(row: row, column: column)
        return cells[cell] ?? Cell(cell: cell, state: .notKnown, values: nil, classes: [], unreachableReason: nil)
    }

    /// How many cells are in each state.
    package var stateCounts: [State: Int] {
        cells.values.reduce(into: [:]) { $0[$1.state, default: 0] += 1 }
    }
}
