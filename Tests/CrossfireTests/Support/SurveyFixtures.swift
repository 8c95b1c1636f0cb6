import Crossfire
import CrossfireTestSupport
import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema

/// The committed data the survey tests read, and a model type of their own.
enum SurveyFixtures {
    /// `Corpus/survey/cards`: seed 003's Card collection in every form a survey reads.
    static let cards = TestRepository.root.appendingPathComponent("Corpus/survey/cards")

    /// `Corpus/external`.
    static let external = TestRepository.root.appendingPathComponent("Corpus/external")

    /// Seed 003's `Card` (`Corpus/schemas/card.json`).
    static func cardSchema() throws -> ModelSchema {
        try ModelSchema(json: Data(contentsOf: TestRepository.root.appendingPathComponent("Corpus/schemas/card.json")))
    }

    /// The files directly in a folder, by name, as inputs named by their path from the
    /// TestRepository.root root (as `crossfire survey` names them when run there).
    static func inputs(in folder: URL) throws -> [SurveyInput] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        return try names.map { name in
            let file = folder.appendingPathComponent(name)
            let relative = String(file.path.dropFirst(TestRepository.root.path.count + 1))
            return SurveyInput(name: relative, bytes: Array(try Data(contentsOf: file)))
        }
    }

    /// A document of collection `cards` in project `deck-app`.
    static func document(_ id: String, _ fields: FirestoreMap) throws -> SurveyDocument {
        SurveyDocument(reference: try DocumentReference(path: "cards/\(id)", database: DatabaseID(projectID: "deck-app")),
                       fields: fields, input: "built in the test")
    }
}

/// A flash card with more to break than seed 003's `Card`: an `Int8` that a number can
/// overflow, and hints in an array, so that a cause's field is generalised (`hints[].text`).
struct Flashcard: Decodable {
    @DocumentID var id: String?
    var question: String
    var answer: String
    var level: Int8
    var hints: [Hint]

    struct Hint: Decodable {
        var text: String
        var shown: Bool
    }
}

extension SurveyFixtures {
    /// The bytes of a file under `Corpus/external`.
    static func inputBytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: external.appendingPathComponent(path)))
    }
}
