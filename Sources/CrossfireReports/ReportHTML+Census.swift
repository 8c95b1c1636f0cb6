import Crossfire

/// The error census as the engine gives it: every failure situation, grouped by check, mapper
/// and kind, one compact row per situation.
extension ReportHTML {
    /// The census section.
    static func censusSection(_ census: [ErrorCensus.Entry]?) -> String {
        var html = "<section id=\"census\">\n<h2>Error census</h2>\n"
        guard let census else {
            return html + "<p class=\"empty\">Not known: the census is written in the run's summary, and this run ended without one.</p>\n</section>\n"
        }
        html += "<p>Every failure any mapper reported, by check, mapper, kind and the situation where it happened, even where the mappers agreed.</p>\n"
        guard !census.isEmpty else { return html + "<p class=\"empty\">No mapper reported a failure.</p>\n</section>\n" }
        var groups: [(title: String, entries: [ErrorCensus.Entry])] = []
        for entry in census {
            let title = "\(entry.key.check.rawValue) · \(entry.key.mapper) · \(entry.key.kind.words)"
            if groups.last?.title == title { groups[groups.count - 1].entries.append(entry) } else { groups.append((title, [entry])) }
        }
        html += "<div class=\"scroll\"><table class=\"census\">\n<thead><tr><th class=\"number\">count</th><th>situation</th><th>first at</th></tr></thead>\n"
        for group in groups {
            let total = group.entries.reduce(0) { $0 + $1.count }
            html += "<tbody><tr class=\"group\"><th colspan=\"3\">\(HTMLText.escape(group.title)) "
                + "<span class=\"muted\">— \(Report.counted(total, "failure")) in \(Report.counted(group.entries.count, "situation"))</span></th></tr>\n"
            for entry in group.entries {
                html += "<tr><td class=\"number\">\(entry.count)</td><td>\(HTMLText.escape(entry.key.situation))</td><td>\(HTMLText.code(entry.examplePath))</td></tr>\n"
            }
            html += "</tbody>\n"
        }
        return html + "</table></div>\n</section>\n"
    }
}
