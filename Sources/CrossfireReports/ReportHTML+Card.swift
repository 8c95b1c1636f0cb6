import Crossfire
import FirestoreModel

/// A class's card: the class in words and its key, where it showed, the leaf diff, the
/// document (or model value) as a tree with the leaf's path highlighted, the schema as Swift,
/// how the example was chosen, and the command that replays it.
extension ReportHTML {
    /// The card of an unexpected class.
    static func card(for found: ReportClass) -> String {
        let example = found.example
        var html = "<article class=\"card unexpected\" id=\"class-\(found.id)\">\n"
        html += "<h3>\(classLabel(found)) \(HTMLText.escape(found.title))</h3>\n"
        html += "<p class=\"fix\"><strong>Fix:</strong> \(HTMLText.escape(found.fix))</p>\n"
        html += "<p class=\"key\">\(HTMLText.code(found.cause.canonical))</p>\n"
        html += facts(for: found)
        html += "<h4>At the leaf</h4>\n" + leafDiff(example, check: found.key.check)
        html += "<div class=\"views\">\n<div class=\"view\">" + caseView(example, check: found.key.check) + "</div>\n"
        html += "<div class=\"view\"><h4>The schema, as <code>crossfire gen-swift</code> emits it</h4>\n" + schemaView(example) + "</div>\n</div>\n"
        html += "<h4>The example</h4>\n" + exampleOrigin(found)
        if let reproduce = found.reproduce { html += "<h4>Reproduce</h4>\n<pre class=\"command\">\(HTMLText.escape(reproduce))</pre>\n" }
        return html + "</article>\n"
    }

    /// `#12` and, against a baseline, a `new` marker.
    static func classLabel(_ found: ReportClass) -> String {
        "<span class=\"id\">#\(found.id)</span>" + (found.baseline == .new ? " <span class=\"new\">new</span>" : "")
    }

    /// How often it showed, the leaf's types, the leaf's place (a long path elided: its whole
    /// text on hover) and its grid cells, linked to the grid.
    static func facts(for found: ReportClass) -> String {
        let example = found.example
        var place = HTMLText.elided(example.path, class: "path")
        place += " <span class=\"muted\">(schema path " + HTMLText.elided(example.schemaPath)
        if let firestorePath = example.firestorePath, !firestorePath.isEmpty { place += ", field path " + HTMLText.elided(firestorePath) }
        place += ")</span>"
        let types = found.tally.leafTypes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        let cells = found.gridCells.map { cell in
            "<a href=\"#cell-\(HTMLText.escape(cell.token))\">\(HTMLText.escape(cell.description))</a>"
        }.joined(separator: ", ")
        return HTMLText.definitions([
            ("seen in", found.occurrences.map { Report.counted($0, "case") } ?? "not counted (the run wrote no counts)"),
            ("leaf types", (types.isEmpty ? example.leafType : types).map { "<span class=\"mono\">\(HTMLText.escape($0))</span>" }),
            ("example leaf", place),
            ("grid cells", cells.isEmpty ? nil : cells),
            ("explained by", found.explanation.map { HTMLText.code($0.id) + ": " + HTMLText.escape($0.reason) }),
            ("probes showed", found.probes.isEmpty ? nil : found.probes.map(HTMLText.escape).joined(separator: "<br>")),
            ("also seen as", symptomList(found)),
            ("rule missing", found.key.missing.map { missingRule($0, found: found) }),
        ], class: "facts")
    }

    /// The symptoms a class showed as, most frequent first: the first few in words, then how
    /// many more (report.json lists them all); nil when it showed as one only.
    private static func symptomList(_ found: ReportClass) -> String? {
        guard found.tally.symptoms.count > 1 else { return nil }
        let sorted = found.tally.symptoms.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.canonical < $1.key.canonical }
        var items = sorted.prefix(symptomsShown).map { symptom, count in
            HTMLText.escape(symptom.description) + " <span class=\"muted\">×\(count)</span>"
        }
        if sorted.count > symptomsShown { items.append("and \(sorted.count - symptomsShown) more (report.json lists them)") }
        return items.joined(separator: "<br>")
    }

    /// How many of a class's symptoms its card names.
    static let symptomsShown = 5

    /// For a vanished expectation: the allowlist entry whose class did not show, its rule, the
    /// rule situation's cell, and how many cases reached it without the rule.
    private static func missingRule(_ id: String, found: ReportClass) -> String {
        let reason = Allowlist.sdkBehaviour.entries.first { $0.id == id }.map { ": " + HTMLText.escape($0.reason) } ?? ""
        let situations = found.gridCells.filter { if case .rule = $0.row { return true } else { return false } }.map { cell in
            "<a href=\"#cell-\(HTMLText.escape(cell.token))\">\(HTMLText.escape(cell.description))</a>"
        }.joined(separator: ", ")
        let count = found.occurrences.map { Report.counted($0, "case") } ?? "cases"
        return HTMLText.code(id) + reason + " — \(count) reached " + (situations.isEmpty ? "its situation" : situations) + " and showed no class of it"
    }

    /// The document as a tree (decode), or the model value (encode, round trip), the leaf's
    /// path highlighted.
    private static func caseView(_ example: JournalExample, check: CheckKind) -> String {
        let record = example.stored.record
        var html = ""
        if check == .decode {
            html += "<h4>The document</h4>\n"
            if let document = record.document {
                html += ValueTree.document(document).html(highlighting: example.components)
            } else if let text = example.caseJSON.documentText {
                html += "<p class=\"muted\">REST JSON cannot hold this document (\(HTMLText.escape(example.stored.documentError ?? ""))); "
                    + "its rendering:</p><pre class=\"wrap\">\(HTMLText.escape(text))</pre>"
            } else {
                html += "<p class=\"empty\">The case has no document.</p>"
            }
        } else {
            html += "<h4>The model value</h4>\n"
            if let model = record.model {
                html += ValueTree.model(model, schema: record.schema).html(highlighting: example.components)
            } else {
                html += "<p class=\"empty\">The case has no model value.</p>"
            }
        }
        if let reference = record.reference {
            html += "<p class=\"muted\">Document path (what <code>@DocumentID</code> reads): \(HTMLText.code(reference.path))</p>"
        }
        return html + "\n"
    }

    /// The schema's Swift declarations, the leaf's property marked.
    private static func schemaView(_ example: JournalExample) -> String {
        do {
            let declarations = try SwiftDeclarations(schema: example.stored.record.schema, leaf: example.components)
            return "<pre class=\"swift\">\(declarations.html)</pre>\n"
        } catch {
            return "<p class=\"muted\">The emitter refuses this schema (\(HTMLText.escape(error.description))); its JSON:</p>"
                + HTMLText.pre(prettyJSON(example.caseJSON.schema)) + "\n"
        }
    }

    /// How the example was chosen, and which case it is.
    private static func exampleOrigin(_ found: ReportClass) -> String {
        let record = found.example.stored.record
        var words = [exampleSourceText(found.exampleSource, expected: found.expected)]
        if let index = record.caseIndex { words.append("Case \(index)" + (record.seed.map { " of seed \($0)" } ?? "") + ".") }
        var html = "<p>" + HTMLText.escape(words.joined(separator: " ")) + "</p>\n"
        if !record.faults.isEmpty {
            html += "<ul class=\"faults\">" + record.faults.map { "<li>\(HTMLText.escape($0.description))</li>" }.joined() + "</ul>\n"
        }
        return html
    }

    /// The example's origin in words: shrunk (and why shrinking stopped), the smallest seen,
    /// or the first and why it was not shrunk.
    static func exampleSourceText(_ source: ExampleSource, expected: Bool) -> String {
        switch source {
        case .shrunk(let summary):
            return "Shrunk from \(Report.counted(summary.choicesBefore, "choice")) to \(summary.choicesAfter) in "
                + "\(Report.counted(summary.steps, "step")) over \(Report.counted(summary.attempts, "attempt")); it stopped: \(summary.stop.description)."
        case .smallest:
            return "The smallest case that showed it, as generated" + (expected ? " (expected classes are counted, not shrunk)." : ".")
        case .first(let reason):
            return "The first case that showed it, as generated: not shrunk, since \(reason)."
        }
    }
}
