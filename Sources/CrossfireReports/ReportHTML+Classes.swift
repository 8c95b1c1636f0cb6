import Crossfire

/// The finding classes on the report page: a card for each unexpected class (the first
/// `cardLimit`; any more as rows of a table), the expected classes as one folded table per
/// allowlist entry, and the comparison with a baseline. A page grows with classes by a table
/// row each, whatever their examples hold: `report.json` has every class whole.
extension ReportHTML {
    /// The most unexpected classes drawn as cards (a card holds its whole case): the rest are rows.
    package static let cardLimit = 20

    /// The unexpected classes, each as a card, beyond `cardLimit` as rows.
    static func unexpectedSection(_ classes: [ReportClass]) -> String {
        var html = "<section id=\"unexpected\">\n<h2>Unexpected classes (\(classes.count))</h2>\n"
        if classes.isEmpty { html += "<p class=\"empty\">None: every finding is explained by the allowlist.</p>\n" }
        for found in classes.prefix(cardLimit) { html += card(for: found) }
        let rest = Array(classes.dropFirst(cardLimit))
        if !rest.isEmpty {
            html += "<h3>\(Report.counted(rest.count, "more unexpected class", plural: "more unexpected classes"))</h3>\n"
                + "<p>Each one's example, leaf diff and case are in <code>report.json</code>.</p>\n"
            if let replay = commonReplay(rest) { html += replayedWith(replay) }
            html += classTable(rest)
        }
        return html + "</section>\n"
    }

    /// The expected classes by allowlist entry, most classes first, each entry folded: its
    /// reason once, then a table row per class.
    static func expectedSection(_ classes: [ReportClass]) -> String {
        var html = "<section id=\"expected\">\n<h2>Expected classes (\(classes.count))</h2>\n"
        guard !classes.isEmpty else { return html + "<p class=\"empty\">None.</p>\n</section>\n" }
        let origin = classes.allSatisfy { $0.exampleSource == .smallest }
            ? smallestExampleText + "; its leaf diff and its whole example are in"
            : "Each one's example, its leaf diff and how it was chosen are in"
        html += "<p>Folded by the allowlist entry that explains them. \(HTMLText.escape(origin)) <code>report.json</code>.</p>\n"
        if let replay = commonReplay(classes) { html += replayedWith(replay) }
        let groups = Dictionary(grouping: classes) { $0.explanation?.id ?? "" }
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        for (id, group) in groups {
            html += "<details class=\"entry\"><summary>\(HTMLText.code(id)) <span class=\"muted\">— "
                + "\(Report.counted(group.count, "class", plural: "classes"))</span></summary>\n"
            html += "<p class=\"explanation\">\(HTMLText.escape(group.first?.explanation?.reason ?? ""))</p>\n"
            html += classTable(group) + "</details>\n"
        }
        return html + "</section>\n"
    }

    /// Where an expected class's example comes from, said once for the section when it is so for all.
    static let smallestExampleText = "Each example is the smallest case that showed its class, as generated (expected classes are counted, not shrunk)"

    /// The command the classes replay with, said once: `crossfire replay JOURNAL --class ID`.
    private static func replayedWith(_ command: String) -> String {
        "<p>Each replays with</p><pre class=\"command\">\(HTMLText.escape(command)) --class ID</pre>\n"
    }

    /// The command every one of `classes` replays with but for its id (`crossfire replay
    /// JOURNAL`), when they all have one.
    private static func commonReplay(_ classes: [ReportClass]) -> String? {
        let prefixes = Set(classes.map { found -> String? in
            guard let command = found.reproduce, command.hasSuffix(" --class \(found.id)") else { return nil }
            return String(command.dropLast(" --class \(found.id)".count))
        })
        guard prefixes.count == 1, let only = prefixes.first else { return nil }
        return only
    }

    /// Classes as a table, one row each (the row is the class's anchor): its id, the class in
    /// words, how many cases showed it, and its example's leaf, elided.
    private static func classTable(_ classes: [ReportClass]) -> String {
        var html = "<div class=\"scroll\"><table class=\"classes\">\n<thead><tr><th>class</th><th class=\"number\">cases</th><th>example leaf</th></tr></thead>\n<tbody>\n"
        for found in classes {
            html += "<tr id=\"class-\(found.id)\"><td>\(classLabel(found)) \(HTMLText.escape(found.title))</td>"
                + "<td class=\"number\">\(found.occurrences.map(String.init) ?? "")</td><td>\(HTMLText.elided(found.example.path, limit: leafLimit))</td></tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    /// How many characters of an example leaf's path a table row shows before eliding it.
    private static let leafLimit = 40

    /// The comparison with a baseline report: the new classes (linked), the gone ones (their
    /// causes in words), how many are unchanged, and the expected classes whose counts collapsed;
    /// a long list is folded, so the cards stay near the top.
    static func baselineSection(_ baseline: ReportBaseline, classes: [ReportClass]) -> String {
        var html = "<section id=\"baseline\">\n<h2>Against the baseline</h2>\n"
        html += "<p>Compared with \(HTMLText.code(baseline.source)) by cause: <strong>\(baseline.new.count) new</strong>, "
            + "<strong>\(baseline.gone.count) gone</strong>, \(baseline.unchanged.count) unchanged.</p>\n"
        let newClasses = classes.filter { $0.baseline == .new }
        if !newClasses.isEmpty {
            html += folded("New (\(newClasses.count))", open: newClasses.count <= 20) + "<ul class=\"keys\">" + newClasses.map { found in
                "<li><a href=\"#class-\(found.id)\">#\(found.id)</a> \(found.expected ? "" : "<span class=\"bad\">unexpected</span> ")"
                    + "\(HTMLText.escape(found.title))</li>"
            }.joined() + "</ul></details>\n"
        }
        if !baseline.gone.isEmpty {
            html += folded("Gone (\(baseline.gone.count))", open: baseline.gone.count <= 10) + "<ul class=\"keys\">" + baseline.gone.map { found in
                "<li>\(found.expected ? "" : "<span class=\"bad\">unexpected</span> ")\(HTMLText.escape(found.cause.description))"
                    + "<br>\(HTMLText.code(found.cause.canonical))</li>"
            }.joined() + "</ul></details>\n"
        }
        if !baseline.collapsed.isEmpty {
            html += folded("Expected, collapsed (\(baseline.collapsed.count))", open: true)
                + "<p>An SDK rule that showed this often before and far less now: a mapper or storage that stopped doing what the SDK does.</p>"
                + "<ul class=\"keys\">" + baseline.collapsed.map { entry in
                    "<li><span class=\"bad\">collapsed</span> \(HTMLText.escape(entry.cause.description)): \(HTMLText.escape(entry.description))"
                        + "<br>\(HTMLText.code(entry.cause.canonical))</li>"
                }.joined() + "</ul></details>\n"
        }
        return html + "</section>\n"
    }

    /// The start of a `<details>` whose summary is a heading.
    private static func folded(_ title: String, open: Bool) -> String {
        "<details class=\"list\"\(open ? " open" : "")><summary><h3>\(HTMLText.escape(title))</h3></summary>"
    }
}
