import Crossfire
import FirestoreModel

/// The finding classes on the report page.
extension ReportHTML {
    /// The unexpected classes, each as a card.
    static func unexpectedSection(_ classes: [ReportClass]) -> String {
        var html = "<section id=\"unexpected\">\n<h2>Unexpected classes (\(classes.count))</h2>\n"
        if classes.isEmpty { html += "<p class=\"empty\">None: every finding is explained by the allowlist.</p>\n" }
        for found in classes { html += card(for: found) }
        return html + "</section>\n"
    }

    /// The expected classes by allowlist entry: a table of the entries, then one row per class.
    static func expectedSection(_ classes: [ReportClass]) -> String {
        var html = "<section id=\"expected\">\n<h2>Expected classes (\(classes.count))</h2>\n"
        guard !classes.isEmpty else { return html + "<p class=\"empty\">None.</p>\n</section>\n" }
        let groups = Dictionary(grouping: classes) { $0.explanation?.id ?? "" }
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        for (id, group) in groups {
            html += "<h3>\(HTMLText.code(id)): \(Report.counted(group.count, "class", plural: "classes"))</h3>\n"
            html += "<p class=\"explanation\">\(HTMLText.escape(group.first?.explanation?.reason ?? ""))</p>\n"
            html += "<table class=\"classes\">\n<tr><th class=\"number\">#</th><th>class</th><th class=\"number\">cases</th><th>example leaf</th></tr>\n"
            for found in group {
                html += "<tr id=\"class-\(found.id)\"><td class=\"number\">\(found.id)</td><td>\(HTMLText.escape(found.key.description))</td>"
                    + "<td class=\"number\">\(found.occurrences.map(String.init) ?? "?")</td><td>\(HTMLText.code(found.example.path))</td></tr>\n"
            }
            html += "</table>\n"
        }
        return html + "</section>\n"
    }

    /// A class's card: the class in words, its leaf, every mapper's outcome there, the case and
    /// the reproduce command.
    static func card(for found: ReportClass) -> String {
        let status = found.expected ? "expected" : "unexpected"
        let example = found.example
        var html = "<article class=\"finding \(status)\" id=\"class-\(found.id)\">\n"
        html += "<h3><span class=\"badge\">#\(found.id)</span> \(HTMLText.escape(found.key.description))</h3>\n"
        html += "<p class=\"signature\">\(HTMLText.code(found.key.canonical))</p>\n"
        html += HTMLText.definitions([
            ("leaf", HTMLText.code(example.path, class: "path")),
            ("Swift type", example.leafType.map { HTMLText.code($0) }),
            ("seen", found.occurrences.map { Report.counted($0, "case") }),
            ("types seen", found.leafTypes.isEmpty ? nil : found.leafTypes.sorted { $0.key < $1.key }.map { HTMLText.code("\($0.key) ×\($0.value)") }.joined(separator: " ")),
        ], class: "facts")
        html += "<div class=\"outcomes\">\n"
        for outcome in example.outcomes {
            html += "<div class=\"outcome \(outcome.failure == nil ? "value" : "failed")\"><h4>\(HTMLText.escape(outcome.mapper))</h4>"
            html += HTMLText.definitions([
                ("result", HTMLText.code(outcome.words)),
                ("at", outcome.failure.map { HTMLText.code($0.hasPath ? $0.path : "(no path)") }),
                ("message", outcome.failure.map { HTMLText.escape($0.message) }),
            ], class: "facts")
            if let leaf = outcome.leaf { html += HTMLText.pre(prettyJSON(leaf)) }
            html += "</div>\n"
        }
        html += "</div>\n"
        html += "<details\(found.expected ? "" : " open")><summary>The case</summary>\n"
        if let document = example.testCase.document { html += "<h4>Document (REST JSON)</h4>" + HTMLText.pre(prettyJSON(document)) }
        html += "<h4>Schema</h4>" + HTMLText.pre(prettyJSON(example.testCase.schema)) + "</details>\n"
        if let reproduce = found.reproduce { html += "<p class=\"reproduce\">Reproduce: \(HTMLText.code(reproduce))</p>\n" }
        return html + "</article>\n"
    }

    /// The coverage grid's blind spots: the reachable cells the run never exercised.
    static func coverageSection(_ coverage: CoverageTally?) -> String {
        var html = "<section id=\"coverage\">\n<h2>Coverage</h2>\n"
        guard let coverage else {
            return html + "<p class=\"empty\">Not known: the grid is written in the run's summary, and this run ended without one.</p>\n</section>\n"
        }
        html += "<p>\(coverage.reached.count) of \(CoverageTally.reachable.count) reachable cells exercised.</p>\n"
        if !coverage.notReached.isEmpty {
            html += "<ul>" + coverage.notReached.map { "<li>\(HTMLText.escape($0.description))</li>" }.joined() + "</ul>\n"
        }
        return html + "</section>\n"
    }
}
