import Crossfire

/// The grid's blind spots: the reachable cells the run never exercised (it cannot have
/// checked them), and the cells no case can reach, with why, grouped by reason.
extension ReportHTML {
    /// The blind-spot section; `grid` shows where the grid and the classes disagree.
    static func blindSpotsSection(_ coverage: CoverageTally?, grid: ReportGrid) -> String {
        var html = "<section id=\"blind-spots\">\n<h2>Blind spots</h2>\n"
        if let coverage {
            let missed = coverage.notReached
            html += "<h3>Reachable, never exercised (\(missed.count) of \(CoverageTally.reachable.count))</h3>\n"
            if missed.isEmpty {
                html += "<p>None: the run exercised every reachable cell.</p>\n"
            } else {
                html += "<p>A rule situation the generator never produced cannot have been checked: no finding there means nothing.</p>\n"
                html += "<ul class=\"chips\">" + missed.map { cell in
                    "<li><a href=\"#cell-\(HTMLText.escape(cell.token))\">\(HTMLText.escape(cell.description))</a></li>"
                }.joined() + "</ul>\n"
            }
        } else {
            html += "<p class=\"empty\">Not known: the grid is counted in the run's summary, and this run ended without one.</p>\n"
        }
        let uncounted = grid.cells.values.filter { $0.values == 0 && !$0.classes.isEmpty }.map(\.cell).sorted()
        if !uncounted.isEmpty {
            html += "<h3>Classes where the grid counted nothing (\(uncounted.count))</h3>\n"
            html += "<p>Findings fell in these cells, yet the grid counted no value there (some it calls unreachable): the harness "
                + "places a finding by the fault around its leaf, and counts that fault elsewhere. The classes are real; the counts "
                + "of these cells are not.</p>\n<ul class=\"chips\">" + uncounted.map { cell in
                    "<li><a href=\"#cell-\(HTMLText.escape(cell.token))\">\(HTMLText.escape(cell.description))</a></li>"
                }.joined() + "</ul>\n"
        }
        let unreachable = CoverageTally.unreachable
        let reasons = Dictionary(grouping: unreachable) { $0.unreachableReason ?? "" }
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        html += "<h3>Unreachable (\(unreachable.count))</h3>\n<p>No case can reach these cells; each says why.</p>\n"
        html += "<table class=\"unreachable\"><thead><tr><th>why</th><th>cells</th></tr></thead><tbody>\n"
        for (reason, cells) in reasons {
            html += "<tr><td>\(HTMLText.escape(reason))</td><td>\(HTMLText.escape(cells.map(\.description).joined(separator: ", ")))</td></tr>\n"
        }
        return html + "</tbody></table>\n</section>\n"
    }
}
