extension DifferentialFuzzTarget {
    /// The most findings one report describes in full.
    static let reportedFindings = 3

    /// What `FuzzDifferential` prints before it aborts: for each unexpected finding its kind,
    /// check, coding path, schema type and found kind, every mapper's outcome (the failure
    /// with its path and message, or the value) and its signature; then the case's size and
    /// faults, and how to pin it as a regression.
    public static func report(_ findings: [Finding], of execution: CaseExecution) -> String {
        var text = "crossfire FuzzDifferential: \(findings.count) unexpected finding\(findings.count == 1 ? "" : "s") (no allowlist entry explains \(findings.count == 1 ? "it" : "them"))\n"
        for finding in findings.prefix(reportedFindings) {
            let discrepancy = finding.discrepancy
            text += "\(discrepancy.kind.rawValue) in the \(discrepancy.check.rawValue) check at \(FuzzVerdict.oneLine(discrepancy.path.description))"
            text += " (schema type \(discrepancy.schemaType ?? "-"), found \(discrepancy.foundKind ?? "-"))\n"
            for outcome in discrepancy.outcomes {
                let said = outcome.failure.map(\.description) ?? outcome.rendering ?? MapperCheckOutcome.value
                text += "  \(outcome.mapper): \(FuzzVerdict.oneLine(said))\n"
            }
            text += "  signature: \(FuzzVerdict.oneLine(finding.signature))\n"
        }
        if findings.count > reportedFindings {
            text += "and \(findings.count - reportedFindings) more unexpected findings\n"
        }
        let record = execution.record
        let schema = record.schema
        text += "case: root struct \(schema.root) (\(schema.structs.count) structs, \(schema.enums.count) enums), "
        text += "\(record.document == nil ? "no document" : record.faults.isEmpty ? "a valid document" : "a document with faults " + FuzzVerdict.oneLine(record.faults.joined(separator: "; ")))"
        text += ", \(record.model == nil ? "no model value" : "a model value"), \(record.choices?.count ?? 0) choices\n"
        text += "pin it as a regression: crossfire promote <the crash-* file libFuzzer names below>\n"
        return text
    }
}
