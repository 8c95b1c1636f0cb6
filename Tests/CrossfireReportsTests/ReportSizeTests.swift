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

/// A report of a long run reads in one screen and stays within 2 MB of HTML at any size: the
/// unexpected classes first (the first `ReportHTML.cardLimit` as cards, the rest as rows), the
/// expected ones a table row each under a folded allowlist entry, the census folded by check and
/// kind with its rarest situations counted; a long generated path is elided in the page, whole
/// in its title and in `report.json`, which names each allowlist entry's reason once.
struct LargeReportTests {
    /// A coding path as long as the generator makes them: a key of 1,500 characters, then two more.
    static let longPath = String(repeating: "k", count: 1_500) + "[4].`9007199254740992`"

    /// A journal of `unexpected` unexpected and `expected` expected classes (the hostile case's
    /// findings, under the hostile allowlist) and a census of `situations` situations seen by
    /// three mappers, the first of them at `longPath`.
    static func report(unexpected: Int, expected: Int, situations: Int) throws -> Report {
        let silentDefault = try ReportFixtures.hostileFinding(.silentDefault)
        let roundTrip = try ReportFixtures.hostileFinding(.roundTripLoss)
        var lines = [ReportFixtures.runLine(cases: 160_000)]
        for id in 1...(unexpected + expected) {
            lines.append(try ReportFixtures.classLine(id <= unexpected ? roundTrip : silentDefault, id: id))
        }
        var census = ErrorCensus()
        for index in 0..<situations {
            for mapper in ["codable", "strict", "lenient"] {
                census.add(key: ErrorCensus.Key(check: index % 3 == 0 ? .decode : .roundTrip, mapper: mapper, kind: index % 2 == 0 ? .typeMismatch : .keyNotFound,
                                                situation: "integer in a struct field number \(index), the document holds string"),
                           count: situations - index, examplePath: index == 0 ? longPath : "items[\(index)].name")
            }
        }
        let occurrences = Dictionary(uniqueKeysWithValues: (1...(unexpected + expected)).map { ($0, $0) })
        lines.append(try ReportFixtures.summaryLine(cases: 160_000, occurrences: occurrences, census: census))
        return try ReportFixtures.report(try ReportFixtures.journalBytes(lines))
    }

    @Test func aLongRunsPageStaysWithinTwoMegabytesAndReadsInOneScreen() throws {
        let report = try Self.report(unexpected: 60, expected: 4_000, situations: 3_000)
        #expect(report.unexpectedClasses.count == 60 && report.expectedClasses.count == 4_000)
        let page = ReportHTML.page(of: report)
        #expect(page.utf8.count <= 2_000_000, "report.html is \(page.utf8.count) bytes")
        // Unexpected classes first, as cards up to the limit, the rest as rows.
        let unexpected = try #require(page.range(of: "<section id=\"unexpected\">"))
        #expect(unexpected.lowerBound < (try #require(page.range(of: "<section id=\"grid\">"))).lowerBound)
        #expect(page.components(separatedBy: "<article class=\"card unexpected\"").count - 1 == ReportHTML.cardLimit)
        #expect(page.contains("<h3>40 more unexpected classes</h3>"))
        // Each class has one anchor, for the grid's links.
        let anchors = page.components(separatedBy: " id=\"class-").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(anchors.map { Int($0) } == report.classes.map(\.id))
        // Every expected class and census group folded: nothing below the cards is open.
        let below = page[unexpected.upperBound...]
        #expect(!below.contains("<details class=\"entry\" open") && !below.contains("<details class=\"census\" open"))
        // One census row per situation (its mappers side by side), the rarest counted, not listed.
        let census = try #require(ReportFixtures.element(page, from: "<section id=\"census\">", to: "</section>"))
        #expect(census.contains("in 3000 situations"))
        #expect(census.components(separatedBy: "<tr><td>").count - 1 == 4 * ReportHTML.censusRowLimit)
        #expect(census.contains("<th class=\"number\">codable</th><th class=\"number\">strict</th><th class=\"number\">lenient</th>"))
    }

    @Test func aLongGeneratedPathIsElidedInThePageAndWholeInItsTitleAndTheJSON() throws {
        let report = try Self.report(unexpected: 0, expected: 1, situations: 1)
        let page = ReportHTML.page(of: report)
        let census = try #require(ReportFixtures.element(page, from: "<section id=\"census\">", to: "</section>"))
        let cell = try #require(ReportFixtures.element(census, from: "<code class=\"elided\"", to: "</code>"))
        #expect(cell == "<code class=\"elided\" title=\"\(Self.longPath)\">\(String(repeating: "k", count: 48))"
                + "<span class=\"cut\">…1450 characters left out…</span>kk[4].`9007199254740992`</code>")
        #expect(!page.contains(String(repeating: "k", count: 49) + "<"))
        let entries = try ReportFixtures.json(of: report).objects("census")
        #expect(entries.allSatisfy { $0.string("examplePath") == Self.longPath })
    }

    @Test func theJSONGivesAnAllowlistReasonOnce() throws {
        let report = try Self.report(unexpected: 2, expected: 500, situations: 10)
        let text = String(decoding: try ReportJSON.bytes(of: report), as: UTF8.self)
        #expect(text.components(separatedBy: "apostrophes").count - 1 == 1, "the reason is written once")
        #expect(text.components(separatedBy: "\"explanation\": \"hostile-<entry>\"").count - 1 == 500)
    }
}
