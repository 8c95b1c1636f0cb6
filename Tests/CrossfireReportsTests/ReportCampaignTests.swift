import Crossfire
import CrossfireReports
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// Reports of real journals: tiny seeded campaigns run in this process.
@Suite(.serialized) struct ReportCampaignTests {
    @Test func aCompletedRunsReportHoldsTheRunTheTotalsEveryFindingAndTheCensus() throws {
        let directory = try ReportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (summary, path) = try ReportFixtures.campaign(seed: 5, cases: 60, in: directory)
        let journal = try Journal.read(path: path)
        let report = try Report(journal: journal, source: path)

        #expect(report.run == ReportRun(seed: 5, profile: "scalars", mappers: ["codable", "strict", "lenient"], cases: 60, timeLimitSeconds: nil))
        #expect(report.status == RunStatus(state: .completed))
        #expect(report.status.finished)
        #expect(report.totals.cases == 60)
        #expect(report.totals.findings == summary.findings.count)
        #expect(report.totals.unexpected == summary.unexpectedFindings.count)
        #expect(report.totals.expected == summary.findings.count - summary.unexpectedFindings.count)
        #expect(report.totals.shrunk == summary.findings.count)
        #expect(report.findings.map(\.signature).sorted() == summary.findings.map(\.signature).sorted())
        for finding in report.findings {
            let original = try #require(summary.findings.first { $0.signature == finding.signature })
            #expect(finding.path == original.discrepancy.path.description)
            #expect(finding.firestorePath == original.discrepancy.path.firestoreFieldPath)
            #expect(finding.outcomes.map(\.mapper) == original.discrepancy.outcomes.map(\.mapper))
            #expect(finding.outcomes.map(\.result) == original.discrepancy.outcomes.map(\.label))
            #expect(finding.explanation?.id == original.explanation?.id)
            #expect(finding.explanation?.reason == original.explanation?.reason)
            #expect(finding.shrink == .shrunk(try #require(original.shrink)))
            #expect(finding.occurrences == summary.occurrences[finding.signature])
            #expect(finding.reproduce == "crossfire replay \(path) --finding \(finding.id)")
        }
        let census = try #require(report.census)
        #expect(census.map(\.signature) == summary.census.sortedEntries.map(\.signature))
        #expect(census.map(\.count) == summary.census.sortedEntries.map(\.count))
        #expect(census.map(\.kind) == summary.census.sortedEntries.map(\.kind))
        #expect(census.map(\.examplePath) == summary.census.sortedEntries.map(\.example.path.description))
        #expect(report.totals.censusFailures == summary.census.entries.values.reduce(0) { $0 + $1.count })
        #expect(report.summaryLine == "run completed: 60 cases, \(summary.findings.count) findings (\(report.totals.unexpected) unexpected, \(report.totals.expected) expected), \(census.count) error signatures")
    }

    @Test func unexpectedFindingsComeFirstInTheReportTheJSONAndThePage() throws {
        let directory = try ReportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (summary, path) = try ReportFixtures.campaign(seed: 3, cases: 40, profile: .default, allowlist: ReportFixtures.silentDefaultsOnly, in: directory)
        let report = try Report(journal: try Journal.read(path: path), source: path)
        let unexpected = summary.findings.filter { !$0.isExpected }.count
        try #require(unexpected > 0, "the campaign found nothing unexpected")
        try #require(unexpected < summary.findings.count, "the campaign found nothing expected")

        // Unexpected first, each group by id.
        #expect(report.findings.prefix(unexpected).allSatisfy { !$0.expected })
        #expect(report.findings.dropFirst(unexpected).allSatisfy { $0.expected && $0.explanation?.id == "lenient-silent-default" })
        #expect(report.unexpectedFindings.map(\.id) == report.unexpectedFindings.map(\.id).sorted())
        #expect(report.expectedFindings.map(\.id) == report.expectedFindings.map(\.id).sorted())

        let json = try ReportFixtures.json(of: report)
        let findings = try json.objects("findings")
        #expect(findings.map { $0.integer("id") } == report.findings.map(\.id))
        #expect(findings.map { $0.boolean("expected") } == report.findings.map { Optional($0.expected) })
        #expect(try json.object("totals").integer("unexpected") == unexpected)
        let reason = try #require(ReportFixtures.silentDefaultsOnly.entries.first?.reason)
        for finding in findings.dropFirst(unexpected) {
            #expect(try finding.object("explanation") == ["id": .string("lenient-silent-default"), "reason": .string(reason)])
        }
        for finding in findings.prefix(unexpected) {
            #expect(finding["explanation"] == .null)
        }

        let page = ReportHTML.page(of: report)
        let unexpectedSection = try #require(page.range(of: "<section id=\"unexpected\">"))
        let expectedSection = try #require(page.range(of: "<section id=\"expected\">"))
        let census = try #require(page.range(of: "<section id=\"census\">"))
        #expect(unexpectedSection.upperBound < expectedSection.lowerBound)
        #expect(expectedSection.upperBound < census.lowerBound)
        let firstUnexpected = try #require(report.unexpectedFindings.first)
        let article = try #require(page.range(of: "<article class=\"finding unexpected\" id=\"finding-\(firstUnexpected.id)\">"))
        #expect(unexpectedSection.upperBound < article.lowerBound && article.upperBound < expectedSection.lowerBound)
        // Its coding path stands in the heading; its case is unfolded.
        let articleText = String(page[article.lowerBound...].prefix { _ in true }.split(separator: "</article>", maxSplits: 1)[0])
        #expect(articleText.contains("<code class=\"path\">\(HTMLEscape.expected(firstUnexpected.path))</code>"))
        #expect(articleText.contains("<details open><summary>Minimized case (shrunk from "))
        #expect(articleText.contains("<h4>Document (REST JSON)</h4>"))
        #expect(articleText.contains("<h4>Schema</h4>"))
        for outcome in firstUnexpected.outcomes {
            #expect(articleText.contains("<h4>\(HTMLEscape.expected(outcome.mapper))</h4>"))
        }
    }

    @Test func twoReportsOfOneJournalAreByteIdentical() throws {
        let directory = try ReportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, path) = try ReportFixtures.campaign(seed: 2, cases: 30, profile: .default, in: directory)
        let first = directory.appendingPathComponent("first")
        let second = directory.appendingPathComponent("second")
        try ReportFiles.write(try Report(journal: try Journal.read(path: path), source: path), to: first.path)
        try ReportFiles.write(try Report(journal: try Journal.read(path: path), source: path), to: second.path)
        for name in ["report.json", "report.html"] {
            let one = try Data(contentsOf: first.appendingPathComponent(name))
            let two = try Data(contentsOf: second.appendingPathComponent(name))
            #expect(one.count > 1_000)
            #expect(one == two, "\(name) differs between two reports of one journal")
        }
        // Keys sorted, version first among the top level's keys in sorted order.
        let text = String(decoding: try Data(contentsOf: first.appendingPathComponent("report.json")), as: UTF8.self)
        let topKeys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topKeys == ["census", "findings", "report", "run", "setupFailures", "status", "totals"])
        #expect(text.contains("\n  \"report\": 1,\n"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func theJSONCarriesEveryFieldOfAFinding() throws {
        let directory = try ReportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, path) = try ReportFixtures.campaign(seed: 5, cases: 60, in: directory)
        let journal = try Journal.read(path: path)
        let report = try Report(journal: journal, source: path)
        let json = try ReportFixtures.json(of: report)
        #expect(json.integer("report") == 1)
        #expect(try json.object("run") == [
            "seed": .string("5"), "profile": .string("scalars"), "mappers": .array([.string("codable"), .string("strict"), .string("lenient")]),
            "cases": .integer(60), "timeLimitSeconds": .null,
        ])
        let status = try json.object("status")
        #expect(status.string("state") == "completed")
        #expect(status.boolean("finished") == true)
        #expect(status["truncatedLine"] == .null)
        for (entry, finding) in zip(try json.objects("findings"), report.findings) {
            let record = try #require(journal.finding(id: finding.id))
            // Everything the journal's record says, under the same names.
            for key in ["kind", "check", "signature", "path", "firestorePath", "schemaPath", "schemaType", "foundKind", "reproduce", "before", "after", "explanation"] {
                #expect(entry[key] == (record.fields[key] ?? .null), "finding \(finding.id): \(key)")
            }
            #expect(entry["outcomes"] == record.fields["outcomes"].map(Self.withNulls))
            let testCase = try entry.object("case")
            let recordCase = try #require(record.fields["case"].flatMap { value -> FirestoreMap? in if case .map(let map) = value { return map } else { return nil } })
            for key in ["schema", "document", "model", "reference", "faults", "seed", "caseIndex", "choices"] {
                #expect(testCase[key] == (recordCase[key] ?? .null), "finding \(finding.id): case.\(key)")
            }
            #expect(entry.boolean("shrunk") == true)
            #expect(try entry.object("shrink") == record.fields["shrink"].flatMap { value -> FirestoreMap? in if case .map(let map) = value { return map } else { return nil } })
            #expect(entry["notShrunkReason"] == .null)
            #expect(entry.integer("line") == record.line)
        }
        let census = try json.objects("census")
        #expect(!census.isEmpty)
        for entry in census {
            let kind = try #require(entry.string("kind").flatMap(FailureKind.init(rawValue:)))
            #expect(entry.string("kindDescription") == CensusEntry.describe(kind))
            #expect(entry.integer("count").map { $0 >= 1 } == true)
            #expect(entry.string("examplePath") != nil)
        }
    }

    /// An outcome as the report writes it: every member present, null where the journal has none.
    private static func withNulls(_ outcomes: FirestoreValue) -> FirestoreValue {
        guard case .array(let elements) = outcomes else { return outcomes }
        return .array(elements.map { element in
            guard case .map(var map) = element else { return element }
            for key in ["path", "expected", "found", "message", "value"] where map[key] == nil { map[key] = .null }
            return .map(map)
        })
    }
}

/// The HTML escaping the tests expect, written out independently of the module's.
enum HTMLEscape {
    static func expected(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
