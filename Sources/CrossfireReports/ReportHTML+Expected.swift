/// The expected findings on the report page, by allowlist reason.
extension ReportHTML {
    /// The most expected findings of one allowlist reason the page shows whole; the others are
    /// counted (`report.json` holds every one). A minute's campaign finds thousands of expected
    /// findings, and a page of them all would be tens of megabytes.
    public static let expectedShownPerReason = 25

    /// The section: a table of the reasons with their counts, then per reason its first
    /// `expectedShownPerReason` findings whole and how many more there are.
    static func expectedSection(_ findings: [ReportFinding]) -> String {
        var html = "<section id=\"expected\">\n<h2>Expected findings (allowlisted) (\(findings.count))</h2>\n"
        guard !findings.isEmpty else { return html + "<p class=\"empty\">None.</p>\n</section>\n" }
        let groups = Dictionary(grouping: findings) { $0.explanation?.id ?? "" }
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        html += "<table class=\"census\">\n<tr><th class=\"number\">count</th><th>allowlist entry</th><th>why it is expected</th></tr>\n"
        for (index, (id, group)) in groups.enumerated() {
            let reason = group.first?.explanation?.reason ?? ""
            html += "<tr><td class=\"number\">\(group.count)</td><td><a href=\"#expected-\(index + 1)\">\(HTMLText.code(id))</a></td>"
                + "<td>\(HTMLText.escape(reason))</td></tr>\n"
        }
        html += "</table>\n"
        for (index, (id, group)) in groups.enumerated() {
            html += "<h3 id=\"expected-\(index + 1)\">\(HTMLText.code(id)): \(Report.counted(group.count, "finding"))</h3>\n"
            for finding in group.prefix(expectedShownPerReason) {
                html += article(for: finding)
            }
            if group.count > expectedShownPerReason {
                html += "<p class=\"empty\">… and \(group.count - expectedShownPerReason) more with this reason: report.json lists every one.</p>\n"
            }
        }
        return html + "</section>\n"
    }
}
