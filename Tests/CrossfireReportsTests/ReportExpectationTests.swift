import Crossfire
import CrossfireReports
import FirestoreModel
import Foundation
import Testing

/// A vanished expectation's card: the rule that did not show, its situation's cell and how many
/// cases reached it without it.
struct ReportExpectationTests {
    @Test func theCardNamesTheMissingRuleItsCellAndTheCases() throws {
        let runner = CaseRunner(mappers: try MapperSpec.named(["codable"]), generator: CaseGenerator(profile: .scalars), allowlist: .sdkBehaviour,
                                storage: WritePathStorage(options: WritePathOptions(int8Storage: .integer, floatWidening: .binary)))
        let finding = try #require(runner.run(ReportFixtures.hostileCase()).findings.first { $0.discrepancy.kind == .expectationMissing })
        let cell = RuleSituation.int8AsBoolean.cell
        let lines = [ReportFixtures.runLine(), try ReportFixtures.classLine(finding, id: 1),
                     try ReportFixtures.summaryLine(cases: 5, occurrences: [1: 3], cells: [1: [cell: 3]])]
        let report = try ReportFixtures.report(try ReportFixtures.journalBytes(lines))
        let found = try #require(report.classes.first)
        #expect(found.key == finding.key && found.key.missing == "int8-stored-as-boolean" && !found.expected)
        let page = ReportHTML.page(of: report)
        let card = try #require(ReportFixtures.element(page, from: "<article class=\"card unexpected\" id=\"class-1\">", to: "</article>"))
        #expect(card.contains("the SDK rule int8-stored-as-boolean did not fire where it must"))
        #expect(card.contains("<dt>rule missing</dt><dd><code>int8-stored-as-boolean</code>: The SDK&#39;s write path stores Int8/CChar as a boolean"))
        #expect(card.contains("— 3 cases reached <a href=\"#cell-\(HTMLEscape.expected(cell.token))\">\(HTMLEscape.expected(cell.description))</a> and showed no class of it"))
        let json = try ReportFixtures.json(of: report)
        #expect(try json.objects("classes").first?.string("key")?.hasSuffix("/missing=int8-stored-as-boolean") == true)
    }
}
