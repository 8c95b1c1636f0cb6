import Crossfire
import CrossfireReports
import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// A report is built from its journal alone: an expected class shows the example the journal
/// holds, even when no process could find the class again.
struct ReportFromJournalTests {
    /// The SDK's allowlist with a planted entry before it that explains every silent default:
    /// a class no report process, with the SDK's allowlist, would find again.
    private static let plantedAllowlist = Allowlist(entries: [
        AllowlistEntry(id: "planted-silent-default", reason: "planted for this test", excuses: .everyMapper) { discrepancy, _ in discrepancy.kind == .silentDefault },
    ] + Allowlist.sdkBehaviour.entries)

    @Test func anExpectedClassThatWouldNoLongerReproduceIsReportedWithItsJournalledExample() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (summary, path, _) = try ReportFixtures.campaign(seed: 2, cases: 40, allowlist: Self.plantedAllowlist, in: directory)
        let planted = summary.classes.filter { $0.explanation?.id == "planted-silent-default" }
        try #require(!planted.isEmpty, "the campaign found no silent default")
        // The case of each planted class, run again with the SDK's allowlist, no longer shows it.
        let runner = try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "scalars")
        for found in planted {
            #expect(!runner.run(found.first.testCase).findings.contains { $0.key == found.key }, "class \(found.id) still shows")
        }

        let report = try ReportFixtures.report(path: path)
        #expect(report.status.damagedLines.isEmpty)
        #expect(report.classes.count == summary.classes.count)
        for found in planted {
            let shown = try #require(report.classes.first { $0.id == found.id })
            #expect(shown.cause == found.cause)
            #expect(shown.explanation == ReportExplanation(id: "planted-silent-default", reason: "planted for this test"))
            #expect(shown.example.path == found.example.discrepancy.path.description)
            #expect(shown.example.stored.record.schema == found.example.testCase.schema)
            #expect(shown.example.outcomes.map(\.mapper) == found.example.discrepancy.outcomes.map(\.mapper))
        }
        let page = ReportHTML.page(of: report)
        #expect(page.contains("planted-silent-default"))
    }

    @Test func aJournalWhoseRunLineNamesNoKnownProfileOrMapperIsReported() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (summary, path, _) = try ReportFixtures.campaign(seed: 2, cases: 40, in: directory)
        try #require(!summary.classes.isEmpty, "the campaign found no class")
        // The run line as another Crossfire wrote it: a profile and a mapper this one lacks.
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        guard case .map(var run) = try ReportFixtures.value(JSONText(raw: Array(lines[0].utf8))) else {
            Issue.record("the run line is not an object")
            return
        }
        run["profile"] = .string("no-such-profile")
        run["mappers"] = .array([.string("codable"), .string("planted-gone")])
        lines[0] = String(decoding: try PlainJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact)).write(.map(run)), as: UTF8.self)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))

        let report = try ReportFixtures.report(path: path)
        #expect(report.run.profile == "no-such-profile")
        #expect(report.run.mappers == ["codable", "planted-gone"])
        #expect(report.status.damagedLines.isEmpty)
        #expect(report.classes.map(\.id).sorted() == summary.classes.map(\.id).sorted())
        for found in report.classes {
            let original = try #require(summary.classes.first { $0.id == found.id })
            #expect(found.example.path == original.example.discrepancy.path.description)
        }
    }
}
