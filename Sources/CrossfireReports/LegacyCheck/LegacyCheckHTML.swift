import Crossfire

/// `legacy-check.html`: a `LegacyMapperCheck` run's report as one self-contained page, in the
/// style of `report.html` — nothing loaded, no scripts. The verdict and the summary lines,
/// then a card per unexpected class (the field and the cause, how often and in which checks,
/// the usual fix, what each mapper did in its smallest case, and the case itself: the document
/// as REST JSON, the faults injected, every disagreement of that case, the choices that replay
/// it; a case an earlier card shows is not shown twice), then the expected classes folded with
/// their allowlist reasons. Every string from the report is HTML-escaped.
package enum LegacyCheckHTML {
    /// The page for a report.
    package static func page(of report: LegacyCheckReport) -> String {
        let verdict = report.isClean
            ? "<span class=\"verdict-good\">The mappers agree, apart from the SDK's documented behaviour.</span>"
            : "<span class=\"verdict-bad\">\(Report.counted(report.findings.count, "disagreement")).</span>"
        var html = ReportHTML.head(title: "Crossfire legacy mapper check — \(report.modelName), \(Report.counted(report.findings.count, "disagreement"))")
        html += """
            <header>
            <h1>Legacy mapper check: \(HTMLText.escape(report.modelName))</h1>
            <p>\(verdict)</p>
            <table class="summary">
            <tr><th>cases</th><td>\(report.cases): \(report.cases - report.faultyCases) valid documents, \(report.faultyCases) with faults</td></tr>
            <tr><th>seed</th><td>\(report.seed)</td></tr>

            """
        if let problem = report.isolationProblem {
            html += "<tr><th>isolation</th><td>run in the test's process: \(HTMLText.escape(problem))</td></tr>\n"
        }
        html += "</table>\n\(HTMLText.pre(report.summary))</header>\n<main>\n<section id=\"disagreements\">\n"
        html += "<h2>Disagreements (\(report.findings.count))</h2>\n"
        if report.isClean {
            html += "<p class=\"empty\">None: the legacy mapper and the Codable mapper read, write and read back alike.</p>\n"
        }
        for (offset, finding) in report.findings.enumerated() {
            html += article(finding, number: offset + 1, reasons: report.reasons)
        }
        html += "</section>\n"
        if !report.expected.isEmpty {
            html += "<section id=\"expected\">\n<h2>Explained by the SDK's documented behaviour (\(report.expected.count))</h2>\n<details>"
            html += "<summary>\(Report.counted(report.expected.count, "class")), not failures</summary>\n"
            for (offset, finding) in report.expected.enumerated() {
                html += article(finding, number: report.findings.count + offset + 1, reasons: report.reasons)
            }
            html += "</details>\n</section>\n"
        }
        html += "</main>\n<footer>Crossfire legacy mapper check format \(LegacyCheckJSON.version); the same data as legacy-check.json.</footer>\n</body>\n</html>\n"
        return html
    }

    private static func article(_ finding: LegacyCheckFinding, number: Int, reasons: [String: String]) -> String {
        let findingClass = finding.findingClass
        let example = finding.example
        let checks = finding.checks.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) (\($0.value))" }.joined(separator: ", ")
        var html = "<article class=\"finding \(findingClass.explainedBy == nil ? "unexpected" : "expected")\" id=\"disagreement-\(number)\">\n"
        html += "<h3><span class=\"badge\">#\(number)</span> \(HTMLText.code(findingClass.field, class: "path")) "
            + "\(HTMLText.escape(findingClass.cause.title))</h3>\n"
        html += "<p><strong>Fix:</strong> \(HTMLText.escape(finding.hint))</p>\n"
        html += HTMLText.definitions([
            ("seen", "\(Report.counted(finding.occurrences, "case")): \(HTMLText.escape(checks))"),
            ("expected", findingClass.explainedBy.map { "\(HTMLText.code($0)): \(HTMLText.escape(reasons[$0] ?? ""))" }),
            ("smallest case", HTMLText.escape(finding.disagreement.detail)),
        ], class: "facts")
        if let earlier = finding.sameCaseAs {
            return html + "<p>Its smallest case is the one of <a href=\"#disagreement-\(earlier)\">#\(earlier)</a>.</p>\n</article>\n"
        }
        html += "<div class=\"outcomes\">\n"
        html += "<div class=\"outcome\"><h4>Codable mapper</h4>\(HTMLText.pre(example.codableOutcome))</div>\n"
        html += "<div class=\"outcome\"><h4>legacy mapper</h4>\(HTMLText.pre(example.legacyOutcome))</div>\n"
        html += "</div>\n"
        html += "<details><summary>Smallest case: document \(HTMLText.code(example.reference?.path ?? "(none)"))</summary>\n"
        html += "<h4>Faults</h4><p>" + (example.faults.isEmpty ? "none (a valid document)" : example.faults.map { HTMLText.escape($0.description) }.joined(separator: "<br>")) + "</p>\n"
        html += "<h4>Document</h4>\n" + HTMLText.pre(example.documentJSON)
        html += "<h4>Every disagreement of this case</h4><ul>"
        html += example.disagreements.map { "<li>\(HTMLText.code($0.signature)): \(HTMLText.escape($0.detail))</li>" }.joined()
        html += "</ul>\n<h4>Replay</h4>\(HTMLText.pre("check.check(choices: try ChoiceSequence(text: \"\(ChoiceSequence(example.choices).text)\").choices)"))"
        return html + "</details>\n</article>\n"
    }
}
