import Crossfire
import Foundation
import FirestoreModel
import ModelSchema

/// The documents and model values the faithfulness tests feed every mapper: each drawn from
/// a `ChoiceSource` seeded by the schema file and the case number, so a case named in a
/// failure is replayed by its number alone.
enum FaithfulnessCases {
    /// How many times more cases than the 200 a schema gets by default:
    /// `CROSSFIRE_FAITHFULNESS_SCALE=10` for a longer search (CI keeps 1).
    static let scale = ProcessInfo.processInfo.environment["CROSSFIRE_FAITHFULNESS_SCALE"].flatMap { Int($0) }.map { max(1, $0) } ?? 1
    /// How many documents each schema is decoded from: the even-numbered valid, the
    /// odd-numbered with one to three faults.
    static let documentsPerSchema = 200 * scale
    /// How many model values of each schema are encoded.
    static let valuesPerSchema = 200 * scale

    /// The reference documents are read under when the generator makes none.
    static let fallbackReference = try! DocumentReference(path: "faithfulness/document")

    /// One decode case.
    struct Document {
        let number: Int
        let reference: DocumentReference
        let document: FirestoreMap
        let faults: [Fault]
    }

    /// The profile of case `number`: numbers 2 and 3 of every four (a valid and a faulty
    /// document) stress edge values.
    static func profile(_ number: Int) -> GenerationProfile {
        number % 4 >= 2 ? .edges : .default
    }

    /// Decode case `number` of a schema.
    static func document(_ schema: ModelSchema, schemaFile: String, number: Int) -> Document {
        var source = ChoiceSource(seed: FaithfulnessCorpus.seed(schemaFile, "decode", number))
        let profile = profile(number)
        let generator = DocumentGenerator(schema: schema, profile: profile)
        let reference = generator.reference(from: &source) ?? fallbackReference
        let valid = generator.generate(from: &source)
        guard number % 2 == 1 else { return Document(number: number, reference: reference, document: valid, faults: []) }
        let mutated = Mutator(schema: schema, profile: profile).mutate(valid, from: &source)
        return Document(number: number, reference: reference, document: mutated.document, faults: mutated.faults)
    }

    /// Encode case `number` of a schema: a model value.
    static func value(_ schema: ModelSchema, schemaFile: String, number: Int) -> ModelValue {
        var source = ChoiceSource(seed: FaithfulnessCorpus.seed(schemaFile, "encode", number))
        return ModelValueGenerator(schema: schema, profile: profile(number)).generate(from: &source)
    }
}
