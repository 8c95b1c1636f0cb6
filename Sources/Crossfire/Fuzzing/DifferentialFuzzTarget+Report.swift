extension DifferentialFuzzTarget {
    /// What `FuzzDifferential` prints before it aborts: for each new unexpected class (once,
    /// however many leaves of the case show it) its cause in words and its fix, the canonical
    /// cause (the `cause:` line, which `scripts/fuzz.sh` adds to the causes it already has), the
    /// symptom of the finding shown (`symptom:`), what probing showed, the
    /// artifact name it stands for (`artifact: crash-…`, which `scripts/fuzz.sh` renames
    /// libFuzzer's `crash-<sha1>` to), the leaf's path and type, and every mapper's result
    /// there with its failure or value; then the case's size and faults, and how to pin it as
    /// a regression.
    package static func report(_ classes: [(finding: Finding, cause: ResolvedCause)], of execution: CaseExecution) -> String {
        var text = "crossfire FuzzDifferential: \(classes.count) new unexpected class\(classes.count == 1 ? "" : "es") (no allowlist entry explains \(classes.count == 1 ? "it" : "them"))\n"
        for (finding, resolved) in classes {
            let discrepancy = finding.discrepancy
            let words = CauseWords(resolved.cause)
            text += "\(FuzzVerdict.oneLine(words.title))\n"
            text += "  fix: \(FuzzVerdict.oneLine(words.fix))\n"
            text += "  cause: \(resolved.cause.canonical)\n"
            text += "  symptom: \(finding.key.canonical)\n"
            for probe in resolved.probes { text += "  probe: \(FuzzVerdict.oneLine(probe))\n" }
            text += "  artifact: crash-\(resolved.cause.fileNamePart)\n"
            text += "  at \(FuzzVerdict.oneLine(discrepancy.path.description)) (\(discrepancy.facts.type?.description ?? "outside the schema"))"
            text += ", input held \(FuzzVerdict.oneLine(discrepancy.facts.held.description, limit: 120))\n"
            for outcome in discrepancy.outcomes {
                let detail = outcome.failure.map { " — \($0)" } ?? outcome.leaf.map { ": \($0)" } ?? ""
                text += "  \(outcome.mapper): \(outcome.result)\(FuzzVerdict.oneLine(detail, limit: 240))\n"
            }
        }
        let record = execution.record
        let schema = record.schema
        text += "case: root struct \(schema.root) (\(schema.structs.count) structs, \(schema.enums.count) enums), "
        let faults = record.faults.map(\.description).joined(separator: "; ")
        text += record.document == nil ? "no document" : record.faults.isEmpty ? "a valid document" : "a document with faults " + FuzzVerdict.oneLine(faults)
        text += ", \(record.model == nil ? "no model value" : "a model value"), \(record.choices?.count ?? 0) choices\n"
        text += "pin it as a regression: crossfire promote <the crash-* artifact>\n"
        return text
    }
}
