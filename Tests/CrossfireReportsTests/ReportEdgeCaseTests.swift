import Crossfire
import CrossfireReports
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// Reports of hand-written journals: runs killed, cut off or interrupted, crash findings,
/// findings never shrunk, allowlisted findings.
struct ReportEdgeCaseTests {
    @Test func aKilledRunWithoutSummaryIsReportedWithWhatItWrote() throws {
        let findings = try ReportFixtures.hostileFindings()
        let finding = try #require(findings.first)
        let bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine(cases: nil, timeLimitSeconds: 60), try ReportFixtures.findingLine(finding, id: 1)])
        let report = try ReportFixtures.report(bytes)
        #expect(report.status == RunStatus(state: .killed))
        #expect(!report.status.finished)
        #expect(report.run.cases == nil)
        #expect(report.run.timeLimitSeconds == 60)
        #expect(report.census == nil)
        #expect(report.totals.cases == nil)
        #expect(report.totals.elapsedSeconds == nil)
        #expect(report.totals.censusFailures == nil)
        #expect(report.totals.findings == 1)
        #expect(report.totals.shrunk == 0)
        #expect(report.findings.first?.shrink == .notShrunk(reason: ShrinkState.unfinishedReason))
        #expect(report.findings.first?.occurrences == nil)
        #expect(report.summaryLine == "run killed: 1 finding (0 unexpected, 1 expected)")

        let json = try ReportFixtures.json(of: report)
        #expect(try json.object("status").string("state") == "killed")
        #expect(try json.object("status").boolean("finished") == false)
        #expect(json["census"] == .null)
        #expect(try json.object("totals")["cases"] == .null)
        let entry = try #require(try json.objects("findings").first)
        #expect(entry.boolean("shrunk") == false)
        #expect(entry["shrink"] == .null)
        #expect(entry.string("notShrunkReason") == "the run ended before this finding was shrunk")

        let page = ReportHTML.page(of: report)
        #expect(page.contains("<strong>Run killed.</strong> The run ended without a summary (killed or crashed)"))
        #expect(page.contains("Not known: the census is written in the run's summary, and this run ended without one."))
        #expect(page.contains("<summary>Original case (not shrunk: the run ended before this finding was shrunk)</summary>"))
    }

    @Test func aTruncatedLastLineIsSkippedAndNamed() throws {
        let finding = try #require(try ReportFixtures.hostileFindings().first)
        var bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine(), try ReportFixtures.findingLine(finding, id: 1)])
        let shrunk = try JournalFormat.line(try ReportFixtures.findingLine(finding, id: 1, record: "shrunk"))
        bytes += shrunk.prefix(shrunk.count / 2)
        let report = try ReportFixtures.report(bytes)
        #expect(report.status == RunStatus(state: .truncated, truncatedLine: 3))
        #expect(report.status.explanation.contains("killed while writing line 3, which was skipped"))
        #expect(report.findings.map(\.id) == [1])
        #expect(report.findings.first?.shrink.isShrunk == false)
        let json = try ReportFixtures.json(of: report)
        #expect(try json.object("status") == [
            "state": .string("truncated"), "finished": .boolean(false), "truncatedLine": .integer(3),
            "explanation": .string(report.status.explanation),
        ])
    }

    @Test func anInterruptedRunHasItsSummaryAndSaysSo() throws {
        let findings = try ReportFixtures.hostileFindings()
        var census = ErrorCensus()
        census.add(signature: "decode codable typeMismatch title", kind: .typeMismatch, count: 4,
                   example: MappingFailure(kind: .typeMismatch, path: ValuePath(keys: ReportFixtures.hostileKey), message: "m"))
        census.add(signature: "decode strict valueNotFound count", kind: .valueNotFound, count: 2,
                   example: MappingFailure(kind: .valueNotFound, path: ValuePath(keys: "count"), message: "m"))
        var lines = [ReportFixtures.runLine()]
        for (index, finding) in findings.enumerated() {
            lines.append(try ReportFixtures.findingLine(finding, id: index + 1))
            var shrunk = finding
            shrunk.shrink = ShrinkSummary(choicesBefore: 50, choicesAfter: 1, steps: 7, timedOut: false)
            lines.append(try ReportFixtures.findingLine(shrunk, id: index + 1, record: "shrunk"))
        }
        let occurrences = Dictionary(uniqueKeysWithValues: findings.map { ($0.signature, 3) })
        lines.append(ReportFixtures.summaryLine(cases: 9, interrupted: true, occurrences: occurrences, census: census))
        let report = try ReportFixtures.report(try ReportFixtures.journalBytes(lines))
        #expect(report.status == RunStatus(state: .interrupted))
        #expect(report.status.finished)
        #expect(report.totals.cases == 9)
        #expect(report.totals.elapsedSeconds == 1.5)
        #expect(report.totals.censusFailures == 6)
        #expect(report.totals.shrunk == findings.count)
        #expect(report.findings.allSatisfy { $0.shrink == .shrunk(ShrinkSummary(choicesBefore: 50, choicesAfter: 1, steps: 7, timedOut: false)) })
        #expect(report.findings.allSatisfy { $0.occurrences == 3 })
        #expect(report.census == [
            CensusEntry(signature: "decode codable typeMismatch title", kind: .typeMismatch, count: 4, examplePath: ValuePath(keys: ReportFixtures.hostileKey).description),
            CensusEntry(signature: "decode strict valueNotFound count", kind: .valueNotFound, count: 2, examplePath: "count"),
        ])
        #expect(report.census?.map(\.kindDescription) == ["type mismatch", "nil value"])
        let page = ReportHTML.page(of: report)
        #expect(page.contains("<tr><td class=\"number\">4</td><td>type mismatch</td><td><code>decode codable typeMismatch title</code></td>"))
        #expect(page.contains("<tr><td class=\"number\">2</td><td>nil value</td><td><code>decode strict valueNotFound count</code></td><td><code>count</code></td></tr>"))
        #expect(page.contains("shrunk from 50 to 1 choices in 7 steps)"))
    }

    @Test func aCrashFindingIsNeverShrunkAndKeepsItsOriginalCase() throws {
        let crash = ReportFixtures.crashFinding()
        let bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine(), try ReportFixtures.findingLine(crash, id: 1),
                                                     ReportFixtures.summaryLine(cases: 4, occurrences: [crash.signature: 1])])
        let report = try ReportFixtures.report(bytes)
        let finding = try #require(report.findings.first)
        #expect(finding.kind == .crash)
        #expect(!finding.expected)
        #expect(finding.shrink == .notShrunk(reason: ShrinkState.crashReason))
        #expect(finding.outcomes == [ReportOutcome(mapper: "strict", result: "unexpected", path: "(root)", expected: nil, found: "signal 4",
                                                   message: "the worker died of signal 4 (SIGILL) while decoding <b>&</b>")])
        #expect(finding.testCase.faults == ["wrongType(string→integer) at <script>"])
        #expect(finding.testCase.seed == "7")
        #expect(finding.testCase.caseIndex == 3)
        #expect(finding.testCase.reference == "books/<b>&\"1\"")
        #expect(report.totals.unexpected == 1)
        let entry = try #require(try ReportFixtures.json(of: report).objects("findings").first)
        #expect(entry.string("notShrunkReason") == "a hang, or a crash outside any mapper call, is not shrunk (nor a crash the run ended before shrinking)")
        #expect(entry.string("kind") == "crash")
        let page = ReportHTML.page(of: report)
        #expect(page.contains("<summary>Original case (not shrunk: a hang, or a crash outside any mapper call, is not shrunk (nor a crash the run ended before shrinking))</summary>"))
        #expect(page.contains("<span class=\"verdict-bad\">1 unexpected finding.</span>"))
        #expect(page.contains("<code class=\"path\">(root)</code> crash in the decode check"))
    }

    @Test func anAllowlistedFindingCarriesItsEntrysIdAndReason() throws {
        let findings = try ReportFixtures.hostileFindings()
        let expected = try #require(findings.first { $0.isExpected })
        let bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine(), try ReportFixtures.findingLine(expected, id: 1)])
        let report = try ReportFixtures.report(bytes)
        let finding = try #require(report.findings.first)
        #expect(finding.kind == .silentDefault)
        #expect(finding.expected)
        #expect(finding.explanation == ReportExplanation(id: "hostile-<entry>", reason: ReportFixtures.hostileReason))
        #expect(finding.path == ValuePath(keys: ReportFixtures.hostileKey).description)
        #expect(finding.schemaType == "String")
        #expect(finding.foundKind == "integer")
        #expect(finding.outcomes.map(\.mapper) == ["codable", "lenient"])
        let json = try ReportFixtures.json(of: report)
        #expect(try json.objects("findings").first?.object("explanation") == [
            "id": .string("hostile-<entry>"), "reason": .string(ReportFixtures.hostileReason),
        ])
        #expect(try json.object("totals").object("byKind") == ["silentDefault": .integer(1)])
    }

    @Test func aJournalWithoutARunLineCannotBeReported() throws {
        let finding = try #require(try ReportFixtures.hostileFindings().first)
        let bytes = try ReportFixtures.journalBytes([try ReportFixtures.findingLine(finding, id: 1)])
        #expect(throws: JournalReadError(source: "run/journal.jsonl", line: nil, message: "the journal has no run line, so how the run was made is not known")) {
            try ReportFixtures.report(bytes)
        }
    }

    /// A record whose members only a report reads is an error naming its line.
    @Test(arguments: [
        ("outcomes", FirestoreValue.string("none"), 2, "\"outcomes\" must be an array of objects"),
        ("outcomes", FirestoreValue.array([.map(["mapper": .string("codable")])]), 2, "outcome 1: \"result\" must be a string"),
        ("explanation", FirestoreValue.map(["id": .string("x")]), 2, "explanation: \"reason\" must be a string"),
        ("firestorePath", FirestoreValue.integer(3), 2, "\"firestorePath\" must be a string or null"),
    ])
    func aMalformedFindingIsAnErrorNamingItsLine(key: String, value: FirestoreValue, line: Int, message: String) throws {
        let finding = try #require(try ReportFixtures.hostileFindings().first)
        guard case .map(var record) = try ReportFixtures.findingLine(finding, id: 1) else {
            Issue.record("a finding line is not an object")
            return
        }
        record[key] = value
        let bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine(), .map(record)])
        #expect(throws: JournalReadError(source: "run/journal.jsonl", line: line, message: message)) {
            try ReportFixtures.report(bytes)
        }
    }

    @Test func aMalformedSummaryIsAnErrorNamingItsLine() throws {
        guard case .map(var summary) = ReportFixtures.summaryLine(cases: 1) else {
            Issue.record("a summary line is not an object")
            return
        }
        summary["census"] = .array([.map(["signature": .string("s"), "kind": .string("bogus"), "count": .integer(1), "path": .string("a")])])
        #expect(throws: JournalReadError(source: "run/journal.jsonl", line: 2, message: "summary: census entry 1: unknown failure kind \"bogus\"")) {
            try ReportFixtures.report(try ReportFixtures.journalBytes([ReportFixtures.runLine(), .map(summary)]))
        }
        summary["census"] = .array([])
        summary["stopped"] = .string("exploded")
        #expect(throws: JournalReadError(source: "run/journal.jsonl", line: 2, message: "summary: \"stopped\" must be \"completed\" or \"interrupted\", found \"exploded\"")) {
            try ReportFixtures.report(try ReportFixtures.journalBytes([ReportFixtures.runLine(), .map(summary)]))
        }
    }

    @Test func aBrokenLineInTheMiddleIsTheJournalReadersErrorNamingIt() throws {
        let finding = try #require(try ReportFixtures.hostileFindings().first)
        var bytes = try ReportFixtures.journalBytes([ReportFixtures.runLine()])
        bytes += Array(#"{"journal": 1, "record": "finding", "id": "#.utf8) + [0x0A]
        bytes += try ReportFixtures.journalBytes([try ReportFixtures.findingLine(finding, id: 1)])
        #expect {
            try ReportFixtures.report(bytes, source: "runs/x/journal.jsonl")
        } throws: { error in
            let failure = error as? JournalReadError
            return failure?.line == 2 && failure?.description.hasPrefix("runs/x/journal.jsonl:2: not a JSON line:") == true
        }
    }
}
