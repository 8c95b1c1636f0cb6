import Crossfire
import FirestoreJSON
import FirestoreModel
import Foundation

/// `report.html`: a report as one self-contained page — inline style, no scripts, nothing
/// loaded from anywhere — readable offline and with JavaScript off (cases fold with
/// `<details>`). The summary comes first, then the unexpected classes (each a card: the class
/// in words, its leaf, every mapper's outcome side by side, the case), then the expected classes
/// by allowlist reason (one row each), then the coverage grid's blind spots, then the error
/// census. Every string taken from the journal is HTML-escaped.
public enum ReportHTML {
    /// The page for a report.
    public static func page(of report: Report) -> String {
        var html = head(title: title(of: report))
        html += header(of: report)
        html += "<main>\n"
        html += unexpectedSection(report.unexpectedClasses)
        html += expectedSection(report.expectedClasses)
        html += coverageSection(report.coverage)
        html += censusSection(report.census)
        if !report.setupFailures.isEmpty {
            html += "<section id=\"setup\"><h2>Cases whose mappers could not be prepared</h2><ul>"
            html += report.setupFailures.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
            html += "</ul></section>\n"
        }
        html += "</main>\n<footer>Crossfire report format \(Report.version); the same data as report.json.</footer>\n</body>\n</html>\n"
        return html
    }

    /// The page's start, up to and including `<body>`: its title and the inline style sheet.
    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escape(title))</title>
        <style>
        \(ReportStyle.css)
        </style>
        </head>
        <body>

        """
    }

    private static func title(of report: Report) -> String {
        "Crossfire report — seed \(report.run.seed.map { String($0) } ?? "none"), \(Report.counted(report.totals.unexpected, "unexpected class", plural: "unexpected classes"))"
    }

    private static func header(of report: Report) -> String {
        let run = report.run
        let totals = report.totals
        var html = "<header>\n<h1>Crossfire report</h1>\n"
        let verdict = totals.unexpected == 0
            ? "<span class=\"verdict-good\">No unexpected finding.</span>"
            : "<span class=\"verdict-bad\">\(Report.counted(totals.unexpected, "unexpected class", plural: "unexpected classes")).</span>"
        html += "<p>\(verdict)</p>\n"
        html += "<p class=\"status status-\(report.status.state.rawValue)\"><strong>Run \(report.status.state.rawValue).</strong> "
            + "\(HTMLText.escape(report.status.explanation))</p>\n"
        html += "<table class=\"summary\">\n"
        let rows: [(String, String)] = [
            ("seed", run.seed.map { String($0) } ?? "none"),
            ("profile", run.profile),
            ("mappers", run.mappers.joined(separator: ", ") + (run.mappers.first.map { " (\($0) is the reference)" } ?? "")),
            ("case limit", run.cases.map { String($0) } ?? "none"),
            ("time limit", run.timeLimitSeconds.map { "\($0) s" } ?? "none"),
            ("cases run", totals.cases.map { String($0) } ?? "not known (no summary)"),
            ("elapsed", totals.elapsedSeconds.map { String(format: "%.1f s", $0) } ?? "not known (no summary)"),
            ("classes", "\(totals.classes): \(totals.unexpected) unexpected, \(totals.expected) expected; \(totals.shrunk) shrunk"),
            ("by kind", totals.byKind.isEmpty ? "none" : totals.byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")),
            ("coverage grid", report.coverage.map { "\($0.reached.count) of \(CoverageTally.reachable.count) reachable cells exercised" } ?? "not known (no summary)"),
            ("error census", report.census.map { Report.counted($0.count, "situation") + ", " + Report.counted(totals.censusFailures ?? 0, "failure") } ?? "not known (no summary)"),
        ]
        html += rows.map { "<tr><th>\(HTMLText.escape($0.0))</th><td>\(HTMLText.escape($0.1))</td></tr>\n" }.joined()
        html += "</table>\n"
        html += "<nav><a href=\"#unexpected\">Unexpected classes</a><a href=\"#expected\">Expected classes</a><a href=\"#coverage\">Coverage</a><a href=\"#census\">Error census</a></nav>\n"
        html += "</header>\n"
        return html
    }

    private static func censusSection(_ census: [CensusEntry]?) -> String {
        var html = "<section id=\"census\">\n<h2>Error census</h2>\n"
        guard let census else {
            return html + "<p class=\"empty\">Not known: the census is written in the run's summary, and this run ended without one.</p>\n</section>\n"
        }
        html += "<p>Every failure any mapper reported, by check, mapper, kind and the situation where it happened, even where the mappers agreed.</p>\n"
        guard !census.isEmpty else { return html + "<p class=\"empty\">No mapper reported a failure.</p>\n</section>\n" }
        html += "<table class=\"census\">\n<tr><th class=\"number\">count</th><th>check</th><th>mapper</th><th>kind</th><th>situation</th><th>example coding path</th></tr>\n"
        for entry in census {
            html += "<tr><td class=\"number\">\(entry.count)</td><td>\(HTMLText.escape(entry.check))</td><td>\(HTMLText.escape(entry.mapper))</td>"
                + "<td>\(HTMLText.escape(entry.kindDescription))</td><td>\(HTMLText.escape(entry.situation))</td>"
                + "<td>\(HTMLText.code(entry.examplePath))</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    /// A JSON value, indented, for a `<pre>`; what went wrong when it cannot be written.
    static func prettyJSON(_ value: FirestoreValue) -> String {
        do {
            return String(decoding: try PlainJSONWriter(options: ReportJSON.options).write(value), as: UTF8.self)
        } catch {
            return "(cannot be shown as JSON: \(error))"
        }
    }
}
