import Crossfire
import FirestoreJSON
import FirestoreModel
import Foundation

/// `report.html`: a report as one self-contained page — inline style, no scripts, nothing
/// loaded from anywhere — readable offline, with JavaScript off and at phone width (folded
/// parts use `<details>`). It is read from the top: the verdict and the run in two lines, a
/// card per unexpected class (the first `cardLimit`, then rows), the comparison with a
/// baseline when one was given, the coverage grid (each cell coloured agree / expected /
/// disagree / not exercised and linked to its classes), the expected classes as a folded
/// table per allowlist entry, the grid's blind spots, and the error census folded by check
/// and kind. It grows with classes and situations by a table row each, long generated paths
/// elided (their whole text on hover and in `report.json`). Every string taken from the
/// journal is HTML-escaped.
package enum ReportHTML {
    /// The page for a report.
    package static func page(of report: Report) -> String {
        var html = head(title: title(of: report))
        html += header(of: report)
        html += "<main>\n"
        html += unexpectedSection(report.unexpectedClasses)
        if let baseline = report.baseline { html += baselineSection(baseline, classes: report.classes) }
        let grid = ReportGrid(report)
        html += gridSection(report, grid: grid)
        html += expectedSection(report.expectedClasses)
        let caseTotals = report.summary?.totals
        html += blindSpotsSection(caseTotals?.coverage, grid: grid)
        html += censusSection(caseTotals?.census.sortedEntries, mappers: report.run.mappers)
        if let setupFailures = caseTotals?.setupFailures, !setupFailures.isEmpty {
            html += "<section id=\"setup\"><h2>Cases whose mappers could not be prepared</h2><ul>"
            html += setupFailures.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
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

    /// The verdict, how the run ended, the run in one line, and the page's parts.
    private static func header(of report: Report) -> String {
        let run = report.run
        let totals = report.totals
        var html = "<header>\n<h1>Crossfire report</h1>\n"
        let classes = Report.counted(totals.unexpected, "unexpected class", plural: "unexpected classes")
        html += totals.unexpected == 0
            ? "<p class=\"verdict good\">No unexpected class. <span class=\"muted\">\(totals.expected) expected</span></p>\n"
            : "<p class=\"verdict bad\">\(classes). <span class=\"muted\">\(totals.expected) expected</span></p>\n"
        var facts: [String] = []
        facts.append("seed " + (run.seed.map { String($0) } ?? "none"))
        facts.append("profile " + run.profile)
        facts.append("mappers " + run.mappers.enumerated().map { $0.offset == 0 ? "\($0.element) (reference)" : $0.element }.joined(separator: ", "))
        let limit = run.cases.map { " of \($0)" } ?? ""
        facts.append(totals.cases.map { "\($0)\(limit) cases" } ?? "cases not counted")
        if let seconds = totals.elapsedSeconds { facts.append(String(format: "%.1f s", seconds)) }
        if let limit = run.timeLimitSeconds { facts.append("time limit \(limit) s") }
        if let caseTotals = report.summary?.totals {
            if let faulted = caseTotals.casesWithFaults { facts.append("faults injected into " + Report.counted(faulted, "case")) }
            facts.append("\(caseTotals.coverage.reached.count) of \(CoverageTally.reachable.count) reachable cells exercised")
            facts.append(Report.counted(caseTotals.census.total, "failure") + " in " + Report.counted(caseTotals.census.entries.count, "situation"))
        }
        html += "<p class=\"run\">" + facts.map(HTMLText.escape).joined(separator: " · ") + "</p>\n"
        html += "<p class=\"status status-\(report.status.state.rawValue)\"><strong>Run \(report.status.state.rawValue).</strong> "
            + "\(HTMLText.escape(report.status.explanation))</p>\n"
        if !report.status.damagedLines.isEmpty {
            html += "<ul class=\"damaged\">" + report.status.damagedLines.map { damage in
                "<li>" + HTMLText.escape(damage.line.map { "line \($0): " } ?? "") + HTMLText.escape(damage.message) + "</li>"
            }.joined() + "</ul>\n"
        }
        var links = [("unexpected", "Unexpected (\(totals.unexpected))")]
        if report.baseline != nil { links.append(("baseline", "Baseline")) }
        links += [("grid", "Grid"), ("expected", "Expected (\(totals.expected))"), ("blind-spots", "Blind spots"), ("census", "Census")]
        html += "<nav>" + links.map { "<a href=\"#\($0.0)\">\($0.1)</a>" }.joined() + "</nav>\n"
        return html + "</header>\n"
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
