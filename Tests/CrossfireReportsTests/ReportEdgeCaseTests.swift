import Crossfire
import CrossfireReports
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// Reports of hand-written journals: runs killed, cut off or interrupted, crash classes,
/// classes never shrunk, expected classes, and malformed lines.
struct ReportEdgeCaseTests {
    @Test func aKilledRunWithoutSummaryIsReportedWithWhatItWrote() throws {
        let finding = try ReportFixtures.hostileFinding(.silentDefault)
        let bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine(cases: nil, timeLimitSeconds: 60), try ReportFixtures.classLine(finding, id: 1)])
        let report = try ReportFixtures.report(bytes)
        #expect(report.status == RunStatus(state: .killed))
        #expect(!report.status.finished)
        #expect(report.run.cases == nil)
        #expect(report.run.timeLimitSeconds == 60)
        #expect(report.summary == nil)
        #expect(report.totals.cases == nil)
        #expect(report.totals.elapsedSeconds == nil)
        #expect(report.totals.censusFailures == nil)
        #expect(report.totals.classes == 1)
        #expect(report.totals.shrunk == 0)
        let found = try #require(report.classes.first)
        #expect(found.exampleSource == .first(reason: ExampleSource.expectedReason))
        #expect(found.occurrences == nil)
        #expect(found.tally.cells.isEmpty)
        // Without a summary the class is placed by its example's cells.
        #expect(!found.gridCells.isEmpty)
        #expect(found.gridCells == found.example.cells.sorted())
        #expect(report.summaryLine == "run killed: 1 class (0 unexpected, 1 expected)")

        let json = try ReportFixtures.json(of: report)
        #expect(try json.object("status").string("state") == "killed")
        #expect(try json.object("status").boolean("finished") == false)
        #expect(json["census"] == .null)
        #expect(json["coverage"] == .null)
        #expect(try json.object("totals")["cases"] == .null)
        let entry = try #require(try json.objects("classes").first)
        #expect(entry.string("exampleSource") == "first")
        #expect(entry["shrink"] == .null)
        #expect(entry.string("notShrunkReason") == ExampleSource.expectedReason)

        let page = ReportHTML.page(of: report)
        #expect(page.contains("<strong>Run killed.</strong> The run ended without a summary (killed or crashed)"))
        #expect(page.contains("Not known: the census is written in the run's summary, and this run ended without one."))
        #expect(page.contains("How often each cell was exercised is not known"))
        // Its example's cells carry the class; the rest of the grid is not known.
        let cell = try #require(found.gridCells.first)
        #expect(page.contains("<td id=\"cell-\(cell.token)\" class=\"s-expected\""))
        #expect(page.contains("class=\"s-notKnown\""))
        #expect(!page.contains("class=\"s-agree\""))
    }

    @Test func aTruncatedLastLineIsSkippedAndNamed() throws {
        let finding = try ReportFixtures.hostileFinding(.roundTripLoss)
        var bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine(), try ReportFixtures.classLine(finding, id: 1)])
        let shrunk = JSONText.value(try ReportFixtures.shrunkLine(finding, id: 1, shrink: ShrinkSummary(choicesBefore: 9, choicesAfter: 3, steps: 2, attempts: 7, stop: .exhausted))).bytes
        bytes += shrunk.prefix(shrunk.count / 2)
        let report = try ReportFixtures.report(bytes)
        #expect(report.status == RunStatus(state: .truncated, truncatedLine: 3))
        #expect(report.status.explanation.contains("killed while writing line 3, which was skipped"))
        #expect(report.classes.map(\.id) == [1])
        #expect(report.classes.first?.exampleSource == .first(reason: ExampleSource.unfinishedReason))
        let json = try ReportFixtures.json(of: report)
        #expect(try json.object("status") == [
            "state": .string("truncated"), "finished": .boolean(false), "truncatedLine": .integer(3),
            "explanation": .string(report.status.explanation), "damagedLines": .array([]),
        ])
        #expect(ReportHTML.page(of: report).contains("The first case that showed it, as generated: not shrunk, since \(ExampleSource.unfinishedReason)."))
    }

    @Test func anInterruptedRunWithAShrunkClassSaysHowShrinkingStopped() throws {
        let finding = try ReportFixtures.hostileFinding(.roundTripLoss)
        let shrink = ShrinkSummary(choicesBefore: 240, choicesAfter: 76, steps: 43, attempts: 400, stop: .attemptBudget)
        let bytes = try ReportFixtures.journalBytes([
            ReportFixtures.runLine(cases: 500), try ReportFixtures.classLine(finding, id: 1), try ReportFixtures.countsLine(cases: 10, occurrences: [1: 2]),
            try ReportFixtures.shrunkLine(finding, id: 1, shrink: shrink), try ReportFixtures.summaryLine(cases: 12, interrupted: true, occurrences: [1: 3]),
        ])
        let report = try ReportFixtures.report(bytes)
        #expect(report.status == RunStatus(state: .interrupted))
        #expect(report.status.finished)
        #expect(report.totals.cases == 12)
        #expect(report.totals.shrunk == 1)
        let found = try #require(report.classes.first)
        #expect(found.occurrences == 3)
        #expect(found.exampleSource == .shrunk(shrink))
        let json = try ReportFixtures.json(of: report)
        let entry = try #require(try json.objects("classes").first)
        #expect(try entry.object("shrink") == [
            "choicesBefore": .integer(240), "choicesAfter": .integer(76), "steps": .integer(43), "attempts": .integer(400), "stop": .string("attemptBudget"),
        ])
        let page = ReportHTML.page(of: report)
        #expect(page.contains("<strong>Run interrupted.</strong>"))
        // An attempt budget ended it: the page says so, never that time ran out.
        #expect(page.contains("Shrunk from 240 choices to 76 in 43 steps over 400 attempts; it stopped: attempt budget spent."))
        #expect(!page.contains("time budget"))
        #expect(!page.contains("time limit"))
    }

    @Test func aCrashClassIsUnexpectedAndItsReproduceLineRunsIsolated() throws {
        let crash = ReportFixtures.crashFinding()
        let expected = try ReportFixtures.hostileFinding(.silentDefault)
        let bytes = try ReportFixtures.journalBytes([
            ReportFixtures.runLine(), try ReportFixtures.classLine(expected, id: 1), try ReportFixtures.classLine(crash, id: 2),
            try ReportFixtures.classLine(crash, id: 3, reproduce: ReportFixtures.reproduce(3) + " --isolate"),
        ])
        let report = try ReportFixtures.report(bytes)
        // The reader keeps the first record of a key's id; two ids of one key are two classes.
        #expect(report.classes.map(\.id) == [2, 3, 1])
        let found = try #require(report.classes.first)
        #expect(found.key.kind == .crash)
        #expect(!found.expected)
        #expect(found.reproduce == ReportFixtures.reproduce(2) + " --isolate")
        #expect(report.classes[1].reproduce == ReportFixtures.reproduce(3) + " --isolate")
        #expect(report.classes[2].reproduce == ReportFixtures.reproduce(1))
        #expect(found.exampleSource == .first(reason: ExampleSource.unshrunkCrashReason))
        let page = ReportHTML.page(of: report)
        let card = try #require(ReportFixtures.element(page, from: "<article class=\"card unexpected\" id=\"class-2\">", to: "</article>"))
        #expect(card.contains("crashed (SIGILL)"))
        // The leaf is the whole document: no box says the document holds "nothing" there.
        #expect(!card.contains("<h5>the document holds</h5>"))
        #expect(card.contains("(the error names no place)"))
        #expect(card.contains("the worker died of SIGILL (signal 4) while decoding &lt;b&gt;&amp;&lt;/b&gt;"))
        #expect(card.contains("<pre class=\"command\">crossfire replay run/journal.jsonl --class 2 --isolate</pre>"))
        // The whole document is the leaf: the tree's root is marked.
        #expect(card.contains("<ul class=\"tree\"><li class=\"leaf\"><mark><span class=\"k\">document</span>"))
        #expect(try ReportFixtures.json(of: report).objects("classes").first?.string("reproduce") == ReportFixtures.reproduce(2) + " --isolate")
    }

    @Test func anExpectedClassOfAFinishedRunShowsItsSmallestExample() throws {
        let finding = try ReportFixtures.hostileFinding(.silentDefault)
        let bytes = try ReportFixtures.journalBytes([
            ReportFixtures.runLine(), try ReportFixtures.classLine(finding, id: 1), try ReportFixtures.summaryLine(cases: 5, occurrences: [1: 4]),
        ])
        let report = try ReportFixtures.report(bytes)
        let found = try #require(report.classes.first)
        #expect(found.expected)
        #expect(found.explanation == ReportExplanation(id: "hostile-<entry>", reason: ReportFixtures.hostileReason))
        #expect(found.exampleSource == .smallest)
        let page = ReportHTML.page(of: report)
        #expect(page.contains("Each example is the smallest case that showed its class, as generated (expected classes are counted, not shrunk); "
                              + "its leaf diff and its whole example are in <code>report.json</code>.</p>"))
        #expect(!page.contains("The smallest case that showed it"))
    }

    @Test(arguments: [
        ("outcomes", FirestoreValue.array([.string("x")]), "run/journal.jsonl:2: example.outcomes[0]: expected an object, found the string \"x\""),
        ("cells", FirestoreValue.array([.string("type.nothing/valid")]), "run/journal.jsonl:2: example.cells[0]: \"type.nothing/valid\" is not a grid cell"),
        ("components", FirestoreValue.array([.boolean(true)]), "run/journal.jsonl:2: example.components: a path's components are strings (keys) and non-negative integers (indexes)"),
        ("held", FirestoreValue.null, "run/journal.jsonl:2: example.held: expected an object, found null"),
        ("held", FirestoreValue.map(["model": .integer(3)]), "run/journal.jsonl:2: example.held.model: model value at (root): expected an object with one kind key"),
        ("outcomes", FirestoreValue.array([.map(["mapper": .string("codable"), "result": .string("value"), "words": .string("value"), "leaf": .map(["absent": .boolean(false)])])]),
         "run/journal.jsonl:2: example.outcomes[0].leaf: a leaf value needs \"absent\": true, \"stored\", \"storedText\" or \"model\""),
    ])
    func aMalformedExampleIsADamagedLineNamedAndSkipped(member: String, value: FirestoreValue, message: String) throws {
        let finding = try ReportFixtures.hostileFinding(.silentDefault)
        guard case .map(var record) = try ReportFixtures.classLine(finding, id: 1), case .map(var example)? = record["example"] else {
            Issue.record("a class line is not an object")
            return
        }
        example[member] = value
        record["example"] = .map(example)
        let other = try ReportFixtures.classLine(finding, id: 2)
        let bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine(), .map(record), other])
        let report = try ReportFixtures.report(bytes)
        #expect(report.status.damagedLines.map(\.description) == [message])
        #expect(report.classes.map(\.id) == [2], "the intact class after it is reported")
    }

    @Test func aMalformedSummaryIsADamagedLineAndTheRunIsReportedWithoutIt() throws {
        var census = ErrorCensus()
        census.add(key: ErrorCensus.Key(check: .decode, mapper: "codable", kind: .typeMismatch, situation: "s"), count: 1, examplePath: "")
        guard case .map(var summary) = try ReportFixtures.summaryLine(cases: 1, census: census) else { return }
        summary["coverage"] = .map(["type.integer/nowhere": .integer(1)])
        let badCell = try ReportFixtures.report(try ReportFixtures.journalBytes([ReportFixtures.runLine(), .map(summary)]))
        #expect(badCell.status.damagedLines == [JournalReadError(source: "run/journal.jsonl", line: 2,
                                                                 message: "coverage.type.integer/nowhere: not a grid cell")])
        #expect(badCell.status.state == .killed && badCell.summary == nil)
        #expect(badCell.status.explanation.hasSuffix(" A damaged line (line 2) was skipped; every intact record around them is here."))
        summary["coverage"] = .map([:])
        summary["stopped"] = .string("paused")
        let badStop = try ReportFixtures.report(try ReportFixtures.journalBytes([ReportFixtures.runLine(), .map(summary)]))
        #expect(badStop.status.damagedLines == [JournalReadError(source: "run/journal.jsonl", line: 2,
                                                                 message: "stopped: expected \"completed\" or \"interrupted\", found \"paused\"")])
    }

    @Test func aJournalWithoutRunLineCannotBeReported() throws {
        let finding = try ReportFixtures.hostileFinding(.silentDefault)
        #expect(throws: JournalReadError(source: "run/journal.jsonl", line: nil, message: "the journal has no run line, so how the run was made is not known")) {
            try ReportFixtures.report(try ReportFixtures.journalBytes([try ReportFixtures.classLine(finding, id: 1)]))
        }
    }

    @Test func aLineThatIsNotJSONIsSkippedAndNamedAndTheSummaryAfterItRead() throws {
        var bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine()])
        bytes += Array("{\"journal\": 3, \"record\": \n".utf8)
        bytes += try ReportFixtures.journalBytes([try ReportFixtures.summaryLine(cases: 1)])
        let report = try ReportFixtures.report(bytes)
        #expect(report.status.damagedLines.map(\.line) == [2])
        #expect(report.status.damagedLines.first?.message.hasPrefix("not a JSON line: ") == true)
        #expect(report.status.state == .completed)
        let json = try ReportFixtures.json(of: report)
        let damaged = try json.object("status").objects("damagedLines")
        #expect(damaged.count == 1 && damaged.first?["line"] == .integer(2))
    }
}
