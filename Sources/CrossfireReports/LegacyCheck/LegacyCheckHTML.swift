import Crossfire

/// `legacy-check.html`: a `LegacyMapperCheck` run's report as one self-contained page, in the
/// style of `report.html` — nothing loaded, no scripts. The summary, then each distinct
/// disagreement with its path, what each mapper did, and its smallest case (the document as
/// REST JSON, the faults injected, every disagreement of that case, the choices that replay it).
/// Every string from the report is HTML-escaped.
public enum LegacyCheckHTML {
    /// The page for a report.
    public static func page(of report: LegacyCheckReport) -> String {
        let verdict = report.isClean
            ? "<span class=\"verdict-good\">The mappers agree on every case.</span>"
            : "<span class=\"verdict-bad\">\(Report.counted(report.findings.count, "distinct disagreement")).</span>"
        var html = ReportHTML.head(title: "Crossfire legacy mapper check — seed \(report.seed), \(Report.counted(report.findings.count, "disagreement"))")
        html += """
            <header>
            <h1>Legacy mapper check</h1>
            <p>\(verdict)</p>
            <table class="summary">
            <tr><th>cases</th><td>\(report.cases): \(report.cases - report.faultyCases) valid documents, \(report.faultyCases) with faults</td></tr>
            <tr><th>seed</th><td>\(report.seed)</td></tr>
            </table>
            </header>
            <main>
            <section id="disagreements">
            <h2>Disagreements (\(report.findings.count))</h2>

            """
        if report.isClean {
            html += "<p class=\"empty\">None: the legacy mapper and the Codable mapper read, write and read back alike.</p>\n"
        }
        for (number, finding) in report.findings.enumerated() {
            html += article(finding, number: number + 1)
        }
        html += "</section>\n</main>\n<footer>Crossfire legacy mapper check format \(LegacyCheckJSON.version); the same data as legacy-check.json.</footer>\n</body>\n</html>\n"
        return html
    }

    private static func article(_ finding: LegacyCheckFinding, number: Int) -> String {
        let disagreement = finding.disagreement
        let example = finding.example
        let path = disagreement.path.isRoot ? "the document" : disagreement.path.description
        var html = "<article class=\"finding unexpected\" id=\"disagreement-\(number)\">\n"
        html += "<h3><span class=\"badge\">#\(number)</span> \(HTMLText.code(path, class: "path")) "
            + "\(HTMLText.escape(disagreement.kind.rawValue))</h3>\n"
        html += "<p>\(HTMLText.escape(disagreement.detail))</p>\n"
        html += HTMLText.definitions([
            ("seen", Report.counted(finding.occurrences, "case")),
            ("document", example.reference.map { HTMLText.code($0.path) }),
            ("faults", example.faults.isEmpty ? "none (a valid document)" : example.faults.map { HTMLText.escape($0.description) }.joined(separator: "<br>")),
        ], class: "facts")
        html += "<div class=\"outcomes\">\n"
        html += "<div class=\"outcome\"><h4>Codable mapper</h4>\(HTMLText.pre(example.codableOutcome))</div>\n"
        html += "<div class=\"outcome\"><h4>legacy mapper</h4>\(HTMLText.pre(example.legacyOutcome))</div>\n"
        html += "</div>\n"
        html += "<details><summary>Smallest case</summary>\n<h4>Document</h4>\n"
        html += HTMLText.pre(example.documentJSON)
        html += "<h4>Every disagreement of this case</h4><ul>"
        html += example.disagreements.map { "<li>\(HTMLText.code($0.signature)): \(HTMLText.escape($0.detail))</li>" }.joined()
        html += "</ul>\n<h4>Replay</h4>\(HTMLText.pre("check.check(choices: try ChoiceSequence(text: \"\(ChoiceSequence(example.choices).text)\").choices)"))"
        return html + "</details>\n</article>\n"
    }
}
