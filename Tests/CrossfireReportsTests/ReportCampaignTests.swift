import Crossfire
import CrossfireReports
import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// Reports of real journals: seeded campaigns run in this process.
@Suite(.serialized, .tags(.slow), .skippedWhenQuick) struct ReportCampaignTests {
    @Test func aCompletedRunsReportHoldsTheRunTheTotalsEveryClassTheGridAndTheCensus() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (summary, path, campaign) = try ReportFixtures.campaign(seed: 5, cases: 60, in: directory)
        let report = try ReportFixtures.report(path: path)

        #expect(report.run.seed == 5 && report.run.profile == "scalars" && report.run.mappers == ["codable", "strict", "lenient"])
        #expect(report.run.cases == 60 && report.run.timeLimitSeconds == nil && report.run.line == 1)
        #expect(report.status == RunStatus(state: .completed))
        #expect(report.status.finished)
        #expect(report.totals.cases == 60)
        #expect(report.totals.classes == summary.classes.count)
        #expect(report.totals.unexpected == summary.unexpectedClasses.count)
        #expect(report.totals.expected == summary.classes.count - summary.unexpectedClasses.count)
        #expect(report.totals.byKind == summary.classes.reduce(into: [:]) { $0[$1.key.kind.rawValue, default: 0] += 1 })
        try #require(!summary.classes.isEmpty, "the campaign found no class")
        #expect(report.classes.map(\.id).sorted() == summary.classes.map(\.id).sorted())
        for found in report.classes {
            let original = try #require(summary.classes.first { $0.id == found.id })
            #expect(found.key == original.key)
            #expect(found.explanation?.id == original.explanation?.id)
            #expect(found.explanation?.reason == original.explanation?.reason)
            #expect(found.occurrences == original.occurrences)
            #expect(found.tally == original.tally)
            #expect(found.gridCells == original.tally.cells.keys.sorted())
            #expect(found.reproduce == campaign.reproduceCommand(found.id, key: found.key))
            #expect(found.baseline == nil)
            // The example shown is the one the run chose: shrunk, else the smallest.
            let shown = original.example
            #expect(found.example.path == shown.discrepancy.path.description)
            #expect(found.example.components == shown.discrepancy.path)
            #expect(found.example.outcomes.map(\.mapper) == shown.discrepancy.outcomes.map(\.mapper))
            #expect(found.example.outcomes.map(\.result) == shown.discrepancy.outcomes.map(\.result.token))
            #expect(found.example.stored.record.caseIndex == shown.testCase.caseIndex)
            #expect(found.example.cells == CaseCoverage(schema: shown.testCase.schema).cells(of: shown.discrepancy, faults: shown.testCase.faults))
            switch found.exampleSource {
            case .shrunk(let shrink): #expect(!found.expected && shrink == original.shrunk?.shrink)
            case .smallest: #expect(found.expected)
            case .first: Issue.record("class \(found.id) of a completed run shows its first example")
            }
        }
        #expect(report.summary?.totals == summary.totals, "the journal's summary reads back as the run's totals, whole")
        #expect(report.totals.censusFailures == summary.totals.census.total)
        let classes = summary.classes.count == 1 ? "1 class" : "\(summary.classes.count) classes"
        #expect(report.summaryLine == "run completed: 60 cases, \(classes) "
                + "(\(report.totals.unexpected) unexpected, \(report.totals.expected) expected), "
                + "\(summary.totals.coverage.reached.count) of \(CoverageTally.reachable.count) grid cells")
    }

    @Test func unexpectedClassesComeFirstInTheReportTheJSONAndThePage() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (summary, path, _) = try ReportFixtures.campaign(seed: 3, cases: 40, profile: .default, allowlist: ReportFixtures.silentDefaultsOnly, in: directory)
        let report = try ReportFixtures.report(path: path)
        let unexpected = summary.unexpectedClasses.count
        try #require(unexpected > 0, "the campaign found nothing unexpected")
        try #require(unexpected < summary.classes.count, "the campaign found nothing expected")

        // Unexpected first, each group by id.
        #expect(report.classes.prefix(unexpected).allSatisfy { !$0.expected })
        #expect(report.classes.dropFirst(unexpected).allSatisfy { $0.expected && $0.explanation?.id == "lenient-silent-default" })
        #expect(report.unexpectedClasses.map(\.id) == report.unexpectedClasses.map(\.id).sorted())
        #expect(report.expectedClasses.map(\.id) == report.expectedClasses.map(\.id).sorted())

        let json = try ReportFixtures.json(of: report)
        let classes = try json.objects("classes")
        #expect(classes.map { $0.integer("id") } == report.classes.map(\.id))
        #expect(classes.map { $0.boolean("expected") } == report.classes.map { Optional($0.expected) })
        #expect(try json.object("totals").integer("unexpected") == unexpected)
        let reason = try #require(ReportFixtures.silentDefaultsOnly.entries.first?.reason)
        for entry in classes.dropFirst(unexpected) {
            #expect(entry.string("explanation") == "lenient-silent-default")
        }
        // The reason once, not once per class.
        #expect(try json.object("explanations") == ["lenient-silent-default": .string(reason)])
        for entry in classes.prefix(unexpected) {
            #expect(entry["explanation"] == .null)
        }

        let page = ReportHTML.page(of: report)
        let grid = try #require(page.range(of: "<section id=\"grid\">"))
        let unexpectedSection = try #require(page.range(of: "<section id=\"unexpected\">"))
        let expectedSection = try #require(page.range(of: "<section id=\"expected\">"))
        let blindSpots = try #require(page.range(of: "<section id=\"blind-spots\">"))
        let census = try #require(page.range(of: "<section id=\"census\">"))
        // Unexpected classes first, then the grid.
        #expect(unexpectedSection.upperBound < grid.lowerBound)
        #expect(grid.upperBound < expectedSection.lowerBound)
        #expect(expectedSection.upperBound < blindSpots.lowerBound)
        #expect(blindSpots.upperBound < census.lowerBound)
        for found in report.unexpectedClasses {
            let card = try #require(page.range(of: "<article class=\"card unexpected\" id=\"class-\(found.id)\">"))
            #expect(unexpectedSection.upperBound < card.lowerBound && card.upperBound < grid.lowerBound)
        }
        let first = try #require(report.unexpectedClasses.first)
        let card = try #require(ReportFixtures.element(page, from: "<article class=\"card unexpected\" id=\"class-\(first.id)\">", to: "</article>"))
        #expect(card.contains(HTMLEscape.expected(first.title)))
        #expect(card.contains("<code>\(HTMLEscape.expected(first.cause.canonical))</code>"))
        #expect(card.contains("<code class=\"path\">\(HTMLEscape.expected(first.example.path))</code>"))
        #expect(card.contains("<div class=\"leafdiff\">"))
        #expect(card.contains("<ul class=\"tree\">"))
        #expect(card.contains("<pre class=\"swift\">"))
        #expect(card.contains("<pre class=\"command\">\(HTMLEscape.expected(try #require(first.reproduce)))</pre>"))
        for outcome in first.example.outcomes {
            #expect(card.contains("<h5>\(HTMLEscape.expected(outcome.mapper))</h5>"))
        }
        for found in report.expectedClasses {
            #expect(page.contains("<tr id=\"class-\(found.id)\">"))
        }
    }

    @Test func twoReportsOfOneJournalAreByteIdentical() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, path, _) = try ReportFixtures.campaign(seed: 2, cases: 30, profile: .default, in: directory)
        let first = directory.appendingPathComponent("first")
        let second = directory.appendingPathComponent("second")
        try ReportFiles.write(try ReportFixtures.report(path: path), to: first.path)
        try ReportFiles.write(try ReportFixtures.report(path: path), to: second.path)
        for name in ["report.json", "report.html"] {
            let one = try Data(contentsOf: first.appendingPathComponent(name))
            let two = try Data(contentsOf: second.appendingPathComponent(name))
            #expect(one.count > 1_000)
            #expect(one == two, "\(name) differs between two reports of one journal")
        }
        let text = String(decoding: try Data(contentsOf: first.appendingPathComponent("report.json")), as: UTF8.self)
        let topKeys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topKeys == ["baseline", "census", "classes", "coverage", "explanations", "report", "run", "setupFailures", "status", "totals"])
        #expect(text.contains("\n  \"report\": \(Report.version),\n"))
        #expect(text.contains("\n  \"baseline\": null,\n"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func theJSONCarriesEachClassAsTheJournalHasIt() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, path, _) = try ReportFixtures.campaign(seed: 3, cases: 40, profile: .default, allowlist: ReportFixtures.silentDefaultsOnly, in: directory)
        let journal = try Journal.read(path: path)
        let report = try Report(journal: journal, source: path)
        let json = try ReportFixtures.json(of: report)
        #expect(json.integer("report").map(Int64.init) == Report.version)
        #expect(try json.object("run") == [
            "seed": .string("3"), "profile": .string("default"), "mappers": .array([.string("codable"), .string("strict"), .string("lenient")]),
            "cases": .integer(40), "timeLimitSeconds": .null,
        ])
        #expect(try json.object("status").string("state") == "completed")
        #expect(json["baseline"] == .null)
        for entry in try json.objects("classes") {
            let id = try #require(entry.integer("id"))
            let found = try #require(journal.findingClass(id: id))
            #expect(entry.string("key") == found.key.canonical)
            #expect(entry.string("title") == found.title)
            #expect(entry.string("cause") == found.cause.canonical)
            #expect(entry.integer("line") == found.line)
            #expect(entry.string("reproduce") == found.reproduce)
            #expect(entry["baseline"] == .null)
            let example = try entry.object("example")
            let read = found.example
            let typed: [String: FirestoreValue] = [
                "path": .string(read.path), "firestorePath": read.firestorePath.map(FirestoreValue.string) ?? .null,
                "schemaPath": .string(read.schemaPath), "leafType": read.leafType.map(FirestoreValue.string) ?? .null,
                "wrapper": read.wrapper.map(FirestoreValue.string) ?? .null, "container": .string(read.container),
                "held": read.held.json, "input": read.input?.json ?? .null,
            ]
            for (key, value) in typed { #expect(example[key] == value, "class \(id): example.\(key)") }
            let testCase = try example.object("case")
            let record = read.stored.record
            #expect(testCase["seed"] == (record.seed.map { .string(String($0)) } ?? .null), "class \(id): case.seed")
            #expect(testCase["caseIndex"] == (record.caseIndex.map { .integer(Int64($0)) } ?? .null), "class \(id): case.caseIndex")
            if found.expected {
                // An expected class carries what names its case, not the case.
                #expect(Set(testCase.keys) == ["faults", "seed", "caseIndex", "choices"])
            } else {
                // An unexpected class's example is the journal's shrunk line's, copied as it is.
                let line = try ReportFixtures.journalLine(read.line, of: path)
                #expect(line["record"] == .string("shrunk"))
                guard case .map(let journalExample)? = line["example"], case .map(let journalCase)? = journalExample["case"] else {
                    Issue.record("class \(id): the journal's shrunk line has no example with a case")
                    continue
                }
                for key in ["path", "firestorePath", "schemaPath", "leafType", "wrapper", "container", "held", "input"] {
                    #expect(example[key] == (journalExample[key] ?? .null), "class \(id): example.\(key)")
                }
                for key in ["schema", "document", "model", "reference", "seed", "caseIndex", "choices"] {
                    #expect(testCase[key] == (journalCase[key] ?? .null), "class \(id): case.\(key)")
                }
                #expect(entry.string("exampleSource") == "shrunk")
                let shrink = try entry.object("shrink")
                #expect(shrink.string("stop").flatMap(ShrinkStop.init(rawValue:)) != nil)
            }
        }
        let coverage = try json.object("coverage")
        #expect(coverage.integer("reachable") == CoverageTally.reachable.count)
        #expect(coverage.integer("reached") == report.summary?.totals.coverage.reached.count)
        for entry in try json.objects("census") {
            let kind = try #require(entry.string("kind").flatMap(FailureKind.init(rawValue:)))
            #expect(entry.string("kindDescription") == kind.words)
            #expect(entry.integer("count").map { $0 >= 1 } == true)
        }
    }
}
