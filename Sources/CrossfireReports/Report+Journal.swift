import Crossfire
import FirestoreModel

extension Report {
    /// The report of a journal read with `Journal.read(path:)`; `source` names the journal in
    /// errors.
    /// - Throws: `JournalReadError` naming the line of a record whose members a report reads are
    ///   malformed (an outcome that is not an object, a census entry of an unknown kind, …),
    ///   or saying that the journal has no `run` line.
    public init(journal: Journal, source: String) throws(JournalReadError) {
        guard let header = journal.header else {
            throw JournalReadError(source: source, line: nil, message: "the journal has no run line, so how the run was made is not known")
        }
        let runFields = RecordFields(source: source, line: journal.runLine, map: journal.runFields ?? FirestoreMap())
        run = ReportRun(seed: header.seed, profile: header.profile, mappers: header.mappers,
                        cases: try runFields.optionalInteger("cases"), timeLimitSeconds: try runFields.optionalInteger("timeLimitSeconds"))
        let summary = journal.summary.map { RecordFields(source: source, line: journal.summaryLine, map: $0) }
        status = try Self.status(summary: summary, truncatedLine: journal.truncatedLine)
        let occurrences = try summary.map(Self.occurrences)
        var findings: [ReportFinding] = []
        for finding in journal.findings {
            findings.append(try ReportFinding(finding, source: source, occurrences: occurrences?[finding.signature]))
        }
        self.findings = findings.filter { !$0.expected } + findings.filter(\.expected)
        census = try summary.map(Self.census)
        setupFailures = try summary?.strings("setupFailures") ?? []
        totals = ReportTotals(
            cases: try summary?.optionalInteger("cases"), elapsedSeconds: try summary?.optionalDouble("elapsedSeconds"),
            findings: findings.count, unexpected: findings.filter { !$0.expected }.count, expected: findings.filter(\.expected).count,
            shrunk: findings.filter(\.shrink.isShrunk).count,
            byKind: findings.reduce(into: [:]) { $0[$1.kind.rawValue, default: 0] += 1 },
            censusFailures: census.map { $0.reduce(0) { $0 + $1.count } })
    }

    private static func status(summary: RecordFields?, truncatedLine: Int?) throws(JournalReadError) -> RunStatus {
        guard let summary else {
            if let truncatedLine { return RunStatus(state: .truncated, truncatedLine: truncatedLine) }
            return RunStatus(state: .killed)
        }
        let stopped = try summary.string("stopped", in: "summary: ")
        switch stopped {
        case "completed": return RunStatus(state: .completed)
        case "interrupted": return RunStatus(state: .interrupted)
        default: throw summary.error("summary: \"stopped\" must be \"completed\" or \"interrupted\", found \"\(stopped)\"")
        }
    }

    private static func occurrences(_ summary: RecordFields) throws(JournalReadError) -> [String: Int] {
        guard let counts = try summary.optionalObject("occurrences", in: "summary: ") else { return [:] }
        var result: [String: Int] = [:]
        for (signature, _) in counts.map {
            result[signature] = try counts.integer(signature, in: "summary: occurrences: ")
        }
        return result
    }

    private static func census(_ summary: RecordFields) throws(JournalReadError) -> [CensusEntry] {
        var entries: [CensusEntry] = []
        for (index, entry) in try summary.objects("census", in: "summary: ").enumerated() {
            let what = "summary: census entry \(index + 1): "
            let kindName = try entry.string("kind", in: what)
            guard let kind = FailureKind(rawValue: kindName) else { throw entry.error("\(what)unknown failure kind \"\(kindName)\"") }
            entries.append(CensusEntry(signature: try entry.string("signature", in: what), kind: kind,
                                       count: try entry.integer("count", in: what), examplePath: try entry.string("path", in: what)))
        }
        return entries
    }
}

extension ReportFinding {
    /// The report entry of a journal finding (its latest record).
    init(_ finding: JournalFinding, source: String, occurrences: Int?) throws(JournalReadError) {
        let fields = RecordFields(source: source, line: finding.line, map: finding.fields)
        var explanation: ReportExplanation?
        if let entry = try fields.optionalObject("explanation") {
            explanation = ReportExplanation(id: try entry.string("id", in: "explanation: "), reason: try entry.string("reason", in: "explanation: "))
        }
        var outcomes: [ReportOutcome] = []
        for (index, outcome) in try fields.objects("outcomes").enumerated() {
            let what = "outcome \(index + 1): "
            outcomes.append(ReportOutcome(
                mapper: try outcome.string("mapper", in: what), result: try outcome.string("result", in: what),
                path: try outcome.optionalString("path", in: what), expected: try outcome.optionalString("expected", in: what),
                found: try outcome.optionalString("found", in: what), message: try outcome.optionalString("message", in: what),
                value: try outcome.optionalString("value", in: what)))
        }
        let shrink: ShrinkState
        if finding.record == .shrunk, let summary = finding.shrink {
            shrink = .shrunk(summary)
        } else {
            shrink = .notShrunk(reason: finding.kind == .crash ? ShrinkState.crashReason : ShrinkState.unfinishedReason)
        }
        guard let caseFields = try fields.optionalObject("case") else { throw fields.error("a finding record needs a \"case\"") }
        self.init(
            id: finding.id, line: finding.line, kind: finding.kind, check: finding.check, signature: finding.signature,
            expected: finding.expected, explanation: explanation, path: finding.path,
            firestorePath: try fields.optionalString("firestorePath"), schemaPath: finding.schemaPath,
            schemaType: try fields.optionalString("schemaType"), foundKind: try fields.optionalString("foundKind"),
            outcomes: outcomes, before: fields.optionalValue("before"), after: fields.optionalValue("after"),
            testCase: try ReportCase(caseFields), shrink: shrink, occurrences: occurrences, reproduce: finding.reproduce)
    }
}

extension ReportCase {
    /// A journal record's `case` object.
    init(_ fields: RecordFields) throws(JournalReadError) {
        let what = "case: "
        guard let schema = fields.optionalValue("schema") else { throw fields.error("case: a case needs a schema") }
        self.init(
            schema: schema, document: fields.optionalValue("document"),
            documentError: try fields.optionalString("documentError", in: what), documentText: try fields.optionalString("documentText", in: what),
            model: fields.optionalValue("model"), reference: try fields.optionalString("reference", in: what),
            faults: try fields.strings("faults", in: what), seed: try fields.optionalString("seed", in: what),
            caseIndex: try fields.optionalInteger("caseIndex", in: what), choices: try fields.optionalString("choices", in: what))
    }
}
