import Crossfire

/// The coverage grid at the top of the page, in the spirit of JSONTestSuite's results table:
/// rows are the Swift types and wrappers exercised (in a second table the containers a leaf
/// sits in, in a third the hand-written codings and the SDK's rule situations), columns the decode check's fault classes, then encode and round trip. Each
/// cell is coloured by its state, shows how many values exercised it and how many classes fell
/// in it, and links to the first of those classes.
extension ReportHTML {
    /// The grid section: the legend and the three tables.
    static func gridSection(_ report: Report, grid: ReportGrid) -> String {
        var html = "<section id=\"grid\">\n<h2>Coverage grid</h2>\n"
        if report.summary == nil {
            html += "<p class=\"empty\">How often each cell was exercised is not known: the grid is counted in the run's summary, "
                + "and this run ended without one. Classes are placed by their examples' cells.</p>\n"
        }
        html += legend(grid)
        html += table(grid, rows: ReportGrid.valueRows, corner: "type / wrapper")
        html += table(grid, rows: ReportGrid.containerRows, corner: "container")
        html += table(grid, rows: ReportGrid.situationRows, corner: "hand-written coding / SDK rule")
        return html + "</section>\n"
    }

    private static func legend(_ grid: ReportGrid) -> String {
        let counts = grid.stateCounts
        let items = ReportGrid.State.allCases.compactMap { state -> String? in
            guard let count = counts[state], count > 0 else { return nil }
            return "<li><span class=\"swatch s-\(state.rawValue)\"></span>\(HTMLText.escape(state.title)) <span class=\"muted\">\(count)</span></li>"
        }
        return "<ul class=\"legend\">" + items.joined() + "</ul>\n"
            + "<p class=\"hint\">A cell's number is how many values exercised it; <span class=\"n\">2</span> counts the classes that fell "
            + "in it, and the cell links to the first. Pointed at, a cell says what it holds; unreachable cells (·) say why, and are "
            + "listed under <a href=\"#blind-spots\">blind spots</a>.</p>\n"
    }

    private static func table(_ grid: ReportGrid, rows: [GridRow], corner: String) -> String {
        let decodeColumns = GridColumn.allCases.filter { $0.check == .decode }
        let otherColumns = GridColumn.allCases.filter { $0.check != .decode }
        var html = "<div class=\"scroll\"><table class=\"grid\">\n<thead><tr><th rowspan=\"2\" class=\"corner\">\(HTMLText.escape(corner))</th>"
        html += "<th colspan=\"\(decodeColumns.count)\" class=\"group\">decode</th>"
        html += otherColumns.map { "<th rowspan=\"2\" class=\"group\">\(HTMLText.escape($0.title))</th>" }.joined()
        html += "</tr>\n<tr>" + decodeColumns.map { "<th>\(HTMLText.escape($0.title))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in rows {
            html += "<tr><th>\(HTMLText.escape(row.description))</th>"
            html += GridColumn.allCases.map { cellHTML(grid.cell(row, $0)) }.joined()
            html += "</tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    private static func cellHTML(_ cell: ReportGrid.Cell) -> String {
        let id = "cell-" + cell.cell.token
        let state = "s-" + cell.state.rawValue
        if cell.state == .unreachable {
            return "<td id=\"\(id)\" class=\"\(state)\" title=\"\(HTMLText.escape(cell.cell.description + ": unreachable — " + (cell.unreachableReason ?? "")))\">·</td>"
        }
        var content = cell.values.map(abbreviated) ?? "?"
        if !cell.classes.isEmpty { content += " <span class=\"n\">\(cell.classes.count)</span>" }
        var title = cell.cell.description + ": " + cell.state.title
        if let values = cell.values { title += ", " + Report.counted(values, "value") + " exercised" }
        if !cell.classes.isEmpty {
            title += "; " + Report.counted(cell.classes.count, "class", plural: "classes") + ": " + cell.classes.map { "#\($0)" }.joined(separator: ", ")
            if cell.values == 0 { title += " (the grid counted no value here: these findings were placed by a fault around their leaves)" }
            if let reason = cell.unreachableReason { title += "; the grid calls this cell unreachable: " + reason }
        }
        let attributes = "id=\"\(id)\" class=\"\(state)\" title=\"\(HTMLText.escape(title))\""
        guard let first = cell.classes.first else { return "<td \(attributes)>\(content)</td>" }
        return "<td \(attributes)><a href=\"#class-\(first)\">\(content)</a></td>"
    }

    /// A count for a narrow cell: `412`, `4.1k`, `41k`, `4.1M`.
    static func abbreviated(_ count: Int) -> String {
        switch count {
        case ..<1_000: return String(count)
        case ..<10_000: return oneDecimal(count, 1_000) + "k"
        case ..<1_000_000: return String(count / 1_000) + "k"
        default: return oneDecimal(count, 1_000_000) + "M"
        }
    }

    private static func oneDecimal(_ count: Int, _ unit: Int) -> String {
        let tenths = count * 10 / unit
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}
