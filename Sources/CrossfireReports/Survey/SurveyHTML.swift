import Crossfire
import FirestoreJSON

/// `survey.html`: a `CollectionSurvey` report as one self-contained page, in the style of
/// `report.html` — nothing loaded, no scripts. The verdict and the summary lines; a card per
/// cause (the field and the error kind, how many documents and which, the usual fix, what the
/// Codable mapper and each hand mapper did with them, and the example document drawn as a
/// tree with the field that broke it marked); the inputs; what could not be read; the hand
/// mappers on the documents Codable keeps. Every string from the report is HTML-escaped.
package enum SurveyHTML {
    /// The page for a report.
    package static func page(of report: SurveyReport) -> String {
        let dropped = "\(report.dropped) of \(Report.counted(report.documents, "document")) dropped"
        var html = ReportHTML.head(title: "Crossfire survey — \(report.model), \(dropped)")
        html += "<header>\n<h1>Survey: what a collection listener drops — \(HTMLText.escape(report.model))</h1>\n"
        html += report.dropped == 0
            ? "<p class=\"verdict good\">No document is dropped.</p>\n"
            : "<p class=\"verdict bad\">\(dropped) silently (\(Report.counted(report.causes.count, "cause"))).</p>\n"
        html += "<p class=\"run\">" + HTMLText.escape("compactMap { try? $0.data(as: \(report.model).self) } over "
            + "\(Report.counted(report.inputs.count, "input")) · \(report.unreadableInputs) unreadable inputs · "
            + "\(report.unreadableDocuments) unreadable documents") + "</p>\n"
        html += HTMLText.pre(report.summaryLines.joined(separator: "\n")) + "</header>\n<main>\n"
        html += "<section id=\"causes\">\n<h2>Causes (\(report.causes.count))</h2>\n"
        if report.causes.isEmpty { html += "<p class=\"empty\">None: the app keeps every document it reads.</p>\n" }
        for (offset, cause) in report.causes.enumerated() {
            html += article(cause, number: offset + 1)
        }
        html += "</section>\n" + inputsSection(report) + unreadableSection(report) + keptSection(report)
        html += "</main>\n<footer>Crossfire survey format \(SurveyJSON.version); the same data as survey.json.</footer>\n</body>\n</html>\n"
        return html
    }

    private static func article(_ cause: SurveyCause, number: Int) -> String {
        let key = cause.key
        let example = cause.example
        var html = "<article class=\"finding unexpected\" id=\"cause-\(number)\">\n"
        html += "<h3><span class=\"badge\">#\(number)</span> \(HTMLText.code(key.field, class: "path")) \(HTMLText.escape(key.kind.rawValue)) "
            + "<span class=\"muted\">— \(Report.counted(cause.count, "document")) dropped</span></h3>\n"
        html += "<p><strong>Fix:</strong> \(HTMLText.escape(key.hint))</p>\n"
        html += HTMLText.definitions([
            ("expected", HTMLText.code(key.expected)),
            ("found", HTMLText.escape(key.found)),
            ("documents", cause.documents.map { HTMLText.code($0) }.joined(separator: ", ")),
            ("example", "\(HTMLText.code(example.document)) in \(HTMLText.code(example.input)) at \(HTMLText.escape(example.location.description)), "
                + "field \(HTMLText.code(example.path.description, class: "path"))"),
        ], class: "facts")
        html += "<div class=\"outcomes\">\n"
        html += outcome("Codable: data(as:)", lines: ["throws, so compactMap drops it: " + example.message])
        if let tally = cause.handMappers {
            html += outcome("strict hand mapper", lines: strictLines(tally) + (example.strict.map { ["example: " + $0] } ?? []))
            html += outcome("lenient hand mapper", lines: lenientLines(tally) + (example.lenient.map { ["example: " + $0] } ?? []))
        }
        html += "</div>\n<details open><summary>Example document " + HTMLText.code(example.document) + "</summary>\n"
        html += ValueTree.document(example.fields).html(highlighting: example.path)
        return html + "</details>\n</article>\n"
    }

    private static func outcome(_ title: String, lines: [String]) -> String {
        "<div class=\"outcome\"><h4>\(HTMLText.escape(title))</h4>" + lines.map { "<p>\(HTMLText.escape($0))</p>" }.joined() + "</div>\n"
    }

    /// The strict mapper's tally; `alike` adds how many rejections are Codable's own error.
    private static func strictLines(_ tally: HandMapperTally, alike: Bool = true) -> [String] {
        var first = "accepts \(tally.strictAccepts) of \(tally.documents); rejects \(tally.documents - tally.strictAccepts)"
        if alike { first += ", \(tally.strictRejectsAlike) with Codable's error" }
        return [first] + tally.strictRejections.map { "\($0.count) × \($0.text)" }
    }

    private static func lenientLines(_ tally: HandMapperTally) -> [String] {
        ["keeps all \(tally.documents), \(tally.lenientWithDefaults) with defaults put in"] + tally.lenientDefaults.map { "\($0.count) × \($0.text)" }
    }

    private static func inputsSection(_ report: SurveyReport) -> String {
        var html = "<section id=\"inputs\">\n<h2>Inputs (\(report.inputs.count))</h2>\n<div class=\"scroll\"><table>\n"
        html += "<tr><th>input</th><th>form</th><th class=\"number\">documents</th><th class=\"number\">dropped</th>"
            + "<th class=\"number\">deleted</th><th class=\"number\">unreadable documents</th><th>error</th></tr>\n"
        for input in report.inputs {
            html += "<tr><td>\(HTMLText.code(input.name))</td><td>\(HTMLText.escape(input.form?.rawValue ?? "—"))</td>"
                + "<td class=\"number\">\(input.documents)</td><td class=\"number\">\(input.dropped)</td><td class=\"number\">\(input.absent)</td>"
                + "<td class=\"number\">\(input.unreadableDocuments)</td><td>\(HTMLText.escape(input.error ?? ""))</td></tr>\n"
        }
        return html + "</table></div>\n</section>\n"
    }

    private static func unreadableSection(_ report: SurveyReport) -> String {
        guard !report.unreadable.isEmpty else { return "" }
        var html = "<section id=\"unreadable\">\n<h2>Could not be read (\(report.unreadable.count))</h2>\n<ul>\n"
        html += report.unreadable.map { "<li>\(HTMLText.code($0.input)): \(HTMLText.escape($0.message))</li>\n" }.joined()
        return html + "</ul>\n</section>\n"
    }

    private static func keptSection(_ report: SurveyReport) -> String {
        var html = "<section id=\"kept\">\n<h2>The \(Report.counted(report.documents - report.dropped, "document")) Codable keeps</h2>\n"
        guard let tally = report.handMappersOnKept else {
            return html + "<p class=\"empty\">The hand mappers did not run: \(HTMLText.escape(report.handMapperProblem ?? "no schema"))</p>\n</section>\n"
        }
        html += "<div class=\"outcomes\">\n" + outcome("strict hand mapper", lines: strictLines(tally, alike: false))
        html += outcome("lenient hand mapper", lines: lenientLines(tally)) + "</div>\n"
        return html + "</section>\n"
    }
}
