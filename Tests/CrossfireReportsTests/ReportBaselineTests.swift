import Crossfire
import CrossfireReports
import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// `--baseline OLD_REPORT.json`: a report's classes against an earlier report's, by key.
struct ReportBaselineTests {
    /// A report of the hostile case's classes; `crash` adds the crash class.
    private func report(crash: Bool) throws -> Report {
        var lines = [ReportFixtures.runLine()]
        var findings = try ReportFixtures.hostileFindings()
        if crash { findings.append(ReportFixtures.crashFinding()) }
        var seen: Set<FindingClassKey> = []
        for finding in findings where seen.insert(finding.key).inserted {
            lines.append(try ReportFixtures.classLine(finding, id: seen.count))
        }
        lines.append(try ReportFixtures.summaryLine(cases: 1))
        return try ReportFixtures.report(try ReportFixtures.journalBytes(lines))
    }

    /// A key no run has: the old report's class that is gone.
    private let goneKey = "encode/encodeDisagreement/structField/integer/integer/codable=integer,strict=double"

    /// The old report: this report without the crash class, plus a class that is gone.
    private func oldReportJSON() throws -> [UInt8] {
        guard case .map(var json) = ReportJSON.value(of: try report(crash: false)), case .array(var classes)? = json["classes"] else { return [] }
        classes.append(.map(["id": .integer(99), "key": .string(goneKey)]))
        json["classes"] = .array(classes)
        return try PlainJSONWriter(options: ReportJSON.options).write(.map(json))
    }

    @Test func classesAreNewGoneOrUnchangedByKey() throws {
        let old = try BaselineReport(bytes: try oldReportJSON(), source: "old/report.json")
        let before = try report(crash: false)
        #expect(old.keys == before.classes.map(\.key) + [try FindingClassKey(canonical: goneKey)])
        let report = try self.report(crash: true).compared(with: old)
        let crash = try #require(report.classes.first { $0.key.kind == .crash })
        let baseline = try #require(report.baseline)
        #expect(baseline.source == "old/report.json")
        #expect(baseline.new == [crash.key])
        #expect(baseline.gone == [try FindingClassKey(canonical: goneKey)])
        #expect(Set(baseline.unchanged) == Set(before.classes.map(\.key)))
        #expect(crash.baseline == .new)
        #expect(report.classes.filter { $0.key.kind != .crash }.allSatisfy { $0.baseline == .unchanged })
        #expect(report.summaryLine.hasSuffix("; against old/report.json: 1 new, 1 gone, \(before.classes.count) unchanged"))

        let json = try ReportFixtures.json(of: report)
        #expect(try json.object("baseline") == [
            "report": .string("old/report.json"), "new": .array([.string(crash.key.canonical)]),
            "gone": .array([.map(["key": .string(goneKey), "title": .string(try FindingClassKey(canonical: goneKey).description)])]),
            "unchanged": .integer(Int64(before.classes.count)), "collapsed": .array([]),
        ])
        let entries = try json.objects("classes")
        #expect(entries.first { $0.string("kind") == "crash" }?.string("baseline") == "new")
        #expect(entries.filter { $0.string("kind") != "crash" }.allSatisfy { $0.string("baseline") == "unchanged" })

        let page = ReportHTML.page(of: report)
        let section = try #require(ReportFixtures.element(page, from: "<section id=\"baseline\">", to: "</section>"))
        #expect(section.contains("Compared with <code>old/report.json</code> by class key: <strong>1 new</strong>, <strong>1 gone</strong>, \(before.classes.count) unchanged."))
        #expect(section.contains("<li><a href=\"#class-\(crash.id)\">#\(crash.id)</a> <span class=\"bad\">unexpected</span> \(HTMLEscape.expected(crash.title))</li>"))
        #expect(section.contains("<code>\(HTMLEscape.expected(goneKey))</code>"))
        #expect(section.contains("<details class=\"list\" open><summary><h3>New (1)</h3></summary>"))
        #expect(section.contains("<details class=\"list\" open><summary><h3>Gone (1)</h3></summary>"))
        #expect(page.contains("<h3><span class=\"id\">#\(crash.id)</span> <span class=\"new\">new</span> "))
        #expect(page.contains("</a><a href=\"#baseline\">Baseline</a><a href=\"#grid\">Grid</a>"))
        // Against itself, nothing is new or gone.
        let same = try self.report(crash: true)
        let itself = same.compared(with: try BaselineReport(bytes: try ReportJSON.bytes(of: same), source: "same.json"))
        #expect(itself.baseline?.new == [])
        #expect(itself.baseline?.gone == [])
        #expect(itself.baseline?.unchanged == same.classes.map(\.key))
    }

    @Test func anExpectedClassWhoseCountCollapsedIsListed() throws {
        var report = try self.report(crash: false)
        let index = try #require(report.classes.firstIndex { $0.expected }, "the hostile case has an expected class")
        report.classes[index].occurrences = 10
        let expected = report.classes[index]
        let cases = try #require(report.totals.cases)
        // The baseline's rate, 400 in ten times the cases, predicts 40: 10 is a quarter of it.
        let old = BaselineReport(source: "old.json", keys: [expected.key], occurrences: [expected.key: 400], cases: cases * 10)
        let collapsed = report.compared(with: old)
        let entry = try #require(collapsed.baseline?.collapsed.first)
        #expect(collapsed.baseline?.collapsed.count == 1)
        #expect(entry.key == expected.key && entry.before == 400 && entry.now == 10 && entry.predicted == 40)
        #expect(collapsed.summaryLine.hasSuffix("; against old.json: \(report.classes.count - 1) new, 0 gone, 1 unchanged, 1 expected collapsed"))
        let json = try ReportFixtures.json(of: collapsed)
        #expect(try json.object("baseline")["collapsed"] == .array([.map([
            "key": .string(expected.key.canonical), "title": .string(expected.key.description), "before": .integer(400),
            "beforeCases": .integer(Int64(cases * 10)), "now": .integer(10), "nowCases": .integer(Int64(cases)),
        ])]))
        let section = try #require(ReportFixtures.element(ReportHTML.page(of: collapsed), from: "<section id=\"baseline\">", to: "</section>"))
        #expect(section.contains("<h3>Expected, collapsed (1)</h3>"))
        #expect(section.contains(HTMLEscape.expected("10 (baseline 400 in \(cases * 10) cases, 40.0 expected in \(cases))")))

        // Near misses: a count above a quarter of the prediction; a prediction under 8 (chance);
        // an unexpected class, which never collapses (it is gone).
        let above = report.compared(with: BaselineReport(source: "old.json", keys: [expected.key], occurrences: [expected.key: 390], cases: cases * 10))
        #expect(above.baseline?.collapsed == [])
        report.classes[index].occurrences = 0
        let few = report.compared(with: BaselineReport(source: "old.json", keys: [expected.key], occurrences: [expected.key: 79], cases: cases * 10))
        #expect(few.baseline?.collapsed == [])
        let gone = try FindingClassKey(canonical: goneKey)
        let unexpected = report.compared(with: BaselineReport(source: "old.json", keys: [gone], occurrences: [gone: 1_000], cases: cases))
        #expect(unexpected.baseline?.collapsed == [])
        #expect(unexpected.baseline?.gone == [gone])
    }

    @Test func aBaselineKeepsItsCountsAndCases() throws {
        let report = try self.report(crash: true)
        let old = try BaselineReport(bytes: try ReportJSON.bytes(of: report), source: "old.json")
        #expect(old.cases == report.totals.cases)
        for found in report.classes { #expect(old.occurrences[found.key] == found.occurrences) }
        #expect(report.compared(with: old).baseline?.collapsed == [], "against itself nothing collapsed")
    }

    @Test func aLongGoneListIsFolded() throws {
        let keys = try (1...11).map { try FindingClassKey(canonical: "encode/encodeDisagreement/structField/integer/integer/codable=integer,m\($0)=double") }
        let page = ReportHTML.page(of: try report(crash: false).compared(with: BaselineReport(source: "old.json", keys: keys)))
        #expect(page.contains("<details class=\"list\"><summary><h3>Gone (11)</h3></summary>"))
        #expect(page.contains("<details class=\"list\" open><summary><h3>New ("))
    }

    @Test(arguments: [
        ("not json", "old.json: not JSON: "),
        ("[1, 2]", "old.json: (top level): expected an object, found an array"),
        ("{\"classes\": []}", "old.json: (top level): missing key \"report\""),
        ("{\"report\": 1, \"findings\": []}", "old.json: report: report format version 1; --baseline reads versions 2 to 3, the report.json this Crossfire writes and the ones before it"),
        ("{\"report\": 2}", "old.json: (top level): missing key \"classes\""),
        ("{\"report\": 2, \"classes\": [{\"key\": 3}]}", "old.json: classes[0].key: expected a string, found the integer 3"),
        ("{\"report\": 2, \"classes\": [7]}", "old.json: classes[0]: expected an object, found the integer 7"),
        ("{\"report\": 2, \"classes\": [], \"totals\": {\"cases\": 1.5}}", "old.json: totals.cases: expected an integer, found the number 1.5"),
        ("{\"report\": \"2\"}", "old.json: report: expected an integer, found the string \"2\""),
        ("{\"report\": 2, \"classes\": [{\"key\": \"decode/nothing/structField/integer/double/codable=value\"}]}",
         "old.json: classes[0].key: not a finding class key (unknown finding kind \"nothing\"): decode/nothing/structField/integer/double/codable=value"),
    ])
    func aBadBaselineIsAnErrorNamingTheFileAndWhatIsWrong(text: String, message: String) {
        do {
            _ = try BaselineReport(bytes: Array(text.utf8), source: "old.json")
            Issue.record("\(text) was read as a baseline")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func aMissingFileOrAFolderIsNamed() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.json").path
        #expect(throws: BaselineReadError(source: missing, location: nil, message: "no such file")) { try BaselineReport.read(path: missing) }
        #expect(throws: BaselineReadError(source: directory.path, location: nil, message: "a folder, not a report.json (give its report.json)")) {
            try BaselineReport.read(path: directory.path)
        }
    }
}
