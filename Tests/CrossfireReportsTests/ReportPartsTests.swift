import Crossfire
@testable import CrossfireReports
import FirestoreJSON
import FirestoreModel
import ModelSchema
import Testing

/// The parts a class card is drawn with: the leaf diff's marking, the leaf values in words,
/// the document tree with the leaf's path, the schema as Swift declarations.
struct ReportPartsTests {
    @Test(arguments: [
        ("Decimal(1.5)", "Decimal(1.49999)", "Decimal(1.<mark>5</mark>)", "Decimal(1.<mark>49999</mark>)"),
        ("integer 3", "integer 3", "integer 3", "integer 3"),
        ("12", "123", "12", "12<mark>3</mark>"),
        ("\"abc\"", "\"xbc\"", "&quot;<mark>a</mark>bc&quot;", "&quot;<mark>x</mark>bc&quot;"),
        ("<a>", "<b>", "&lt;<mark>a</mark>&gt;", "&lt;<mark>b</mark>&gt;"),
        ("", "nothing", "", "<mark>nothing</mark>"),
        ("é🔥x", "é🔥y", "é🔥<mark>x</mark>", "é🔥<mark>y</mark>"),
    ])
    func theLeafDiffMarksWhereTwoValuesDiffer(left: String, right: String, markedLeft: String, markedRight: String) {
        let marked = LeafDiff.marked(left, right)
        #expect(marked.left == markedLeft)
        #expect(marked.right == markedRight)
    }

    @Test func leafValuesReadAsWords() throws {
        #expect(try Self.leaf(["absent": .boolean(true)]).text == "nothing")
        #expect(try Self.leaf(["stored": .map(["integerValue": .string("3")])]).text == "integer 3")
        #expect(try Self.leaf(["storedText": .string("timestamp 99999-01-01")]).text == "timestamp 99999-01-01")
        #expect(try Self.leaf(["model": .map(["decimal": .string("1.5")])]).text == "Decimal(1.5)")
        #expect(try Self.leaf(["model": .map(["string": .string("x")])]).isModel)
        #expect(try Self.leaf(["stored": .map(["nullValue": .null])]).isModel == false)
        #expect(try Self.leaf(["stored": .map(["nullValue": .null])]).json == .map(["stored": .map(["nullValue": .null])]))
    }

    @Test(arguments: [
        (["model": .map(["decimal": .integer(1)])] as FirestoreMap, "held.model: model value at "),
        (["stored": .map(["sideways": .string("3")])] as FirestoreMap, "held.stored: "),
        (["absent": .boolean(true), "extra": .null] as FirestoreMap, "held: unknown key \"extra\""),
        ([:] as FirestoreMap, "held: a leaf value needs"),
    ])
    func aMalformedLeafValueIsNamedByItsPath(members: FirestoreMap, message: String) {
        do {
            _ = try JournalLeaf(JSONObject(members: members, path: "held"))
            Issue.record("\(members) was read as a leaf value")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    /// A journal leaf value of the given members.
    static func leaf(_ members: FirestoreMap) throws -> JournalLeaf {
        try JournalLeaf(JSONObject(members: members))
    }

    @Test func aRoundTripLeafIsMarkedAgainstTheModelValueItWasGiven() throws {
        let example = JournalExample(
            line: 1, path: "price", components: ValuePath(keys: "price"), firestorePath: "price", schemaPath: "price", leafType: "Decimal", wrapper: nil,
            container: "structField", held: try Self.leaf(["stored": .map(["doubleValue": .double(-40559.499)])]),
            input: try Self.leaf(["model": .map(["decimal": .string("-40559.499")])]),
            outcomes: [JournalOutcome(mapper: "codable", result: "value", words: "value", failure: nil,
                                      leaf: try Self.leaf(["model": .map(["decimal": .string("-40559.49900000000512")])]))],
            cells: [], stored: StoredCase(record: ReportFixtures.hostileCase()),
            caseJSON: JournalExample.CaseJSON(schema: .null, document: nil, model: nil, documentText: nil))
        let html = ReportHTML.leafDiff(example, check: .roundTrip)
        #expect(html.contains("<h5>the model value holds</h5><code class=\"value\">Decimal(-40559.499)</code>"))
        #expect(html.contains("<h5>stored</h5><code class=\"value\">double -40559.499</code>"))
        #expect(html.contains("<h5>codable</h5><p class=\"result\">value</p><code class=\"value\">Decimal(-40559.499<mark>00000000512</mark>)</code>"))
    }

    @Test func twoMappersValuesAreMarkedAgainstEachOtherAndAFailureShowsKindPlaceAndMessage() throws {
        let failure = JournalOutcome.Failure(kind: "typeMismatch", path: "tags[2]", hasPath: true, expected: "Int", found: "string", message: "Expected Int <here>")
        let example = JournalExample(
            line: 1, path: "tags[2]", components: ValuePath([.key("tags"), .index(2)]), firestorePath: "tags.[2]", schemaPath: "tags[]", leafType: "Int",
            wrapper: nil, container: "arrayElement", held: try Self.leaf(["stored": .map(["stringValue": .string("12")])]), input: nil,
            outcomes: [
                JournalOutcome(mapper: "codable", result: "typeMismatch", words: "typeMismatch", failure: failure, leaf: nil),
                JournalOutcome(mapper: "strict", result: "value", words: "value", failure: nil, leaf: try Self.leaf(["model": .map(["int": .string("12")])])),
                JournalOutcome(mapper: "lenient", result: "value", words: "value", failure: nil, leaf: try Self.leaf(["model": .map(["int": .string("13")])])),
            ],
            cells: [], stored: StoredCase(record: ReportFixtures.hostileCase()),
            caseJSON: JournalExample.CaseJSON(schema: .null, document: nil, model: nil, documentText: nil))
        let html = ReportHTML.leafDiff(example, check: .decode)
        #expect(html.contains("<h5>the document holds</h5><code class=\"value\">&quot;12&quot;</code>"))
        #expect(html.contains("<div class=\"side mapper failed\"><h5>codable</h5><p class=\"result\">typeMismatch</p>"
                              + "<p class=\"failure\"><strong>type mismatch</strong> <span class=\"kind\">(typeMismatch)</span> at <code>tags[2]</code>; "
                              + "expected Int, found string</p><p class=\"message\">Expected Int &lt;here&gt;</p></div>"))
        #expect(html.contains("<h5>strict</h5><p class=\"result\">value</p><code class=\"value\">1<mark>2</mark></code>"))
        #expect(html.contains("<h5>lenient</h5><p class=\"result\">value</p><code class=\"value\">1<mark>3</mark></code>"))
    }

    @Test func theDocumentTreeHighlightsThePathToTheLeaf() {
        let document: FirestoreMap = [
            "title": .string("<x>"),
            "tags": .array([.integer(1), .map(["color": .string("red"), "size": .integer(2)])]),
            "other": .map(["deep": .array([.boolean(true)])]),
        ]
        let tree = ValueTree.document(document)
        let html = tree.html(highlighting: ValuePath([.key("tags"), .index(1), .key("color")]))
        #expect(html.hasPrefix("<ul class=\"tree\"><li class=\"on-path\"><span class=\"k\">document</span> <span class=\"t\">3 fields</span><ul>"))
        #expect(html.contains("<li><span class=\"k\">title</span> <span class=\"v\">&quot;&lt;x&gt;&quot;</span></li>"))
        #expect(html.contains("<li class=\"on-path\"><span class=\"k\">tags</span> <span class=\"t\">array, 2 elements</span><ul>"))
        #expect(html.contains("<li class=\"on-path\"><span class=\"k\">[1]</span> <span class=\"t\">map, 2 keys</span><ul>"))
        #expect(html.contains("<li class=\"leaf\"><mark><span class=\"k\">color</span> <span class=\"v\">&quot;red&quot;</span></mark></li>"))
        // Off the path, containers fold.
        #expect(html.contains("<li><details><summary><span class=\"k\">other</span> <span class=\"t\">map, 1 key</span></summary><ul>"))
        // A leaf the document lacks is drawn where it would be.
        let missing = tree.html(highlighting: ValuePath(keys: "subtitle"))
        #expect(missing.contains("<li class=\"leaf absent\"><mark><span class=\"k\">subtitle</span> <span class=\"v\">nothing here</span></mark></li></ul></li></ul>"))
    }

    @Test func theModelTreeNamesFieldsBySwiftNameAndReachesThemByCodingKey() {
        let schema = ModelSchema(root: "Book", structs: [StructSchema(name: "Book", fields: [
            FieldSchema(name: "title", codingKey: "book_title", type: .string),
            FieldSchema(name: "scores", type: .dictionary(key: .string, value: .integer(.int))),
        ])])
        let value = ModelValue.structure([
            ModelField(name: "title", value: .string("Dune")),
            ModelField(name: "scores", value: .dictionary([ModelDictionaryEntry(key: .string("a"), value: .int(1))])),
        ])
        let tree = ValueTree.model(value, schema: schema)
        let title = tree.html(highlighting: ValuePath(keys: "book_title"))
        #expect(title.contains("<li class=\"leaf\"><mark><span class=\"k\">title</span> <span class=\"v\">&quot;Dune&quot;</span></mark></li>"))
        let score = tree.html(highlighting: ValuePath(keys: "scores", "a"))
        #expect(score.contains("<li class=\"on-path\"><span class=\"k\">scores</span> <span class=\"t\">dictionary, 1 entry</span><ul>"))
        #expect(score.contains("<li class=\"leaf\"><mark><span class=\"k\">[&quot;a&quot;]</span> <span class=\"v\">1</span></mark></li>"))
    }

    @Test func theSchemaIsShownAsGenSwiftDeclaresItWithTheLeafsPropertyMarked() throws {
        let schema = ModelSchema(root: "Book", structs: [
            StructSchema(name: "Book", fields: [
                FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
                FieldSchema(name: "title", codingKey: "book_title", type: .string),
                FieldSchema(name: "tags", type: .array(.structure("Tag"))),
            ]),
            StructSchema(name: "Tag", fields: [FieldSchema(name: "color", type: .hexColor), FieldSchema(name: "level", type: .enumeration("Level"))]),
        ], enums: [EnumSchema(name: "Level", rawType: .string, cases: [EnumCase(name: "low", rawValue: .string("L")), EnumCase(name: "high", rawValue: nil)])])
        let declarations = try SwiftDeclarations(schema: schema, leaf: ValuePath([.key("tags"), .index(0), .key("color")]))
        let text = declarations.lines.joined(separator: "\n")
        #expect(text.contains("""
            struct Book: Codable, Hashable {
                @DocumentID var id: String?
                var title: String
                var tags: [Tag]

                enum CodingKeys: String, CodingKey {
                    case id
                    case title = "book_title"
                    case tags
                }
            }
            """))
        #expect(text.contains("struct Tag: Codable, Hashable {\n    var color: Color\n    var level: Level\n}"))
        #expect(text.contains("enum Level: String, Codable, Hashable {\n    case low = \"L\"\n    case high\n}"))
        // The emitter's mapper and conversions are not shown; its support Color is, as a header.
        #expect(!text.contains("init?(reference"))
        #expect(!text.contains("modelValue"))
        #expect(!text.contains("import "))
        #expect(text.contains("struct Color: Codable, Hashable {"))
        #expect(declarations.leafLine.map { declarations.lines[$0] } == "    var color: Color")
        #expect(declarations.html.contains("<mark>    var color: Color</mark>"))
        let top = try SwiftDeclarations(schema: schema, leaf: ValuePath(keys: "book_title"))
        #expect(top.leafLine.map { top.lines[$0] } == "    var title: String")
        let wrapped = try SwiftDeclarations(schema: schema, leaf: ValuePath(keys: "id"))
        #expect(wrapped.leafLine.map { wrapped.lines[$0] } == "    @DocumentID var id: String?")
        #expect(try SwiftDeclarations(schema: schema, leaf: .root).leafLine == nil)
    }
}
