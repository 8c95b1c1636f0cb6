@testable import Crossfire
import CrossfireReports
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// A memo and its lenient legacy mapper, which reads a missing or mistyped subject as "".
private struct Memo: Codable {
    var subject: String
    var priority: Int

    init(legacy data: [String: Any]) {
        subject = data["subject"] as? String ?? ""
        priority = data["priority"] as? Int ?? 0
    }
}

/// `legacy-check.json` and `legacy-check.html`: a `LegacyMapperCheck` report as files.
struct LegacyCheckReportTests {
    private func report() throws -> LegacyCheckReport {
        let check = try LegacyMapperCheck(Memo.self, shrinkAttempts: 300, decode: { Memo(legacy: $0.data() ?? [:]) },
                                          encode: { ["subject": $0.subject, "priority": $0.priority] })
        return check.run(cases: 150, seed: 4)
    }

    /// A report whose every string is hostile HTML.
    private func hostileReport() -> LegacyCheckReport {
        let hostile = "<script>alert(1)</script> & \"quoted\" 'single' 🔥"
        var document = FirestoreMap()
        document["<b>key</b>"] = .string(hostile)
        let disagreement = LegacyDisagreement(
            kind: .differentValues, path: ValuePath(keys: "<i>title</i>"), field: "<i>title</i>", cause: .differentValue, detail: hostile,
            hint: "<u>fix</u>")
        let example = LegacyCheckCase(choices: [1, 2, 3], reference: nil, document: document, faults: [],
                                      codableOutcome: hostile, legacyOutcome: "<img src=x onerror=alert(1)>", disagreements: [disagreement])
        let finding = LegacyCheckFinding(
            findingClass: disagreement.findingClass, hint: disagreement.hint, occurrences: 1, checks: [.differentValues: 1],
            disagreement: disagreement, example: example)
        return LegacyCheckReport(modelName: "<s>Model</s>", cases: 1, faultyCases: 0, seed: 9, findings: [finding], expected: [], reasons: [:])
    }

    @Test func theJSONHoldsEveryFindingWithItsSmallestCase() throws {
        let report = try report()
        try #require(!report.findings.isEmpty)
        let bytes = try LegacyCheckJSON.bytes(of: report)
        #expect(try LegacyCheckJSON.bytes(of: report) == bytes)
        let json = try JSONObject(try PlainJSONReader().readValue(from: bytes))
        #expect(try json.integer("legacyCheck") == LegacyCheckJSON.version)
        #expect(try json.string("model") == "Memo")
        #expect(try json.integer("cases") == 150)
        #expect(try json.integer("faultyCases") == Int64(report.faultyCases))
        #expect(try json.string("seed") == "4")
        #expect(try json.bool("clean") == false)
        #expect(try json.optionalString("isolationProblem") == nil)
        #expect(try json.strings("summary") == report.summary.split(separator: "\n").map(String.init))
        let findings = try json.objects("findings")
        #expect(findings.count == report.findings.count)
        for (object, finding) in zip(findings, report.findings) {
            #expect(try object.string("class") == finding.findingClass.description)
            #expect(try object.string("cause") == finding.findingClass.cause.rawValue)
            #expect(try object.string("field") == finding.findingClass.field)
            #expect(try object.string("hint") == finding.hint)
            #expect(try object.integer("occurrences") == Int64(finding.occurrences))
            let shown = try object.object("disagreement")
            #expect(try shown.string("kind") == finding.disagreement.kind.rawValue)
            #expect(try shown.string("path") == finding.disagreement.path.description)
            let example = try object.object("example")
            #expect(try example.string("choices") == ChoiceSequence(finding.example.choices).text)
            #expect(try example.string("codableOutcome") == finding.example.codableOutcome)
            #expect(try example.strings("faults") == finding.example.faults.map(\.description))
            let document = try example.object("document")
            #expect(document.value("fields") != nil || finding.example.document.isEmpty)
            #expect(try example.optionalString("documentText") == nil)
        }
        // The lenient subject is one of them: a missing subject read as "".
        #expect(report.findings.contains { $0.findingClass == LegacyFindingClass(cause: .silentDefault, field: "subject") })
    }

    @Test func thePageEscapesEveryStringAndLoadsNothing() {
        let page = LegacyCheckHTML.page(of: hostileReport())
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<b>key"))
        #expect(!page.contains("<i>title"))
        #expect(!page.contains("<u>fix") && !page.contains("<s>Model"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; &#39;single&#39; 🔥"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("<link") && !page.contains("src=\""))
        #expect(page.contains("c1:"))
    }

    @Test func bothFilesAreWrittenAtomically() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try report()
        let written = try LegacyCheckReportFiles.write(report, to: directory.appendingPathComponent("nested").path)
        #expect(written.json.hasSuffix("nested/legacy-check.json"))
        #expect(written.html.hasSuffix("nested/legacy-check.html"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: written.json))) == (try LegacyCheckJSON.bytes(of: report)))
        #expect(try String(contentsOf: URL(fileURLWithPath: written.html), encoding: .utf8) == LegacyCheckHTML.page(of: report))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("nested").path).sorted()
        #expect(names == ["legacy-check.html", "legacy-check.json"])
    }
}
