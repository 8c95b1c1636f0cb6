import Crossfire

/// The error census on the report page: one folded group per check and failure kind, its
/// situations most frequent first, one row per situation with each mapper's count side by side
/// (the same situation seen by several mappers is one row, not one per mapper) and where it
/// was first seen, elided. A group lists its `censusRowLimit` most frequent situations and
/// counts the rest: `report.json` has every one.
extension ReportHTML {
    /// The most situations a census group lists.
    package static let censusRowLimit = 40

    /// The census section; `mappers` orders the count columns (the run's order, the reference first).
    static func censusSection(_ census: [ErrorCensus.Entry]?, mappers: [String]) -> String {
        var html = "<section id=\"census\">\n<h2>Error census</h2>\n"
        guard let census else {
            return html + "<p class=\"empty\">Not known: the census is written in the run's summary, and this run ended without one.</p>\n</section>\n"
        }
        guard !census.isEmpty else {
            return html + "<p>Every failure any mapper reported, even where the mappers agreed.</p>\n<p class=\"empty\">No mapper reported a failure.</p>\n</section>\n"
        }
        let groups = CensusGroup.groups(of: census, mappers: mappers)
        let situations = groups.reduce(0) { $0 + $1.rows.count }
        html += "<p>Every failure any mapper reported, even where the mappers agreed — \(Report.counted(census.reduce(0) { $0 + $1.count }, "failure")) "
            + "in \(Report.counted(situations, "situation")) — by check and kind, each folded: its situations, most frequent first, "
            + "each mapper's count and where the first was seen.</p>\n"
        for group in groups { html += censusGroup(group) }
        return html + "</section>\n"
    }

    /// One check and kind, folded: a row per situation, the rarest beyond `censusRowLimit` counted.
    private static func censusGroup(_ group: CensusGroup) -> String {
        var html = "<details class=\"census\"><summary><strong>\(HTMLText.escape(group.title))</strong> <span class=\"muted\">— "
            + "\(Report.counted(group.total, "failure")) in \(Report.counted(group.rows.count, "situation"))</span></summary>\n"
        html += "<div class=\"scroll\"><table class=\"census\">\n<thead><tr><th>situation</th>"
            + group.mappers.map { "<th class=\"number\">\(HTMLText.escape($0))</th>" }.joined() + "<th>first at</th></tr></thead>\n<tbody>\n"
        for row in group.rows.prefix(censusRowLimit) {
            html += "<tr><td>\(HTMLText.escape(row.situation))</td>"
            html += group.mappers.map { mapper in "<td class=\"number\">\(row.counts[mapper].map(String.init) ?? "")</td>" }.joined()
            html += "<td>\(HTMLText.elided(row.examplePath))</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        let rest = group.rows.dropFirst(censusRowLimit)
        if !rest.isEmpty {
            html += "<p class=\"hint\">And \(Report.counted(rest.count, "rarer situation")) (\(Report.counted(rest.reduce(0) { $0 + $1.total }, "failure"))): "
                + "every one is in <code>report.json</code>.</p>\n"
        }
        return html + "</details>\n"
    }
}
