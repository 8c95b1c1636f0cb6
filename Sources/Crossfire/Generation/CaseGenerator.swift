import FirestoreModel
import ModelSchema

/// A case for the decode direction: a schema, the document's reference and a document —
/// valid, or with the faults listed.
package struct DecodeCase: Hashable, Sendable {
    /// The model type.
    package var schema: ModelSchema
    /// The document's reference (what `@DocumentID` reads); nil only if none could be made.
    package var reference: DocumentReference?
    /// The document, faulty when `faults` is not empty.
    package var document: FirestoreMap
    /// The injected faults; empty for a valid document.
    package var faults: [Fault]
}

/// A case for the encode direction: a schema and a value of it.
package struct EncodeCase: Hashable, Sendable {
    /// The model type.
    package var schema: ModelSchema
    /// A value of the root struct.
    package var value: ModelValue
}

/// Draws whole cases from one `ChoiceSource`, always in the same order — schema, then
/// reference, document and faults (or the model value) — so that a recorded choice
/// sequence replays the whole case.
package struct CaseGenerator: Sendable {
    /// The knobs of generation.
    package let profile: GenerationProfile
    /// The probability that a decode case's document gets faults.
    package let faultProbability: Double
    /// How often each class of fault is picked.
    package let faultWeights: FaultWeights
    /// The most faults in one document.
    package let maxFaults: Int
    private let schemas: SchemaGenerator

    /// A case generator.
    package init(profile: GenerationProfile = .default, faultProbability: Double = 0.5, faultWeights: FaultWeights = .default, maxFaults: Int = 3) {
        self.profile = profile
        self.faultProbability = faultProbability
        self.faultWeights = faultWeights
        self.maxFaults = maxFaults
        schemas = SchemaGenerator(profile: profile)
    }

    /// A schema, a reference and a document, faulty with `faultProbability`; with the
    /// profile's `situationTargetProbability`, one of the grid's situations is put into it on
    /// purpose (`SituationTarget`), its fault (if it has one) first.
    package func decodeCase(from source: inout ChoiceSource) -> DecodeCase {
        indexedDecodeCase(from: &source).decodeCase
    }

    /// `decodeCase(from:)`, and the schema's index for the model value drawn after it (built
    /// once for both generators).
    func indexedDecodeCase(from source: inout ChoiceSource) -> (decodeCase: DecodeCase, index: SchemaIndex) {
        let (schema, target) = schemas.generateTargeted(from: &source)
        let index = SchemaIndex(schema)
        let documents = DocumentGenerator(index: index, profile: profile, target: target)
        let reference = documents.reference(from: &source)
        let generated = documents.generateWithTarget(from: &source)
        guard source.bool(probability: faultProbability) else {
            return (DecodeCase(schema: schema, reference: reference, document: generated.document, faults: generated.faults), index)
        }
        let mutator = Mutator(values: documents, maxFaults: maxFaults, averageFaults: Mutator.defaultAverageFaults, classWeights: faultWeights)
        let mutated = mutator.mutate(generated, from: &source)
        return (DecodeCase(schema: schema, reference: reference, document: mutated.document, faults: mutated.faults), index)
    }

    /// A schema and a value of it.
    package func encodeCase(from source: inout ChoiceSource) -> EncodeCase {
        let schema = schemas.generate(from: &source)
        let value = ModelValueGenerator(schema: schema, profile: profile).generate(from: &source)
        return EncodeCase(schema: schema, value: value)
    }
}
