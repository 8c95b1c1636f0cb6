import FirestoreModel

/// One finding on the report page.
extension ReportHTML {
    /// The finding's `<article>`: coding path, kind and check, signature, the allowlist reason
    /// when expected, where it is, every mapper's outcome side by side, the values before and
    /// after, the case (folded for expected findings) and the reproduce command.
    static func article(for finding: ReportFinding) -> String {
        let status = finding.expected ? "expected" : "unexpected"
        var html = "<article class=\"finding \(status)\" id=\"finding-\(finding.id)\">\n"
        html += "<h3><span class=\"badge\">#\(finding.id)</span> \(HTMLText.code(finding.path, class: "path")) "
            + "\(HTMLText.escape(finding.kind.rawValue)) in the \(HTMLText.escape(finding.check.rawValue)) check</h3>\n"
        html += "<p class=\"signature\">\(HTMLText.code(finding.signature))</p>\n"
        if let explanation = finding.explanation {
            html += "<p class=\"explanation\">Expected — \(HTMLText.code(explanation.id)): \(HTMLText.escape(explanation.reason))</p>\n"
        }
        html += HTMLText.definitions([
            ("Firestore field path", finding.firestorePath.map { HTMLText.code($0) }),
            ("schema path", HTMLText.code(finding.schemaPath)),
            ("schema type", finding.schemaType.map { HTMLText.code($0) }),
            ("found in the data", finding.foundKind.map { HTMLText.code($0) }),
            ("seen", finding.occurrences.map { Report.counted($0, "time") }),
            ("journal line", String(finding.line)),
        ], class: "facts")
        if !finding.outcomes.isEmpty {
            html += "<div class=\"outcomes\">\n" + finding.outcomes.map(outcome).joined() + "</div>\n"
        }
        if finding.before != nil || finding.after != nil {
            html += "<div class=\"sides\">"
            html += side("Before", finding.before) + side("After", finding.after)
            html += "</div>\n"
        }
        html += caseDetails(finding)
        if let reproduce = finding.reproduce {
            html += "<p class=\"reproduce\">Reproduce: \(HTMLText.code(reproduce))</p>\n"
        }
        return html + "</article>\n"
    }

    private static func outcome(_ outcome: ReportOutcome) -> String {
        let failed = outcome.result != "value"
        var html = "<div class=\"outcome \(failed ? "failed" : "value")\"><h4>\(HTMLText.escape(outcome.mapper))</h4>"
        html += HTMLText.definitions([
            ("result", HTMLText.code(outcome.result)),
            ("at", outcome.path.map { HTMLText.code($0) }),
            ("expected", outcome.expected.map { HTMLText.code($0) }),
            ("found", outcome.found.map { HTMLText.code($0) }),
            ("message", outcome.message.map(HTMLText.escape)),
        ], class: "facts")
        if let value = outcome.value { html += HTMLText.pre(value) }
        return html + "</div>\n"
    }

    private static func side(_ title: String, _ value: FirestoreValue?) -> String {
        "<div><h4>\(title)</h4>" + (value.map { HTMLText.pre(prettyJSON($0)) } ?? "<p class=\"empty\">none</p>") + "</div>"
    }

    private static func caseDetails(_ finding: ReportFinding) -> String {
        let testCase = finding.testCase
        let heading: String
        switch finding.shrink {
        case .shrunk(let summary):
            heading = "Minimized case (shrunk from \(summary.choicesBefore) to \(summary.choicesAfter) choices in \(Report.counted(summary.steps, "step"))"
                + (summary.timedOut ? ", stopped by its time limit" : "") + ")"
        case .notShrunk(let reason):
            heading = "Original case (not shrunk: \(reason))"
        }
        var html = "<details\(finding.expected ? "" : " open")><summary>\(HTMLText.escape(heading))</summary>\n"
        html += "<div class=\"sides\"><div><h4>Document (REST JSON)</h4>"
        if let document = testCase.document {
            html += HTMLText.pre(prettyJSON(document))
        } else if let error = testCase.documentError {
            html += "<p>Not storable as REST JSON (\(HTMLText.escape(error))); the case replays from its choices. Its rendering:</p>"
            html += HTMLText.pre(testCase.documentText ?? "")
        } else {
            html += "<p class=\"empty\">none (the case has no document)</p>"
        }
        html += "</div><div><h4>Schema</h4>\(HTMLText.pre(prettyJSON(testCase.schema)))</div></div>\n"
        if let model = testCase.model {
            html += "<h4>Model value</h4>\(HTMLText.pre(prettyJSON(model)))\n"
        }
        html += HTMLText.definitions([
            ("reference", testCase.reference.map { HTMLText.code($0) }),
            ("faults", testCase.faults.isEmpty ? nil : testCase.faults.map { HTMLText.code($0) }.joined(separator: "<br>")),
            ("seed", testCase.seed.map { HTMLText.code($0) }),
            ("case", testCase.caseIndex.map { String($0) }),
            ("choices", testCase.choices.map { HTMLText.code($0) }),
        ], class: "facts")
        return html + "</details>\n"
    }
}
