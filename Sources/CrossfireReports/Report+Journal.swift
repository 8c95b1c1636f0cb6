import Crossfire
import FirestoreJSON
import FirestoreModel

extension Report {
    /// The report of a journal read with `Journal.read(path:)` and its expected classes'
    /// compact examples rebuilt (`Journal.rebuilt(with:)`); `source` names the journal in errors.
    /// A record whose members the report cannot read (an outcome that is not an object, a
    /// census entry of an unknown kind, an example not rebuilt …) is a damaged line: skipped,
    /// and listed in `status.damagedLines` with the journal's own (a damaged summary leaves the
    /// report without one).
    /// - Throws: `JournalReadError` saying that the journal has no `run` line, or naming the run
    ///   line's malformed member.
    package init(journal: Journal, source: String) throws(JournalReadError) {
        guard let header = journal.header else {
            throw JournalReadError(source: source, line: nil, message: "the journal has no run line, so how the run was made is not known")
        }
        let runFields = JSONObject(members: journal.runFields ?? FirestoreMap(), line: journal.runLine)
        run = try JournalReadError.reading(source) { () throws(JSONObjectError) in
            ReportRun(seed: header.seed, profile: header.profile, mappers: header.mappers,
                      cases: try runFields.optionalInteger("cases").map { Int($0) },
                      timeLimitSeconds: try runFields.optionalInteger("timeLimitSeconds").map { Int($0) })
        }
        var damaged = journal.damagedLines
        var summaryParts: (status: RunStatus, census: [CensusEntry], coverage: CoverageTally, setupFailures: [String], elapsed: Double?)?
        if let fields = journal.summary.map({ JSONObject(members: $0, line: journal.summaryLine) }) {
            do {
                summaryParts = try JournalReadError.reading(source) { () throws(JSONObjectError) in
                    (try Self.status(summary: fields), try Self.census(fields), try Self.coverage(fields),
                     try fields.optionalStrings("setupFailures"), try fields.optionalNumber("elapsedSeconds"))
                }
            } catch {
                // A damaged summary: reported as a run without one.
                damaged.append(error)
            }
        }
        var classes: [ReportClass] = []
        for found in journal.classes {
            do {
                classes.append(try ReportClass(found, summarized: summaryParts != nil, source: source))
            } catch {
                damaged.append(error)
            }
        }
        self.classes = classes.filter { !$0.expected } + classes.filter(\.expected)
        status = summaryParts?.status ?? Self.statusWithoutSummary(truncatedLine: journal.truncatedLine)
        status.damagedLines = damaged.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        census = summaryParts?.census
        coverage = summaryParts?.coverage
        setupFailures = summaryParts?.setupFailures ?? []
        totals = ReportTotals(
            cases: journal.countedCases, elapsedSeconds: summaryParts?.elapsed,
            classes: classes.count, unexpected: classes.filter { !$0.expected }.count, expected: classes.filter(\.expected).count,
            shrunk: classes.filter { if case .shrunk = $0.exampleSource { true } else { false } }.count,
            byKind: classes.reduce(into: [:]) { $0[$1.key.kind.rawValue, default: 0] += 1 },
            censusFailures: census.map { $0.reduce(0) { $0 + $1.count } })
    }

    /// How a run that wrote no (intact) summary ended: killed between two lines, or while
    /// writing its last.
    private static func statusWithoutSummary(truncatedLine: Int?) -> RunStatus {
        if let truncatedLine { return RunStatus(state: .truncated, truncatedLine: truncatedLine) }
        return RunStatus(state: .killed)
    }

    /// How a run that wrote its summary ended.
    private static func status(summary: JSONObject) throws(JSONObjectError) -> RunStatus {
        let stopped = try summary.string("stopped")
        switch stopped {
        case "completed": return RunStatus(state: .completed)
        case "interrupted": return RunStatus(state: .interrupted)
        default: throw summary.error(at: "stopped", "expected \"completed\" or \"interrupted\", found \(JSONObject.quoted(stopped))")
        }
    }

    private static func census(_ summary: JSONObject) throws(JSONObjectError) -> [CensusEntry] {
        var entries: [CensusEntry] = []
        for entry in try summary.objects("census") {
            let kindName = try entry.string("kind")
            guard let kind = FailureKind(rawValue: kindName) else { throw entry.error(at: "kind", "unknown failure kind \(JSONObject.quoted(kindName))") }
            entries.append(CensusEntry(check: try entry.string("check"), mapper: try entry.string("mapper"), kind: kind,
                                       situation: try entry.string("situation"), count: Int(try entry.integer("count")),
                                       examplePath: try entry.string("path")))
        }
        return entries
    }

    private static func coverage(_ summary: JSONObject) throws(JSONObjectError) -> CoverageTally {
        guard let cells = try summary.optionalObject("coverage") else { return CoverageTally() }
        var counts: [GridCell: Int] = [:]
        for (token, _) in cells.members {
            guard let cell = GridCell(token: token) else { throw cells.error(at: token, "not a grid cell") }
            counts[cell] = Int(try cells.integer(token))
        }
        return CoverageTally(counts: counts)
    }
}

extension ReportClass {
    /// The report entry of a journal class; `summarized` says whether the journal has its
    /// summary (where a class's smallest example is chosen).
    init(_ found: JournalClass, summarized: Bool, source: String) throws(JournalReadError) {
        guard let recorded = found.example.recorded else {
            throw JournalReadError(source: source, line: found.example.line,
                                   message: "class \(found.id)'s example is journalled compactly: rebuild it with the run's mappers first (Journal.rebuilt(with:))")
        }
        let example = try JournalReadError.reading(source) { () throws(JSONObjectError) in try ReportExample(recorded) }
        let exampleSource: ExampleSource
        if found.shrunk != nil, let summary = found.shrink {
            exampleSource = .shrunk(summary)
        } else if found.smallest != nil || (summarized && found.expected) {
            exampleSource = .smallest
        } else if found.expected {
            exampleSource = .first(reason: ExampleSource.expectedReason)
        } else {
            exampleSource = .first(reason: found.key.kind == .crash ? ExampleSource.unshrunkCrashReason : ExampleSource.unfinishedReason)
        }
        self.init(id: found.id, line: found.line, key: found.key,
                  explanation: found.explanation.map { ReportExplanation(id: $0.id, reason: $0.reason) },
                  occurrences: found.occurrences, leafTypes: found.leafTypes, cells: found.cells, example: example,
                  exampleSource: exampleSource, reproduce: found.reproduce.map { Self.replayable($0, key: found.key) })
    }

    /// A reproduce command that runs as printed: a crash class replays in a child process
    /// (`--isolate`), since in-process the crash would end the replay itself.
    static func replayable(_ command: String, key: FindingClassKey) -> String {
        guard key.replaysInIsolation, !command.split(separator: " ").contains("--isolate") else { return command }
        return command + " --isolate"
    }
}

extension ReportExample {
    /// A journal example.
    init(_ example: JournalExample) throws(JSONObjectError) {
        let fields = JSONObject(members: example.fields, line: example.line)
        var outcomes: [ReportOutcome] = []
        for outcome in try fields.objects("outcomes") {
            var failure: ReportFailure?
            if let failed = try outcome.optionalObject("failure") {
                failure = ReportFailure(kind: try failed.string("kind"), path: try failed.string("path"), hasPath: try failed.bool("hasPath"),
                                        expected: try failed.optionalString("expected"), found: try failed.optionalString("found"),
                                        message: try failed.string("message"))
            }
            outcomes.append(ReportOutcome(mapper: try outcome.string("mapper"), result: try outcome.string("result"),
                                          words: try outcome.string("words"), failure: failure, leaf: outcome.nonNull("leaf")))
        }
        var cells: [GridCell] = []
        for (index, token) in try fields.optionalStrings("cells").enumerated() {
            guard let cell = GridCell(token: token) else {
                throw JSONObjectError(path: "cells[\(index)]", line: example.line, message: "\(JSONObject.quoted(token)) is not a grid cell")
            }
            cells.append(cell)
        }
        let components: ValuePath
        if let value = fields.nonNull("components") {
            do {
                components = try JournalFormat.decodePath(value)
            } catch {
                throw fields.error(at: "components", error.message)
            }
        } else {
            components = .root
        }
        guard let caseFields = try fields.optionalObject("case") else { throw fields.error("an example needs a \"case\"") }
        guard let held = fields.nonNull("held") else { throw fields.error("an example needs \"held\"") }
        self.init(path: example.path, components: components, firestorePath: try fields.optionalString("firestorePath"),
                  schemaPath: try fields.string("schemaPath"), leafType: try fields.optionalString("leafType"),
                  wrapper: try fields.optionalString("wrapper"), container: try fields.string("container"), held: held,
                  input: fields.nonNull("input"), outcomes: outcomes, cells: cells,
                  testCase: try ReportCase(caseFields, stored: example.stored), stored: example.stored)
    }
}

extension ReportCase {
    /// A journal example's `case` object.
    init(_ fields: JSONObject, stored: StoredCase) throws(JSONObjectError) {
        guard let schema = fields.nonNull("schema") else { throw fields.error("a case needs a schema") }
        self.init(
            schema: schema, document: fields.nonNull("document"),
            documentError: try fields.optionalString("documentError"), documentText: try fields.optionalString("documentText"),
            model: fields.nonNull("model"), reference: try fields.optionalString("reference"),
            faults: stored.record.faults.map(\.description), seed: try fields.optionalString("seed"),
            caseIndex: try fields.optionalInteger("caseIndex").map { Int($0) }, choices: try fields.optionalString("choices"))
    }
}
