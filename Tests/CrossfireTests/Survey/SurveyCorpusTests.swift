import Crossfire
import FirestoreCodable
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// The survey's findings over the committed Card collection (`Corpus/survey/cards`), pinned:
/// seed 003's Card repository maps these documents with
/// `compactMap { try? $0.data(as: Card.self) }`.
@Suite struct SurveyCorpusTests {
    private func survey() throws -> SurveyReport {
        try CollectionSurvey(schema: SurveyFixtures.cardSchema()).run(SurveyFixtures.inputs(in: SurveyFixtures.cards))
    }

    @Test func everyFormIsReadAndCounted() throws {
        let report = try survey()
        #expect(report.inputs.map(\.name) == ["page-1.list.json", "page-2.runquery.json", "shared-deck.bundle", "single-c15.json", "single-c16.json"]
            .map { "Corpus/survey/cards/" + $0 })
        #expect(report.inputs.map(\.form) == [.listResponse, .runQueryResponse, .bundle, .document, .document])
        #expect(report.inputs.map(\.documents) == [6, 4, 4, 1, 1])
        #expect(report.inputs.map(\.dropped) == [2, 2, 2, 0, 0])
        #expect(report.inputs.map(\.absent) == [0, 0, 1, 0, 0])
        #expect(report.unreadable.isEmpty)
        #expect(report.documents == 16)
        #expect(report.dropped == 6)
    }

    @Test func theCausesArePinned() throws {
        let report = try survey()
        #expect(report.causes.map { "\($0.count) \($0.key) \($0.documents)" } == [
            "2 successful: keyNotFound, expected Bool, found nothing [\"cards/c03\", \"cards/c09\"]",
            "1 answer: valueNotFound, expected String, found null [\"cards/c07\"]",
            "1 successful: typeMismatch, expected Bool, found a string [\"cards/c05\"]",
            "1 successful: typeMismatch, expected Bool, found an integer [\"cards/c13\"]",
            "1 userId: typeMismatch, expected String?, found an integer [\"cards/c11\"]",
        ])
        #expect(report.causes.map { "\($0.example.input) \($0.example.location)" } == [
            "Corpus/survey/cards/page-1.list.json /documents/2",
            "Corpus/survey/cards/page-2.runquery.json /0/document",
            "Corpus/survey/cards/page-1.list.json /documents/4",
            "Corpus/survey/cards/shared-deck.bundle element 7, /document",
            "Corpus/survey/cards/shared-deck.bundle element 3, /document",
        ])
    }

    @Test func theHandMappersArePinned() throws {
        let report = try survey()
        #expect(report.causes.map { $0.handMappers?.strictRejectsAlike } == [2, 1, 1, 1, 1], "the strict mapper rejects every one as Codable does")
        #expect(report.causes.map { $0.handMappers?.lenientDefaults.map(\.text) } == [
            ["successful = false in place of a missing key"],
            ["answer = \"\" in place of null"],
            ["successful = false in place of a value of another type"],
            [],
            ["userId = nil in place of a value of another type"],
        ])
        #expect(report.causes[3].example.lenient == "reads it without putting in a default",
                "as? Bool bridges the number 1 to true: the lenient mapper takes what Codable refuses")
        let kept = try #require(report.handMappersOnKept)
        #expect(kept.documents == 10)
        #expect(kept.strictAccepts == 10)
        #expect(kept.lenientWithDefaults == 0)
    }
}

/// The survey over the real-world JSON in `Corpus/external`, pinned: what it reads, what it
/// cannot, and what a model drops.
@Suite struct SurveyExternalDataTests {
    private static let sources = ["firebase-sdk-bundle-spec", "firestore-conformance", "google-cloudevents-firestore", "tekartik-firestore-rest-capture"]

    @Test func cardsFromEverySourceAreCounted() throws {
        let inputs = try Self.sources.flatMap { try SurveyFixtures.inputs(in: SurveyFixtures.external.appendingPathComponent($0)) }
        let report = try CollectionSurvey(schema: SurveyFixtures.cardSchema()).run(inputs)
        #expect(report.inputs.count == 241)
        #expect(report.documents == 3)
        #expect(report.unreadableInputs == 238, "licences, READMEs, a JSON Schema and the test files of two test suites")
        #expect(report.unreadableDocuments == 0)
        #expect(report.inputs.filter { $0.form != nil }.map(\.name) == [
            "Corpus/external/google-cloudevents-firestore/DocumentEventData-complex.json",
            "Corpus/external/google-cloudevents-firestore/DocumentEventData-simple.json",
            "Corpus/external/tekartik-firestore-rest-capture/data-types-document.json",
        ])
        #expect(report.causes.map { "\($0.count) \($0.key)" } == ["3 question: keyNotFound, expected String, found nothing"])
    }

    @Test func aModelOfOneEventDocumentDropsTheOther() throws {
        let folder = SurveyFixtures.external.appendingPathComponent("google-cloudevents-firestore")
        let inputs = try SurveyFixtures.inputs(in: folder).filter { $0.name.hasSuffix("-complex.json") || $0.name.hasSuffix("-simple.json") }
        let report = CollectionSurvey(EventDocument.self).run(inputs)
        #expect(report.documents == 2)
        #expect(report.causes.map { "\($0.count) \($0.key) \($0.example.path)" } == [
            "1 mapValue{}: typeMismatch, expected String, found an array mapValue.field2",
            "1 stringValue: keyNotFound, expected String, found nothing stringValue",
        ])
    }

    @Test func theRESTCaptureDecodesIntoEveryType() throws {
        let folder = SurveyFixtures.external.appendingPathComponent("tekartik-firestore-rest-capture")
        let report = CollectionSurvey(DataTypesDocument.self).run(try SurveyFixtures.inputs(in: folder).filter { $0.name.hasSuffix(".json") })
        #expect(report.documents == 1)
        #expect(report.dropped == 0, "\(report.summaryLines)")
    }

    @Test func theSpecTestBundlesAreKept() throws {
        let spec = try PlainJSONReader().readValue(from: SurveyFixtures.inputBytes("firebase-sdk-bundle-spec/bundle_spec_test.json"))
        guard case .map(let tests) = spec else { Issue.record("the spec file is not an object"); return }
        var inputs: [SurveyInput] = []
        for (name, test) in tests.sorted(by: { $0.key < $1.key }) {
            guard case .map(let fields) = test, case .array(let steps)? = fields["steps"] else { continue }
            for (index, step) in steps.enumerated() {
                guard case .map(let stepFields) = step, case .string(let bundle)? = stepFields["loadBundle"] else { continue }
                inputs.append(SurveyInput(name: "\(name) step \(index)", bytes: Array(bundle.utf8)))
            }
        }
        let report = CollectionSurvey(SpecDocument.self).run(inputs)
        #expect(inputs.count == 13)
        #expect(report.inputs.allSatisfy { $0.form == .bundle })
        #expect(report.documents == 11)
        #expect(report.inputs.reduce(0) { $0 + $1.absent } == 2)
        #expect(report.dropped == 0)
    }
}

/// The `gcf-test` collection of the CloudEvents payloads, modelled after its one document
/// with a field of every kind.
private struct EventDocument: Decodable {
    var stringValue: String
    var intValue: Int
    var doubleValue: Double
    var booleanValue: Bool
    var timestampValue: Date
    var geoPointValue: GeoPoint
    var referenceValue: DocumentReference
    var arrayValue: [Int]
    var mapValue: [String: String]
    var nullValue: String?
}

/// The REST capture's document, one property per field.
private struct DataTypesDocument: Decodable {
    var intVal: Int
    var doubleVal: Double
    var boolVal: Bool
    var stringVal: String
    var tsVal: Timestamp
    var geoVal: GeoPoint
    var refVal: DocumentReference
    var blobVal: Data
    var listVal: [Int]
    var nestedVal: [String: String]
}

/// The documents of the bundle spec tests.
private struct SpecDocument: Decodable {
    var value: String
}
