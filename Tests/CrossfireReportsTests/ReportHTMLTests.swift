import Crossfire
import CrossfireReports
import FirestoreModel
import Foundation
import Testing

/// The page: every journal string escaped, nothing loaded from anywhere.
struct ReportHTMLTests {
    /// A report of the hostile case's findings (an expected silent default with a hostile
    /// reason, and whatever else the mappers disagree on) and a crash with a hostile message.
    private func hostileReport() throws -> Report {
        var lines = [ReportFixtures.runLine()]
        let findings = try ReportFixtures.hostileFindings() + [ReportFixtures.crashFinding(message: "died <img src=x onerror=alert(1)> & \"quoted\" 'single' 🔥")]
        for (index, finding) in findings.enumerated() {
            lines.append(try ReportFixtures.findingLine(finding, id: index + 1))
        }
        var census = ErrorCensus()
        census.add(signature: "decode codable typeMismatch <script>", kind: .typeMismatch, count: 1,
                   example: MappingFailure(kind: .typeMismatch, path: ValuePath(keys: ReportFixtures.hostileKey), message: "m"))
        lines.append(ReportFixtures.summaryLine(cases: 1, census: census))
        return try ReportFixtures.report(try ReportFixtures.journalBytes(lines))
    }

    @Test func everyJournalStringIsEscaped() throws {
        let report = try hostileReport()
        let page = ReportHTML.page(of: report)
        // The only tags are the page's own: no tag from the journal survives.
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<b>"))
        #expect(!page.contains("<i>"))
        // The coding key in the finding's heading, escaped, with its non-ASCII and emoji as they are.
        let expectedFinding = try #require(report.findings.first { $0.expected })
        #expect(page.contains("<code class=\"path\">\(HTMLEscape.expected(expectedFinding.path))</code>"))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;é&#39; 🔥"))
        // The allowlist entry and its reason.
        #expect(page.contains("Expected — <code>hostile-&lt;entry&gt;</code>: &lt;b&gt;defaults&lt;/b&gt; &amp; &quot;quotes&quot; &amp; &#39;apostrophes&#39; — ünïcode 🧪</p>"))
        // The crash's message, the case's reference and fault, the census signature.
        #expect(page.contains("<dd>died &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39; 🔥</dd>"))
        #expect(page.contains("<code>books/&lt;b&gt;&amp;&quot;1&quot;</code>"))
        #expect(page.contains("<code>wrongType(string→integer) at &lt;script&gt;</code>"))
        #expect(page.contains("<td><code>decode codable typeMismatch &lt;script&gt;</code></td>"))
        // The model value's string inside the pretty JSON: `&amp;` in the data becomes `&amp;amp;`.
        #expect(page.contains("&quot;string&quot;: &quot;&lt;i&gt;&amp;amp;&lt;/i&gt;&quot;"))
        // The document as REST JSON with the hostile key.
        #expect(page.contains("&quot;&lt;script&gt;alert(\\&quot;x\\&quot;)&lt;/script&gt; &amp; &#39;é&#39; 🔥&quot;: {\n"))
    }

    @Test func theJSONKeepsTheStringsAsTheyAre() throws {
        let report = try hostileReport()
        let json = try ReportFixtures.json(of: report)
        let findings = try json.objects("findings")
        let crash = try #require(findings.first { $0.string("kind") == "crash" })
        #expect(try crash.objects("outcomes").first?.string("message") == "died <img src=x onerror=alert(1)> & \"quoted\" 'single' 🔥")
        let expected = try #require(findings.first { $0.boolean("expected") == true })
        #expect(try expected.object("explanation").string("reason") == ReportFixtures.hostileReason)
        #expect(expected.string("path") == ValuePath(keys: ReportFixtures.hostileKey).description)
        let fields = try expected.object("case").object("document").object("fields")
        #expect(fields[ReportFixtures.hostileKey] == .map(["integerValue": .string("3")]))
    }

    @Test func thePageIsSelfContained() throws {
        let directory = try ReportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, path) = try ReportFixtures.campaign(seed: 3, cases: 30, profile: .default, allowlist: ReportFixtures.silentDefaultsOnly, in: directory)
        for report in [try Report(journal: try Journal.read(path: path), source: path), try hostileReport()] {
            let page = ReportHTML.page(of: report)
            #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
            #expect(page.hasSuffix("</html>\n"))
            // Journal text is escaped, so every `<` opens one of the page's own tags: only these
            // elements, with only these attributes, and no link leaving the page.
            let allowedElements: Set<String> = ["!DOCTYPE", "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3", "h4",
                                                "p", "span", "strong", "table", "tr", "th", "td", "nav", "a", "main", "section", "article",
                                                "code", "pre", "dl", "dt", "dd", "div", "details", "summary", "ul", "li", "br", "footer"]
            let allowedAttributes: Set<String> = ["lang", "charset", "name", "content", "class", "id", "href", "open", "html"]
            var hrefs: [String] = []
            // Split by code points: a combining mark after `>` joins it in one Character.
            for piece in page.unicodeScalars.split(separator: "<").dropFirst() {
                let tag = Substring(String(String.UnicodeScalarView(piece.prefix { $0 != ">" })))
                let element = String(tag.prefix { $0 != " " }).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                #expect(allowedElements.contains(element), "the page holds the element <\(tag)>")
                for (name, value) in attributes(of: tag.drop { $0 != " " }) {
                    #expect(allowedAttributes.contains(name), "the page holds the attribute \(name) in <\(tag)>")
                    if name == "href" { hrefs.append(value) }
                }
            }
            // The style sheet loads nothing either.
            let style = page.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first ?? ""
            #expect(style.contains(".finding"))
            #expect(!style.contains("@import") && !style.contains("url("))
            // Every link is to an anchor of the page itself.
            #expect(Array(hrefs.prefix(3)) == ["#unexpected", "#expected", "#census"])
            #expect(hrefs.dropFirst(3).allSatisfy { $0.hasPrefix("#expected-") })
            #expect(page.components(separatedBy: "<style>").count == 2)
            for anchor in hrefs {
                #expect(page.contains("id=\"\(anchor.dropFirst())\""))
            }
        }
    }

    /// The attributes of a tag's text after its name: `name="value"` or a bare `name`.
    private func attributes(of text: Substring) -> [(name: String, value: String)] {
        var result: [(String, String)] = []
        var rest = text.drop { $0 == " " }
        while !rest.isEmpty {
            let name = rest.prefix { $0 != "=" && $0 != " " }
            rest = rest.dropFirst(name.count)
            var value = ""
            if rest.hasPrefix("=\"") {
                rest = rest.dropFirst(2)
                value = String(rest.prefix { $0 != "\"" })
                rest = rest.dropFirst(value.count + 1)
            }
            result.append((String(name), value))
            rest = rest.drop { $0 == " " }
        }
        return result
    }

    @Test func theSummaryComesFirstAndNamesTheVerdict() throws {
        let report = try hostileReport()
        let page = ReportHTML.page(of: report)
        let header = try #require(page.range(of: "</header>"))
        let main = try #require(page.range(of: "<main>"))
        #expect(header.upperBound <= main.lowerBound)
        let top = String(page[..<header.lowerBound])
        #expect(top.contains("<span class=\"verdict-bad\">\(report.totals.unexpected) unexpected finding"))
        #expect(top.contains("<tr><th>seed</th><td>7</td></tr>"))
        #expect(top.contains("<tr><th>mappers</th><td>codable, strict, lenient (codable is the reference)</td></tr>"))
        #expect(top.contains("<tr><th>cases run</th><td>1</td></tr>"))
        #expect(top.contains("<tr><th>elapsed</th><td>1.5 s</td></tr>"))
        #expect(top.contains("<tr><th>findings</th><td>\(report.totals.findings): \(report.totals.unexpected) unexpected, \(report.totals.expected) expected; 0 shrunk</td></tr>"))
        #expect(top.contains("<tr><th>error census</th><td>1 signature, 1 failure</td></tr>"))
    }

    @Test func expectedFindingsAreGroupedByReasonAndCappedWhileTheJSONKeepsThemAll() throws {
        let expected = try #require(try ReportFixtures.hostileFindings().first { $0.isExpected })
        let count = ReportHTML.expectedShownPerReason + 7
        var lines = [ReportFixtures.runLine()]
        for id in 1...count { lines.append(try ReportFixtures.findingLine(expected, id: id)) }
        lines.append(ReportFixtures.summaryLine(cases: count))
        let report = try ReportFixtures.report(try ReportFixtures.journalBytes(lines))
        let page = ReportHTML.page(of: report)
        let reason = try #require(expected.explanation)
        #expect(page.contains("<tr><td class=\"number\">\(count)</td><td><a href=\"#expected-1\"><code>\(HTMLEscape.expected(reason.id))</code></a></td>"))
        #expect(page.contains("<h3 id=\"expected-1\"><code>\(HTMLEscape.expected(reason.id))</code>: \(count) findings</h3>"))
        #expect(page.components(separatedBy: "<article class=\"finding expected\"").count - 1 == ReportHTML.expectedShownPerReason)
        #expect(page.contains("… and 7 more with this reason: report.json lists every one."))
        guard case .array(let findings)? = try ReportFixtures.json(of: report)["findings"] else {
            Issue.record("report.json must list the findings")
            return
        }
        #expect(findings.count == count)
    }
}
