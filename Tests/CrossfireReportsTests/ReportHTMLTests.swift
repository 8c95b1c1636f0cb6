import Crossfire
import CrossfireReports
import CrossfireTestSupport
import FirestoreModel
import Foundation
import Testing

/// The page: every journal string escaped, nothing loaded from anywhere, the verdict first.
struct ReportHTMLTests {
    /// A report of the hostile case's classes (an expected silent default with a hostile
    /// reason, and whatever else the mappers disagree on) and a crash with a hostile message,
    /// with a hostile census entry.
    private func hostileReport() throws -> Report {
        var lines = [ReportFixtures.runLine()]
        let findings = try ReportFixtures.hostileFindings() + [ReportFixtures.crashFinding(message: "died <img src=x onerror=alert(1)> & \"quoted\" 'single' 🔥")]
        var seen: Set<FindingClassKey> = []
        var id = 0
        for finding in findings where seen.insert(finding.key).inserted {
            id += 1
            lines.append(try ReportFixtures.classLine(finding, id: id))
        }
        var census = ErrorCensus()
        census.add(key: ErrorCensus.Key(check: .decode, mapper: "codable", kind: .typeMismatch, situation: "<script>situation</script>"), count: 1,
                   examplePath: ValuePath(keys: ReportFixtures.hostileKey).description)
        lines.append(try ReportFixtures.summaryLine(cases: 1, census: census))
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
        #expect(!page.contains("<u>"))
        let escapedKey = HTMLEscape.expected(ReportFixtures.hostileKey)
        #expect(escapedKey == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;é&#39; 🔥")
        // The coding key in the document tree and in the Swift declarations' CodingKeys.
        #expect(page.contains("<span class=\"k\">\(escapedKey)</span>"))
        #expect(page.contains("case title = &quot;&lt;script&gt;alert(\\&quot;x\\&quot;)&lt;/script&gt; &amp; &#39;é&#39; 🔥&quot;"))
        // The allowlist entry and its reason.
        #expect(page.contains("<summary><code>hostile-&lt;entry&gt;</code> <span class=\"muted\">— "))
        #expect(page.contains("<p class=\"explanation\">&lt;b&gt;defaults&lt;/b&gt; &amp; &quot;quotes&quot; &amp; &#39;apostrophes&#39; — ünïcode 🧪</p>"))
        // The crash's message, the case's reference and fault, the census situation.
        #expect(page.contains("<p class=\"message\">died &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39; 🔥</p>"))
        #expect(page.contains("<code>books/&lt;b&gt;&amp;&quot;1&quot;</code>"))
        #expect(page.contains("<li>wrongType(string→integer) at \(HTMLEscape.expected(ValuePath(keys: ReportFixtures.hostileKey).description)): &lt;u&gt;&quot;x&quot;&lt;/u&gt; replaced by 3</li>"))
        #expect(page.contains("<td>&lt;script&gt;situation&lt;/script&gt;</td>"))
        // The model value's string in the model tree of an encode or round-trip class, if any.
        if report.classes.contains(where: { $0.key.check != .decode && !$0.expected }) {
            #expect(page.contains("&quot;&lt;i&gt;&amp;amp;&lt;/i&gt;&quot;"))
        }
    }

    @Test func theJSONKeepsTheStringsAsTheyAre() throws {
        let report = try hostileReport()
        let json = try ReportFixtures.json(of: report)
        let classes = try json.objects("classes")
        let crash = try #require(classes.first { $0.string("kind") == "crash" })
        #expect(try crash.object("example").objects("outcomes").first?.object("failure").string("message")
                == "died <img src=x onerror=alert(1)> & \"quoted\" 'single' 🔥")
        let expected = try #require(classes.first { $0.boolean("expected") == true })
        let entry = try #require(expected.string("explanation"))
        #expect(try json.object("explanations").string(entry) == ReportFixtures.hostileReason)
        #expect(try expected.object("example").string("path") == ValuePath(keys: ReportFixtures.hostileKey).description)
        let unexpected = try #require(classes.first { $0.boolean("expected") == false && $0.string("kind") != "crash" })
        let fields = try unexpected.object("example").object("case").object("document").object("fields")
        #expect(fields[ReportFixtures.hostileKey] == .map(["integerValue": .string("3")]))
    }

    @Test func thePageIsSelfContainedAndEveryLinkStaysOnIt() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, path, _) = try ReportFixtures.campaign(seed: 3, cases: 30, profile: .default, allowlist: ReportFixtures.silentDefaultsOnly, in: directory)
        for report in [try ReportFixtures.report(path: path), try hostileReport()] {
            let page = ReportHTML.page(of: report)
            #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
            #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
            #expect(page.hasSuffix("</html>\n"))
            // Journal text is escaped, so every `<` opens one of the page's own tags: only these
            // elements, with only these attributes, and no link leaving the page.
            let allowedElements: Set<String> = ["!DOCTYPE", "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3", "h4", "h5",
                                                "p", "span", "strong", "table", "thead", "tbody", "tr", "th", "td", "nav", "a", "main", "section",
                                                "article", "code", "pre", "dl", "dt", "dd", "div", "details", "summary", "ul", "li", "br", "mark",
                                                "footer"]
            let allowedAttributes: Set<String> = ["lang", "charset", "name", "content", "class", "id", "href", "title", "rowspan", "colspan", "open", "html"]
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
            // The style sheet loads nothing either, and wraps long strings.
            let style = page.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first ?? ""
            #expect(style.contains("overflow-wrap: anywhere"))
            #expect(style.contains("@media (max-width: 700px)"))
            #expect(!style.contains("@import") && !style.contains("url("))
            #expect(page.components(separatedBy: "<style>").count == 2)
            // Every link is to an anchor of the page itself.
            #expect(Array(hrefs.prefix(2)) == ["#unexpected", "#grid"])
            for anchor in Set(hrefs) {
                #expect(anchor.hasPrefix("#"))
                #expect(page.contains("id=\"\(anchor.dropFirst())\""), "no anchor for \(anchor)")
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

    @Test func theVerdictAndTheRunComeFirstThenTheGrid() throws {
        let report = try hostileReport()
        let page = ReportHTML.page(of: report)
        let header = try #require(page.range(of: "</header>"))
        let grid = try #require(page.range(of: "<section id=\"grid\">"))
        #expect(header.upperBound <= grid.lowerBound)
        let top = String(page[..<header.lowerBound])
        let verdict = report.totals.unexpected == 1 ? "1 unexpected class" : "\(report.totals.unexpected) unexpected classes"
        #expect(top.contains("<p class=\"verdict bad\">\(verdict). "))
        #expect(top.contains("<p class=\"run\">seed 7 · profile scalars · mappers codable (reference), strict, lenient · 1 of 100 cases · 1.5 s · "))
        #expect(top.contains("1 failure in 1 situation</p>"))
        #expect(top.contains("<nav><a href=\"#unexpected\">Unexpected (\(report.totals.unexpected))</a><a href=\"#grid\">Grid</a>"))
    }

    @Test func anExpectedClassIsATableRowUnderItsFoldedAllowlistEntry() throws {
        let finding = try ReportFixtures.hostileFinding(.silentDefault)
        var lines = [ReportFixtures.runLine()]
        for id in 1...3 { lines.append(try ReportFixtures.classLine(finding, id: id)) }
        lines.append(try ReportFixtures.summaryLine(cases: 3, occurrences: [1: 2, 2: 1, 3: 5]))
        let report = try ReportFixtures.report(try ReportFixtures.journalBytes(lines))
        let page = ReportHTML.page(of: report)
        let entry = try #require(ReportFixtures.element(page, from: "<details class=\"entry\">", to: "</details>"))
        #expect(entry.contains("<summary><code>hostile-&lt;entry&gt;</code> <span class=\"muted\">— 3 classes</span></summary>"))
        #expect(page.components(separatedBy: "<p class=\"explanation\">").count == 2)
        let row = try #require(ReportFixtures.element(entry, from: "<tr id=\"class-3\">", to: "</tr>"))
        let leaf = try #require(report.classes.first { $0.id == 3 }).example.path
        let title = try #require(report.classes.first { $0.id == 3 }).title
        #expect(title == "hand: documented divergence hostile-<entry>")
        #expect(row == "<tr id=\"class-3\"><td><span class=\"id\">#3</span> \(HTMLEscape.expected(title))</td>"
                + "<td class=\"number\">5</td><td><code>\(HTMLEscape.expected(leaf))</code></td></tr>")
        // The replay command once for the section; no leaf diff, tree or Swift in the rows: report.json has them.
        #expect(page.contains("<p>Each replays with</p><pre class=\"command\">crossfire replay run/journal.jsonl --class ID</pre>"))
        #expect(!entry.contains("<pre class=\"command\">"))
        #expect(!entry.contains("<div class=\"leafdiff\">"))
        #expect(!entry.contains("<ul class=\"tree\">"))
    }
}
