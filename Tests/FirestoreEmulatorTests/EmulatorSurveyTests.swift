import Crossfire
import CrossfireTestSupport
import FirestoreEmulator
import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// `crossfire survey` of an emulator collection: the same documents written to the emulator
/// and to files give the same survey, every count of it; the command lists the collection
/// page by page and says an empty one plainly.
@Suite struct EmulatorSurveyTests {
    /// The Card corpus's documents (`Corpus/survey/cards`, every form it holds), each moved
    /// into `collection` of `database` under its own document ID.
    private func cardDocuments(in collection: String, database: DatabaseID) throws -> [RESTDocument] {
        let folder = TestRepository.root.appendingPathComponent("Corpus/survey/cards")
        var documents: [RESTDocument] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let file = try DocumentFileReader().read(from: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
            for entry in file.documents {
                let document = try entry.document.get()
                let id = try #require(document.reference?.segments.last)
                documents.append(RESTDocument(reference: try DocumentReference(segments: [collection, id], database: database), fields: document.fields))
            }
        }
        return documents
    }

    /// The Card schema the corpus is surveyed with.
    private func cardSurvey() throws -> CollectionSurvey {
        try CollectionSurvey(schema: ModelSchema(json: Data(contentsOf: TestRepository.root.appendingPathComponent("Corpus/schemas/card.json"))))
    }

    /// The documents written one REST Document file each into a new folder, read back as the
    /// survey's inputs.
    private func files(_ documents: [RESTDocument]) throws -> (folder: URL, inputs: [SurveyInput]) {
        let folder = try TemporaryFolder.make(prefix: "crossfire-survey-files")
        var inputs: [SurveyInput] = []
        for (index, document) in documents.enumerated() {
            let url = folder.appendingPathComponent("document-\(index).json")
            try Data(RESTJSONWriter().write(document)).write(to: url)
            inputs.append(SurveyInput(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
        }
        return (folder, inputs)
    }

    /// A cause without where its example was read (an input's name and the place in it).
    private func unplaced(_ cause: SurveyCause) -> SurveyCause {
        var cause = cause
        cause.example.input = ""
        cause.example.location = .root
        return cause
    }

    @Test func aCollectionOfTheEmulatorSurveysAsTheSameDocumentsInFiles() throws {
        let client = try SharedEmulator.emulator().client()
        let collection = SharedEmulator.collection("cards")
        let documents = try cardDocuments(in: collection, database: client.database)
        #expect(Set(documents.compactMap(\.reference)).count == documents.count, "every corpus card has an ID of its own")
        try client.commit(documents)
        let (folder, inputs) = try files(documents)
        defer { try? FileManager.default.removeItem(at: folder) }
        let survey = try cardSurvey()
        let fromFiles = survey.run(inputs)
        // Five documents a page: the sixteen cards come in four pages.
        let listed = try client.listFile(collection: collection, pageSize: 5)
        #expect(Set(listed.documents.map { $0.location.record }) == [0, 1, 2, 3])
        let fromEmulator = survey.run([SurveyInput(name: "emulator", file: listed)])

        #expect(fromFiles.documents == 16 && fromFiles.dropped == 6, "the corpus's counts: \(fromFiles.summaryLines)")
        #expect(fromEmulator.documents == fromFiles.documents)
        #expect(fromEmulator.dropped == fromFiles.dropped)
        #expect(fromEmulator.causes.map(unplaced) == fromFiles.causes.map(unplaced))
        #expect(fromEmulator.handMappersOnKept == fromFiles.handMappersOnKept)
        #expect(fromEmulator.handMapperProblem == nil && fromFiles.handMapperProblem == nil)
        #expect(fromEmulator.unreadable.isEmpty && fromFiles.unreadable.isEmpty)
        #expect(fromEmulator.inputs.map(\.form) == [.listResponse])
        let counts: [KeyPath<SurveyInputSummary, Int>] = [\.documents, \.dropped, \.absent, \.unreadableDocuments]
        for count in counts {
            let emulatorTotal = fromEmulator.inputs.reduce(0) { $0 + $1[keyPath: count] }
            let filesTotal = fromFiles.inputs.reduce(0) { $0 + $1[keyPath: count] }
            #expect(emulatorTotal == filesTotal, "\(count)")
        }
        #expect(fromEmulator.summaryLines.dropFirst() == fromFiles.summaryLines.dropFirst(), "every line but the headline's count of inputs")
    }

    @Test func theCommandSurveysACollectionAndSaysAnEmptyOnePlainly() throws {
        let emulator = try SharedEmulator.emulator()
        let client = emulator.client()
        let collection = SharedEmulator.collection("cards")
        let documents = try cardDocuments(in: collection, database: client.database)
        try client.commit(documents)
        let (folder, inputs) = try files(documents)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromFiles = try cardSurvey().run(inputs)
        let out = try TemporaryFolder.make(prefix: "crossfire-survey-out")
        defer { try? FileManager.default.removeItem(at: out) }
        let command = ["survey", "--schema", "Corpus/schemas/card.json", "--emulator", emulator.host.description, "--project", emulator.projectID]

        let run = try ProcessRunner.crossfire(command + ["--collection", collection, "--out", out.path], in: TestRepository.root)
        #expect(run.status == 1, "documents are dropped: \(run.errorLines)")
        #expect(run.errorOutput.isEmpty)
        let source = "emulator \(emulator.host) \(client.database.resourceName)/documents/\(collection)"
        #expect(run.outputLines.first == "Card: 16 documents in 1 input; compactMap { try? $0.data(as: Card.self) } drops 6 of them silently (5 causes)")
        #expect(Array(run.outputLines.dropFirst().dropLast(2)) == Array(fromFiles.summaryLines.dropFirst()))
        let json = try String(contentsOf: out.appendingPathComponent("survey.json"), encoding: .utf8)
        #expect(json.contains(source), "the report names the collection it listed")

        let empty = try ProcessRunner.crossfire(command + ["--collection", "\(collection)-none", "--out", out.path], in: TestRepository.root)
        #expect(empty.status == 0)
        #expect(empty.outputLines.first == "Card: 0 documents in 1 input; compactMap { try? $0.data(as: Card.self) } keeps every one")
        #expect(empty.errorLines == ["crossfire survey: \(source)-none holds no documents (Firestore keeps no empty collection: is the path or the project another?)"])
    }
}
