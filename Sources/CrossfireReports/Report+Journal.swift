import Crossfire
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
    public init(journal: Journal, source: String) throws(JournalReadError) {
        guard let header = journal.header else {
            throw JournalReadError(source: source, line: nil, message: "the journal has no run line, so how the run was made is not known")
        }
        let runFields = RecordFields(source: source, line: journal.runLine, map: journal.runFields ?? FirestoreMap())
        run = ReportRun(seed: header.seed, profile: header.profile, mappers: header.mappers,
                        cases: try runFields.optionalInteger("cases"), timeLimitSeconds: try runFields.optionalInteger("timeLimitSeconds"))
        var damaged = journal.damagedLines
        var summaryParts: (status: RunStatus, census: [CensusEntry], coverage: CoverageTally, setupFailures: [String], elapsed: Double?)?
        if let fields = journal.summary.map({ RecordFields(source: source, line: journal.summaryLine, map: $0) }) {
            do {
                summaryParts = (try Self.status(summary: fields), try Self.census(fields), try Self.coverage(fields),
                                try fields.strings("setupFailures") ?? [], try fields.optionalDouble("elapsedSeconds"))
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
    private static func status(summary: RecordFields) throws(JournalReadError) -> RunStatus {
        let stopped = try summary.string("stopped", in: "summary: ")
        switch stopped {
        case "completed": return RunStatus(state: .completed)
        case "interrupted": return RunStatus(state: .interrupted)
        default: throw summary.error("summary: \"stopped\" must be \"completed\" or \"interrupted\", found \"\(stopped)\"")
        }
    }

    private static func census(_ summary: RecordFields) throws(JournalReadError) -> [CensusEntry] {
        var entries: [CensusEntry] = []
        for (index, entry) in try summary.objects("census", in: "summary: ").enumerated() {
            let what = "summary: census entry \(index + 1): "
            let kindName = try entry.string("kind", in: what)
            guard let kind = FailureKind(rawValue: kindName) else { throw entry.error("\(what)unknown failure kind \"\(kindName)\"") }
            entries.append(CensusEntry(check: try entry.string("check", in: what), mapper: try entry.string("mapper", in: what), kind: kind,
                                       situation: try entry.string("situation", in: what), count: try entry.integer("count", in: what),
                                       examplePath: try entry.string("path", in: what)))
        }
        return entries
    }

    private static func coverage(_ summary: RecordFields) throws(JournalReadError) -> CoverageTally {
        guard let cells = try summary.optionalObject("coverage", in: "summary: ") else { return CoverageTally() }
        var counts: [GridCell: Int] = [:]
        for (token, _) in cells.map {
            guard let cell = GridCell(token: token) else { throw summary.error("summary: coverage: \"\(token)\" is not a grid cell") }
            counts[cell] = try cells.integer(token, in: "summary: coverage: ")
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
        let example = try ReportExample(recorded, source: source)
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
    init(_ example: JournalExample, source: String) throws(JournalReadError) {
        let fields = RecordFields(source: source, line: example.line, map: example.fields)
        var outcomes: [ReportOutcome] = []
        for (index, outcome) in try fields.objects("outcomes").enumerated() {
            let what = "outcome \(index + 1): "
            var failure: ReportFailure?
            if let failed = try outcome.optionalObject("failure", in: what) {
                let inner = what + "failure: "
                guard case .boolean(let hasPath)? = failed.map["hasPath"] else { throw failed.error("\(inner)\"hasPath\" must be true or false") }
                failure = ReportFailure(kind: try failed.string("kind", in: inner), path: try failed.string("path", in: inner), hasPath: hasPath,
                                        expected: try failed.optionalString("expected", in: inner), found: try failed.optionalString("found", in: inner),
                                        message: try failed.string("message", in: inner))
            }
            outcomes.append(ReportOutcome(mapper: try outcome.string("mapper", in: what), result: try outcome.string("result", in: what),
                                          words: try outcome.string("words", in: what), failure: failure, leaf: outcome.optionalValue("leaf")))
        }
        var cells: [GridCell] = []
        for token in try fields.strings("cells") {
            guard let cell = GridCell(token: token) else { throw fields.error("\"cells\": \"\(token)\" is not a grid cell") }
            cells.append(cell)
        }
        let components: ValuePath
        if let value = fields.optionalValue("components") {
            do {
                components = try JournalFormat.decodePath(value)
            } catch {
                throw fields.error("\"components\": \(error.message)")
            }
        } else {
            components = .root
        }
        guard let caseFields = try fields.optionalObject("case") else { throw fields.error("an example needs a \"case\"") }
        guard let held = fields.optionalValue("held") else { throw fields.error("an example needs \"held\"") }
        self.init(path: example.path, components: components, firestorePath: try fields.optionalString("firestorePath"),
                  schemaPath: try fields.string("schemaPath"), leafType: try fields.optionalString("leafType"),
                  wrapper: try fields.optionalString("wrapper"), container: try fields.string("container"), held: held,
                  input: fields.optionalValue("input"), outcomes: outcomes, cells: cells,
                  testCase: try ReportCase(caseFields, stored: example.stored), stored: example.stored)
    }
}

extension ReportCase {
    /// A journal example's `case` object.
    init(_ fields: RecordFields, stored: StoredCase) throws(JournalReadError) {
        let what = "case: "
        guard let schema = fields.optionalValue("schema") else { throw fields.error("case: a case needs a schema") }
        self.init(
            schema: schema, document: fields.optionalValue("document"),
            documentError: try fields.optionalString("documentError", in: what), documentText: try fields.optionalString("documentText", in: what),
            model: fields.optionalValue("model"), reference: try fields.optionalString("reference", in: what),
            faults: stored.record.faults.map(\.description), seed: try fields.optionalString("seed", in: what),
            caseIndex: try fields.optionalInteger("caseIndex", in: what), choices: try fields.optionalString("choices", in: what))
    }
}
