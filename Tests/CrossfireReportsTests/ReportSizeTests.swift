import Crossfire
import CrossfireReports
import CrossfireTestSupport
import Foundation
import Testing

/// The reports grow with classes, not cases: a clean default run of 2,000 cases gives a
/// `report.json` of at most 2 MB and a `report.html` of at most 1 MB.
struct ReportSizeTests {
    @Test func aCleanTwoThousandCaseRunFitsTheBounds() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = CampaignOptions(seed: 1, cases: 2_000, outputDirectory: directory.path)
        let summary = try Campaign(options: options).run()
        try #require(summary.unexpectedClasses.isEmpty, "the default run found unexpected classes: \(summary.unexpectedClasses.map(\.key.canonical))")
        let written = try ReportFiles.write(try ReportFixtures.report(path: summary.journalPath), to: directory.path)
        let json = try #require(try FileManager.default.attributesOfItem(atPath: written.json)[.size] as? Int)
        let html = try #require(try FileManager.default.attributesOfItem(atPath: written.html)[.size] as? Int)
        #expect(json <= 2_000_000, "report.json is \(json) bytes for \(summary.classes.count) classes")
        #expect(html <= 1_000_000, "report.html is \(html) bytes for \(summary.classes.count) classes")
    }
}
