import FirestoreJSON
import FirestoreModel
import Foundation

/// `report.html`: a report as one self-contained page — inline style, no scripts, nothing
/// loaded from anywhere — readable offline and with JavaScript off (cases fold with
/// `<details>`). The summary comes first, then the unexpected findings (each with its coding
/// path, every mapper's outcome side by side, the case's document as REST JSON, its schema and
/// model value), then the expected findings by allowlist reason (a table of the reasons, and
/// the first `expectedShownPerReason` findings of each whole), then the error census. Every
/// string taken from the journal is HTML-escaped.
public enum ReportHTML {
    /// The page for a report.
    public static func page(of report: Report) -> String {
        var html = head(title: title(of: report))
        html += header(of: report)
        html += "<main>\n"
        html += findingsSection(id: "unexpected", title: "Unexpected findings", report.unexpectedFindings,
                                empty: "None: every finding is explained by the allowlist.")
        html += expectedSection(report.expectedFindings)
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
        "Crossfire report — seed \(report.run.seed.map { String($0) } ?? "none"), \(report.totals.unexpected) unexpected"
    }

    private static func header(of report: Report) -> String {
        let run = report.run
        let totals = report.totals
        var html = "<header>\n<h1>Crossfire report</h1>\n"
        let verdict = totals.unexpected == 0
            ? "<span class=\"verdict-good\">No unexpected finding.</span>"
            : "<span class=\"verdict-bad\">\(Report.counted(totals.unexpected, "unexpected finding")).</span>"
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
            ("findings", "\(totals.findings): \(totals.unexpected) unexpected, \(totals.expected) expected; \(totals.shrunk) shrunk"),
            ("by kind", totals.byKind.isEmpty ? "none" : totals.byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")),
            ("error census", report.census.map { Report.counted($0.count, "signature") + ", " + Report.counted(totals.censusFailures ?? 0, "failure") } ?? "not known (no summary)"),
        ]
        html += rows.map { "<tr><th>\(HTMLText.escape($0.0))</th><td>\(HTMLText.escape($0.1))</td></tr>\n" }.joined()
        html += "</table>\n"
        html += "<nav><a href=\"#unexpected\">Unexpected findings</a><a href=\"#expected\">Expected findings</a><a href=\"#census\">Error census</a></nav>\n"
        html += "</header>\n"
        return html
    }

    private static func findingsSection(id: String, title: String, _ findings: [ReportFinding], empty: String) -> String {
        var html = "<section id=\"\(id)\">\n<h2>\(HTMLText.escape(title)) (\(findings.count))</h2>\n"
        if findings.isEmpty {
            html += "<p class=\"empty\">\(HTMLText.escape(empty))</p>\n"
        }
        for finding in findings {
            html += article(for: finding)
        }
        return html + "</section>\n"
    }

    private static func censusSection(_ census: [CensusEntry]?) -> String {
        var html = "<section id=\"census\">\n<h2>Error census</h2>\n"
        guard let census else {
            return html + "<p class=\"empty\">Not known: the census is written in the run's summary, and this run ended without one.</p>\n</section>\n"
        }
        html += "<p>Every failure any mapper reported, by signature, even where the mappers agreed.</p>\n"
        guard !census.isEmpty else { return html + "<p class=\"empty\">No mapper reported a failure.</p>\n</section>\n" }
        html += "<table class=\"census\">\n<tr><th class=\"number\">count</th><th>kind</th><th>signature</th><th>example coding path</th></tr>\n"
        for entry in census {
            html += "<tr><td class=\"number\">\(entry.count)</td><td>\(HTMLText.escape(entry.kindDescription))</td>"
                + "<td>\(HTMLText.code(entry.signature))</td><td>\(HTMLText.code(entry.examplePath))</td></tr>\n"
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
