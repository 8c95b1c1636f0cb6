import Crossfire
import FirestoreModel
import Testing

/// `CollectionSurvey` on a collection built in the test: each broken document is reported
/// once, under its own cause, with the field that broke it.
@Suite struct CollectionSurveyTests {
    private static let hints: FirestoreValue = .array([
        .map(["text": .string("Think of the song"), "shown": .boolean(false)]),
        .map(["text": .string("It rhymes"), "shown": .boolean(true)]),
    ])

    private static func card(question: FirestoreValue? = .string("Q"), answer: FirestoreValue? = .string("A"),
                             level: FirestoreValue = .integer(3), hints: FirestoreValue = hints) -> FirestoreMap {
        var fields: FirestoreMap = ["level": level, "hints": hints]
        fields["question"] = question
        fields["answer"] = answer
        return fields
    }

    private static func collection() throws -> [SurveyDocument] {
        let nullHint: FirestoreValue = .array([.map(["text": .string("Think"), "shown": .boolean(false)]), .map(["text": .null, "shown": .boolean(true)])])
        return [
            try SurveyFixtures.document("ok-1", card()),
            try SurveyFixtures.document("wrong-type", card(question: .integer(7))),
            try SurveyFixtures.document("missing-key", card(answer: nil)),
            try SurveyFixtures.document("ok-2", card(level: .integer(-128))),
            try SurveyFixtures.document("null", card(hints: nullHint)),
            try SurveyFixtures.document("corrupt", card(level: .integer(300))),
        ]
    }

    @Test func eachBrokenDocumentIsReportedOnceWithItsPath() throws {
        let report = CollectionSurvey(Flashcard.self).run(documents: try Self.collection())
        #expect(report.model == "Flashcard")
        #expect(report.documents == 6)
        #expect(report.dropped == 4)
        #expect(report.handMapperProblem == nil)
        let byDocument = Dictionary(uniqueKeysWithValues: report.causes.map { ($0.documents, $0) })
        #expect(report.causes.allSatisfy { $0.count == 1 })
        let expected: [(document: String, key: String, path: String)] = [
            ("cards/wrong-type", "question: typeMismatch, expected String, found an integer", "question"),
            ("cards/missing-key", "answer: keyNotFound, expected String, found nothing", "answer"),
            ("cards/null", "hints[].text: valueNotFound, expected String, found null", "hints[1].text"),
            ("cards/corrupt", "level: dataCorrupted, expected Int8, found an integer", "level"),
        ]
        for (document, key, path) in expected {
            let cause = try #require(byDocument[[document]], "\(document) is not reported alone")
            #expect(cause.key.description == key)
            #expect(cause.example.document == document)
            #expect(cause.example.path.description == path)
            #expect(cause.handMappers?.strictRejectsAlike == 1, "the strict hand mapper rejects \(document) as Codable does")
            #expect(cause.handMappers?.lenientWithDefaults == 1, "the lenient hand mapper puts a default into \(document)")
        }
        #expect(report.causes.count == expected.count)
        #expect(byDocument[["cards/corrupt"]]?.example.message == "Parsed JSON number <300> does not fit in Int8.")
        #expect(byDocument[["cards/null"]]?.example.value == .null)
        #expect(byDocument[["cards/missing-key"]]?.example.value == nil)
        #expect(byDocument[["cards/null"]]?.handMappers?.lenientDefaults == [SurveyTallyLine(text: "hints[].text = \"\" in place of null", count: 1)])
        #expect(report.handMappersOnKept?.documents == 2)
        #expect(report.handMappersOnKept?.strictAccepts == 2)
    }

    @Test func theSchemaAndTheTypeGiveOneReport() throws {
        let fromType = CollectionSurvey(Flashcard.self).run(documents: try Self.collection())
        let schema = try #require(try? SchemaProbe.schema(of: Flashcard.self))
        var fromSchema = try CollectionSurvey(schema: schema).run(documents: try Self.collection())
        fromSchema.model = fromType.model
        #expect(fromSchema == fromType)
    }

    @Test func causesAreOrderedByCountThenKey() throws {
        let documents = try ["b", "a", "c"].map { try SurveyFixtures.document($0, Self.card(answer: nil)) }
            + [try SurveyFixtures.document("d", Self.card(level: .integer(999)))]
        let report = CollectionSurvey(Flashcard.self).run(documents: documents)
        #expect(report.causes.map(\.key.field) == ["answer", "level"])
        #expect(report.causes.first?.documents == ["cards/b", "cards/a", "cards/c"], "documents stay in survey order")
        #expect(report.causes.first?.example.document == "cards/b")
        #expect(report.summaryLines[1] == "  3 × answer: keyNotFound, expected String, found nothing — cards/b, cards/a, cards/c")
    }

    @Test func aDefaultTheLenientMapperPutsIntoAKeptDocumentIsCounted() throws {
        let report = CollectionSurvey(Score.self).run(documents: [try SurveyFixtures.document("s", ["ratio": .double(0.1)])])
        #expect(report.dropped == 0, "Codable rounds 0.1 to the nearest Float")
        #expect(report.handMappersOnKept?.lenientDefaults == [SurveyTallyLine(text: "ratio = Float(0.0) in place of a value that does not fit", count: 1)],
                "as? Float takes only what a Float holds exactly")
        #expect(report.summaryLines.last == "hand mappers on the 1 kept: strict rejects 0; lenient puts defaults into 1")
    }

    @Test func aTypeWithoutASchemaIsSurveyedWithoutHandMappers() throws {
        let report = CollectionSurvey(SelfDecodingCard.self).run(documents: [try SurveyFixtures.document("x", ["question": .integer(1)])])
        #expect(report.dropped == 1)
        #expect(report.handMapperProblem?.contains("SelfDecodingCard") == true)
        #expect(report.handMappersOnKept == nil)
        #expect(report.causes.first?.handMappers == nil)
        #expect(report.causes.first?.key.description == "(root): typeMismatch, expected String, found a map")
        #expect(report.summaryLines.last?.hasPrefix("hand mappers not run: cannot derive the schema") == true)
    }

    @Test func withoutASchemaIndexesAreStillGeneralised() throws {
        let fields: FirestoreMap = ["deck": .map(["tags": .array([.string("a"), .integer(5)])])]
        let report = CollectionSurvey(TaggedCard.self).run(documents: [try SurveyFixtures.document("t", fields)])
        #expect(report.handMapperProblem != nil)
        #expect(report.causes.first?.key.description == "deck.tags[]: typeMismatch, expected String, found an integer")
        #expect(report.causes.first?.example.path.description == "deck.tags[1]")
    }

    @Test func unreadableInputsAndDocumentsAreCountedAndTheRestSurveyed() throws {
        let good = #"{"name":"projects/deck-app/databases/(default)/documents/cards/a","fields":{"question":{"stringValue":"Q"}}}"#
        let broken = #"{"name":"projects/deck-app/databases/(default)/documents/cards/b","fields":{"level":{"integerValue":"x"}}}"#
        let inputs = [
            SurveyInput(name: "list.json", bytes: Array((#"{"documents":["# + good + "," + broken + "]}").utf8)),
            SurveyInput(name: "notes.txt", bytes: Array("not JSON".utf8)),
            SurveyInput(name: "unnamed.json", bytes: Array(#"{"fields":{}}"#.utf8)),
            SurveyInput(name: "gone.json", unreadable: "cannot open: No such file or directory"),
        ]
        let report = CollectionSurvey(Flashcard.self).run(inputs)
        #expect(report.documents == 1)
        #expect(report.dropped == 1)
        #expect(report.unreadableInputs == 3)
        #expect(report.unreadableDocuments == 1)
        #expect(report.unreadable.map(\.description) == [
            "list.json: at /documents/1/fields/level/integerValue (field level): expected a decimal Int64 string or a JSON integer, found the string \"x\"",
            "notes.txt: at (root) (line 1, column 3): expected well-formed JSON, found invalid token near 'not'",
            "unnamed.json: at (root): expected a document with a name (every document of a collection has one), found a Document without name",
            "gone.json: cannot open: No such file or directory",
        ])
        #expect(report.inputs.map(\.unreadableDocuments) == [1, 0, 0, 0])
        #expect(report.inputs.map { $0.error != nil } == [false, true, true, true])
        #expect(report.headline.hasSuffix("unreadable: 3 inputs, 1 document"))
    }
}

/// A model with a `Float`, which Codable rounds into and `as? Float` does not.
private struct Score: Decodable {
    var ratio: Float
}

/// A model whose tags decode themselves from single values: `SchemaProbe` cannot describe
/// them, so the survey has no schema to generalise paths with.
private struct TaggedCard: Decodable {
    var deck: Deck

    struct Deck: Decodable {
        var tags: [SelfDecodingCard]
    }
}

/// A model that decodes itself from a single value: `SchemaProbe` cannot describe it.
private struct SelfDecodingCard: Decodable {
    var question: String

    init(from decoder: any Decoder) throws {
        question = try decoder.singleValueContainer().decode(String.self)
    }
}
