import Crossfire
import CrossfireReports
import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// A card as a model type with a hostile field name, so that the report shows it.
private struct HostileCard: Decodable {
    var question: String

    enum CodingKeys: String, CodingKey {
        case question = "<b>question</b>"
    }
}

/// `survey.json` and `survey.html`: a `CollectionSurvey` report as files.
struct SurveyReportTests {
    private let hostile = "<script>alert(1)</script> & \"quoted\" 'single' 🔥"

    private func document(_ id: String, _ fields: FirestoreMap) throws -> SurveyDocument {
        SurveyDocument(reference: try DocumentReference(path: "cards/\(id)"), fields: fields, input: "<i>input</i>.json")
    }

    /// Two dropped documents, one kept; every string the page shows from the data is hostile.
    private func report() throws -> SurveyReport {
        let documents = [
            try document("kept", ["<b>question</b>": .string(hostile)]),
            try document("wrong", ["<b>question</b>": .integer(1), "other": .string(hostile)]),
            try document("missing", ["<img src=x onerror=alert(1)>": .string(hostile)]),
        ]
        return CollectionSurvey(HostileCard.self).run(documents: documents)
    }

    @Test func theJSONIsVersionedAndTheSameBytesEachTime() throws {
        let report = try report()
        let bytes = try SurveyJSON.bytes(of: report)
        #expect(try SurveyJSON.bytes(of: try self.report()) == bytes)
        guard case .map(let json) = try PlainJSONReader().readValue(from: bytes), case .array(let causes)? = json["causes"],
              case .map(let first)? = causes.first, case .map(let example)? = first["example"]
        else {
            Issue.record("survey.json must be an object with causes")
            return
        }
        #expect(json["survey"] == .integer(1))
        #expect(json["model"] == .string("HostileCard"))
        #expect(json["documents"] == .integer(3))
        #expect(json["kept"] == .integer(1))
        #expect(json["dropped"] == .integer(2))
        #expect(causes.count == 2)
        #expect(first["key"] == .string("`<b>question</b>`: keyNotFound, expected String, found nothing"))
        #expect(first["documents"] == .array([.string("cards/missing")]))
        #expect(example["path"] == .string("`<b>question</b>`"))
        #expect(example["value"] == .null)
        #expect(example["input"] == .string("<i>input</i>.json"))
        guard case .map(let second)? = causes.last, case .map(let wrong)? = second["example"] else { return }
        #expect(wrong["value"] == .map(["integerValue": .string("1")]))
        guard case .map(let restDocument)? = wrong["restDocument"] else { Issue.record("no restDocument"); return }
        guard case .string(let name)? = restDocument["name"] else { Issue.record("the document has no name"); return }
        #expect(name.hasSuffix("/documents/cards/wrong"))
        #expect(restDocument["fields"] == .map(["<b>question</b>": .map(["integerValue": .string("1")]), "other": .map(["stringValue": .string(hostile)])]))
        #expect(json["summary"] == .array(report.summaryLines.map(FirestoreValue.string)))
    }

    @Test func thePageEscapesEveryStringAndLoadsNothing() throws {
        let page = SurveyHTML.page(of: try report())
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<b>question"))
        #expect(!page.contains("<i>input"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; &#39;single&#39; 🔥"))
        #expect(!page.contains(" src=\"") && !page.contains("<link"))
        #expect(!page.contains("http://") && !page.contains("https://"))
        #expect(page.contains("id=\"cause-1\"") && page.contains("id=\"cause-2\""))
        #expect(page.contains("<li class=\"leaf absent\">"), "the missing key is drawn where it would be")
    }

    @Test func bothFilesAreWrittenIntoTheFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("survey-\(UUID().uuidString)/nested")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let report = try report()
        let written = try SurveyReportFiles.write(report, to: folder.path)
        #expect(written.json == folder.appendingPathComponent("survey.json").path)
        #expect(written.html == folder.appendingPathComponent("survey.html").path)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: written.json))) == (try SurveyJSON.bytes(of: report)))
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: written.html)), as: UTF8.self) == SurveyHTML.page(of: report))
    }
}
