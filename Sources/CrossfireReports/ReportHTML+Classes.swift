import Crossfire

/// The finding classes on the report page: a card for each unexpected class, a folded row
/// for each expected one (grouped by the allowlist entry that explains it), and the
/// comparison with a baseline.
extension ReportHTML {
    /// The unexpected classes, each as a card.
    static func unexpectedSection(_ classes: [ReportClass]) -> String {
        var html = "<section id=\"unexpected\">\n<h2>Unexpected classes (\(classes.count))</h2>\n"
        if classes.isEmpty { html += "<p class=\"empty\">None: every finding is explained by the allowlist.</p>\n" }
        for found in classes { html += card(for: found) }
        return html + "</section>\n"
    }

    /// The expected classes by allowlist entry, most classes first: the entry's reason once,
    /// then one folded row per class that opens on its leaf diff.
    static func expectedSection(_ classes: [ReportClass]) -> String {
        var html = "<section id=\"expected\">\n<h2>Expected classes (\(classes.count))</h2>\n"
        guard !classes.isEmpty else { return html + "<p class=\"empty\">None.</p>\n</section>\n" }
        html += "<p>\(HTMLText.escape(smallestExampleText)) unless its row says otherwise.</p>\n"
        let replay = commonReplay(classes)
        if let replay { html += "<p>Each replays with</p><pre class=\"command\">\(HTMLText.escape(replay)) --class ID</pre>\n" }
        let groups = Dictionary(grouping: classes) { $0.explanation?.id ?? "" }
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        for (id, group) in groups {
            html += "<h3>\(HTMLText.code(id)) — \(Report.counted(group.count, "class", plural: "classes"))</h3>\n"
            html += "<p class=\"explanation\">\(HTMLText.escape(group.first?.explanation?.reason ?? ""))</p>\n"
            html += group.map { expectedRow($0, replayedAbove: replay != nil) }.joined()
        }
        return html + "</section>\n"
    }

    /// Where an expected class's example comes from, said once for the section.
    static let smallestExampleText = "Each example is the smallest case that showed its class, as generated (expected classes are counted, not shrunk),"

    /// The command every expected class replays with but for its id (`crossfire replay
    /// JOURNAL`), when they all have one: said once for the section.
    private static func commonReplay(_ classes: [ReportClass]) -> String? {
        let prefixes = Set(classes.map { found -> String? in
            guard let command = found.reproduce, command.hasSuffix(" --class \(found.id)") else { return nil }
            return String(command.dropLast(" --class \(found.id)".count))
        })
        guard prefixes.count == 1, let only = prefixes.first else { return nil }
        return only
    }

    /// An expected class, folded: its title, count and example leaf; unfolded, its key, leaf
    /// diff, facts (its count is in the title) and — unless the section gives it — reproduce
    /// command; its example's origin only where it is not the section's.
    private static func expectedRow(_ found: ReportClass, replayedAbove: Bool) -> String {
        var html = "<details class=\"class expected\" id=\"class-\(found.id)\"><summary>\(classLabel(found)) "
        html += "\(HTMLText.escape(found.title)) <span class=\"muted\">"
        html += found.occurrences.map { "· " + Report.counted($0, "case") } ?? ""
        html += "</span></summary>\n<div class=\"body\">"
        html += "<p class=\"key\">\(HTMLText.code(found.key.canonical))</p>\n"
        html += leafDiff(found.example, check: found.key.check)
        html += facts(for: found, compact: true)
        html += exampleOrigin(found, sayingSource: found.exampleSource != .smallest)
        if !replayedAbove, let reproduce = found.reproduce { html += "<pre class=\"command\">\(HTMLText.escape(reproduce))</pre>\n" }
        return html + "</div></details>\n"
    }

    /// The comparison with a baseline report: the new classes (linked), the gone ones (their
    /// keys in words), how many are unchanged, and the expected classes whose counts collapsed;
    /// a long list is folded, so the cards stay near the top.
    static func baselineSection(_ baseline: ReportBaseline, classes: [ReportClass]) -> String {
        var html = "<section id=\"baseline\">\n<h2>Against the baseline</h2>\n"
        html += "<p>Compared with \(HTMLText.code(baseline.source)) by class key: <strong>\(baseline.new.count) new</strong>, "
            + "<strong>\(baseline.gone.count) gone</strong>, \(baseline.unchanged.count) unchanged.</p>\n"
        let newClasses = classes.filter { $0.baseline == .new }
        if !newClasses.isEmpty {
            html += folded("New (\(newClasses.count))", open: newClasses.count <= 20) + "<ul class=\"keys\">" + newClasses.map { found in
                "<li><a href=\"#class-\(found.id)\">#\(found.id)</a> \(found.expected ? "" : "<span class=\"bad\">unexpected</span> ")"
                    + "\(HTMLText.escape(found.key.description))</li>"
            }.joined() + "</ul></details>\n"
        }
        if !baseline.gone.isEmpty {
            html += folded("Gone (\(baseline.gone.count))", open: baseline.gone.count <= 10) + "<ul class=\"keys\">" + baseline.gone.map { key in
                "<li>\(key.isUnexpected ? "<span class=\"bad\">unexpected</span> " : "")\(HTMLText.escape(key.description))"
                    + "<br>\(HTMLText.code(key.canonical))</li>"
            }.joined() + "</ul></details>\n"
        }
        if !baseline.collapsed.isEmpty {
            html += folded("Expected, collapsed (\(baseline.collapsed.count))", open: true)
                + "<p>An SDK rule that showed this often before and far less now: a mapper or storage that stopped doing what the SDK does.</p>"
                + "<ul class=\"keys\">" + baseline.collapsed.map { entry in
                    "<li><span class=\"bad\">collapsed</span> \(HTMLText.escape(entry.key.description)): \(HTMLText.escape(entry.description))"
                        + "<br>\(HTMLText.code(entry.key.canonical))</li>"
                }.joined() + "</ul></details>\n"
        }
        return html + "</section>\n"
    }

    /// The start of a `<details>` whose summary is a heading.
    private static func folded(_ title: String, open: Bool) -> String {
        "<details class=\"list\"\(open ? " open" : "")><summary><h3>\(HTMLText.escape(title))</h3></summary>"
    }
}
