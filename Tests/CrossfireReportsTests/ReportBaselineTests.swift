import Crossfire
import CrossfireReports
import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// `--baseline OLD_REPORT.json`: a report's classes against an earlier report's, by cause.
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

    /// A cause no run has: the old report's class that is gone.
    private let goneCause = "codable:write/integer/integer/integer/double"

    /// A report's JSON with each class changed by `edit`, and `extra` classes added.
    private func reportJSON(_ report: Report, extra: [FirestoreValue] = [],
                            edit: (inout FirestoreMap) -> Void = { _ in }) throws -> [UInt8] {
        guard case .map(var json) = ReportJSON.value(of: report), case .array(let classes)? = json["classes"] else { return [] }
        json["classes"] = .array(classes.map { element in
            guard case .map(var entry) = element else { return element }
            edit(&entry)
            return .map(entry)
        } + extra)
        return try PlainJSONWriter(options: ReportJSON.options).write(.map(json))
    }

    /// The old report: this report without the crash class, plus a class that is gone.
    private func oldReportJSON() throws -> [UInt8] {
        try reportJSON(try report(crash: false), extra: [.map(["id": .integer(99), "cause": .string(goneCause), "expected": .boolean(false)])])
    }

    @Test func classesAreNewGoneOrUnchangedByCause() throws {
        let old = try BaselineReport(bytes: try oldReportJSON(), source: "old/report.json")
        let before = try report(crash: false)
        let gone = BaselineClass(cause: try CauseKey(canonical: goneCause), expected: false, occurrences: nil)
        #expect(old.classes.map(\.cause) == before.classes.map(\.cause) + [gone.cause])
        let report = try self.report(crash: true).compared(with: old)
        let crash = try #require(report.classes.first { $0.key.kind == .crash })
        let baseline = try #require(report.baseline)
        #expect(baseline.source == "old/report.json")
        #expect(baseline.new == [crash.cause])
        #expect(baseline.gone == [gone])
        #expect(Set(baseline.unchanged) == Set(before.classes.map(\.cause)))
        #expect(crash.baseline == .new)
        #expect(report.classes.filter { $0.key.kind != .crash }.allSatisfy { $0.baseline == .unchanged })
        #expect(report.summaryLine.hasSuffix("; against old/report.json: 1 new, 1 gone, \(before.classes.count) unchanged"))

        let json = try ReportFixtures.json(of: report)
        #expect(try json.object("baseline") == [
            "report": .string("old/report.json"), "new": .array([.string(crash.cause.canonical)]),
            "gone": .array([.map(["cause": .string(goneCause), "title": .string(gone.cause.description), "expected": .boolean(false)])]),
            "unchanged": .integer(Int64(before.classes.count)), "collapsed": .array([]),
        ])
        let entries = try json.objects("classes")
        #expect(entries.first { $0.string("kind") == "crash" }?.string("baseline") == "new")
        #expect(entries.filter { $0.string("kind") != "crash" }.allSatisfy { $0.string("baseline") == "unchanged" })

        let page = ReportHTML.page(of: report)
        let section = try #require(ReportFixtures.element(page, from: "<section id=\"baseline\">", to: "</section>"))
        #expect(section.contains("Compared with <code>old/report.json</code> by cause: <strong>1 new</strong>, <strong>1 gone</strong>, \(before.classes.count) unchanged."))
        #expect(section.contains("<li><a href=\"#class-\(crash.id)\">#\(crash.id)</a> <span class=\"bad\">unexpected</span> \(HTMLEscape.expected(crash.title))</li>"))
        #expect(section.contains("<span class=\"bad\">unexpected</span> \(HTMLEscape.expected(gone.cause.description))<br><code>\(HTMLEscape.expected(goneCause))</code>"))
        #expect(section.contains("<details class=\"list\" open><summary><h3>New (1)</h3></summary>"))
        #expect(section.contains("<details class=\"list\" open><summary><h3>Gone (1)</h3></summary>"))
        #expect(page.contains("<h3><span class=\"id\">#\(crash.id)</span> <span class=\"new\">new</span> "))
        #expect(page.contains("</a><a href=\"#baseline\">Baseline</a><a href=\"#grid\">Grid</a>"))
        // Against itself, nothing is new or gone.
        let same = try self.report(crash: true)
        let itself = same.compared(with: try BaselineReport(bytes: try ReportJSON.bytes(of: same), source: "same.json"))
        #expect(itself.baseline?.new == [])
        #expect(itself.baseline?.gone == [])
        #expect(itself.baseline?.unchanged == same.classes.map(\.cause))
    }

    @Test func aClassOfTheSameCauseWhoseFirstSymptomDiffersIsUnchanged() throws {
        let now = try report(crash: true)
        // The baseline's run first met each cause as another symptom: another check and result.
        let otherSymptom = "roundTrip/roundTripLoss/topLevel/string/string/codable=value,strict=typeMismatch"
        let old = try BaselineReport(bytes: try reportJSON(now) { $0["key"] = .string(otherSymptom) }, source: "old.json")
        let compared = now.compared(with: old)
        #expect(now.classes.allSatisfy { $0.key.canonical != otherSymptom })
        #expect(compared.baseline?.new == [])
        #expect(compared.baseline?.gone == [])
        #expect(compared.baseline?.unchanged == now.classes.map(\.cause))
        #expect(compared.classes.allSatisfy { $0.baseline == .unchanged })
        // And a class of another cause with the same first symptom is new, and the old one gone.
        let renamed = try reportJSON(now) { entry in
            if case .string(let cause)? = entry["cause"] { entry["cause"] = .string("older-" + cause) }
        }
        let moved = now.compared(with: try BaselineReport(bytes: renamed, source: "old.json"))
        #expect(moved.baseline?.unchanged == [])
        #expect(moved.baseline?.new == now.classes.map(\.cause))
        #expect(moved.baseline?.gone.count == now.classes.count)
    }

    @Test func anExpectedClassWhoseCountCollapsedIsListed() throws {
        var report = try self.report(crash: false)
        let index = try #require(report.classes.firstIndex { $0.expected }, "the hostile case has an expected class")
        report.classes[index].occurrences = 10
        let expected = report.classes[index]
        let cases = try #require(report.totals.cases)
        // The baseline's rate, 400 in ten times the cases, predicts 40: 10 is a quarter of it.
        func baseline(_ occurrences: Int, expected: Bool = true, cause: CauseKey = expected.cause, cases: Int) -> BaselineReport {
            BaselineReport(source: "old.json", classes: [BaselineClass(cause: cause, expected: expected, occurrences: occurrences)], cases: cases)
        }
        let collapsed = report.compared(with: baseline(400, cases: cases * 10))
        let entry = try #require(collapsed.baseline?.collapsed.first)
        #expect(collapsed.baseline?.collapsed.count == 1)
        #expect(entry.cause == expected.cause && entry.before == 400 && entry.now == 10 && entry.predicted == 40)
        #expect(collapsed.summaryLine.hasSuffix("; against old.json: \(report.classes.count - 1) new, 0 gone, 1 unchanged, 1 expected collapsed"))
        let json = try ReportFixtures.json(of: collapsed)
        #expect(try json.object("baseline")["collapsed"] == .array([.map([
            "cause": .string(expected.cause.canonical), "title": .string(expected.cause.description), "before": .integer(400),
            "beforeCases": .integer(Int64(cases * 10)), "now": .integer(10), "nowCases": .integer(Int64(cases)),
        ])]))
        let section = try #require(ReportFixtures.element(ReportHTML.page(of: collapsed), from: "<section id=\"baseline\">", to: "</section>"))
        #expect(section.contains("<h3>Expected, collapsed (1)</h3>"))
        #expect(section.contains(HTMLEscape.expected("10 (baseline 400 in \(cases * 10) cases, 40.0 expected in \(cases))")))

        // Near misses: a count above a quarter of the prediction; a prediction under 8 (chance);
        // an unexpected class, which never collapses (it is gone).
        #expect(report.compared(with: baseline(390, cases: cases * 10)).baseline?.collapsed == [])
        report.classes[index].occurrences = 0
        #expect(report.compared(with: baseline(79, cases: cases * 10)).baseline?.collapsed == [])
        let gone = try CauseKey(canonical: goneCause)
        let unexpected = report.compared(with: baseline(1_000, expected: false, cause: gone, cases: cases))
        #expect(unexpected.baseline?.collapsed == [])
        #expect(unexpected.baseline?.gone.map(\.cause) == [gone])
    }

    @Test func aBaselineKeepsItsCountsAndCases() throws {
        let report = try self.report(crash: true)
        let old = try BaselineReport(bytes: try ReportJSON.bytes(of: report), source: "old.json")
        #expect(old.cases == report.totals.cases)
        #expect(old.classes == report.classes.map { BaselineClass(cause: $0.cause, expected: $0.expected, occurrences: $0.occurrences) })
        #expect(report.compared(with: old).baseline?.collapsed == [], "against itself nothing collapsed")
    }

    @Test func aLongGoneListIsFolded() throws {
        let classes = try (1...11).map { BaselineClass(cause: try CauseKey(canonical: "m\($0):write/integer/integer/integer/double"), expected: false, occurrences: 1) }
        let page = ReportHTML.page(of: try report(crash: false).compared(with: BaselineReport(source: "old.json", classes: classes)))
        #expect(page.contains("<details class=\"list\"><summary><h3>Gone (11)</h3></summary>"))
        #expect(page.contains("<details class=\"list\" open><summary><h3>New ("))
    }

    @Test(arguments: [
        ("not json", "old.json: not JSON: "),
        ("[1, 2]", "old.json: (top level): expected an object, found an array"),
        ("{\"classes\": []}", "old.json: (top level): missing key \"report\""),
        ("{\"report\": 2, \"classes\": []}", "old.json: report: report format version 2; --baseline reads versions 3 to 4, the report.json this Crossfire writes and the ones before it"),
        ("{\"report\": 4}", "old.json: (top level): missing key \"classes\""),
        ("{\"report\": 4, \"classes\": [{\"cause\": 3}]}", "old.json: classes[0].cause: expected a string, found the integer 3"),
        ("{\"report\": 3, \"classes\": [{\"key\": \"decode/silentDefault/structField/integer/double/codable=value\", \"cause\": null}]}",
         "old.json: classes[0].cause: no cause: a report written before finding classes were causes; run the baseline's campaign again with this Crossfire"),
        ("{\"report\": 4, \"classes\": [7]}", "old.json: classes[0]: expected an object, found the integer 7"),
        ("{\"report\": 4, \"classes\": [{\"cause\": \"codable:documented/x\"}]}", "old.json: classes[0]: missing key \"expected\""),
        ("{\"report\": 4, \"classes\": [], \"totals\": {\"cases\": 1.5}}", "old.json: totals.cases: expected an integer, found the number 1.5"),
        ("{\"report\": \"4\"}", "old.json: report: expected an integer, found the string \"4\""),
        ("{\"report\": 4, \"classes\": [{\"cause\": \"codable:nothing\", \"expected\": true}]}",
         "old.json: classes[0].cause: not a cause (unknown rule \"nothing\"): codable:nothing"),
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
