import Crossfire
import FirestoreModel
import HandMapper
import ModelSchema
import Testing

/// The encode direction of the proof that the interpreters are faithful: for every corpus
/// schema, model values — what an app hands `setData(from:)` — are encoded, and what the
/// SDK's write path stores is compared as typed values (sets and enum-keyed dictionaries as
/// multisets, `StoredComparison`):
/// - `DynamicModel` against the emitted struct (built by `init?(modelValue:)`), both through
///   `Firestore.Encoder`: the same stored document, or the same kind of failure at the same
///   path;
/// - `LenientHandMapper.encode` against the emitted `var dictionary`: always the same
///   outcome; `StrictHandMapper.encode` against it wherever strict encoding succeeds, and
///   where it refuses a value (NaN, ±infinity), the real struct's `Firestore.Encoder` refuses
///   it too, with the same kind at the same place: the coding path, or — inside a nested
///   container a hand-written `encode(to:)` opened, where the SDK's coding path leaves out the
///   container's key — the place the Codable mapper locates (`MappingFailure.place`).
@Suite("Faithfulness: encoding corpus model values")
struct FaithfulnessEncodeTests {
    @Test("DynamicModel encodes as the synthesized struct; HandMapper as the emitted var dictionary",
          arguments: FaithfulnessCorpus.schemaFiles)
    func encode(schemaFile: String) throws {
        let entry = try FaithfulnessCorpus.entry(schemaFile)
        let dynamic = try DynamicModelType(schema: entry.schema)
        let lenient = LenientHandMapper(schema: entry.schema)
        let strict = StrictHandMapper(schema: entry.schema)
        let codable = try CodableMapperFactory().makeMapper(for: entry.schema)
        let comparison = StoredComparison(schema: entry.schema)
        var report = FaithfulnessReport(schemaFile: schemaFile)
        for number in 0..<FaithfulnessCases.valuesPerSchema {
            let value = FaithfulnessCases.value(entry.schema, schemaFile: schemaFile, number: number)
            guard entry.emitted.roundTrips(value),
                  let real = entry.emitted.codableStored(value),
                  let dictionary = entry.emitted.dictionaryStored(value)
            else {
                report.disagree("init?(modelValue:)", case: number, "the emitted struct does not hold the generated value \(value)")
                continue
            }
            report.count("model values")

            let interpreted = StoredOutcome { try dynamic.encode(value) }
            if case .document = real { report.count("Codable documents") } else { report.count("Codable failures") }
            if !comparison.agree(real, interpreted) {
                report.disagree("DynamicModel encode", case: number, "struct \(real), DynamicModel \(interpreted)")
            }

            let lenientStored = StoredOutcome { lenient.encode(value) }
            if !comparison.agree(dictionary, lenientStored) {
                report.disagree("LenientHandMapper encode", case: number, "dictionary \(dictionary), lenient \(lenientStored)")
            }
            let strictStored = StoredOutcome(handMapper: { () throws(MappingError) in try strict.encode(value) })
            switch strictStored {
            case .failure(let refusal) where refusal.kind != .writeRejected:
                report.count("strict refusals")
                let located: StoredOutcome = switch codable.encode(value) {
                case .failure(let failure): .failure(MappingFailure(kind: failure.kind, path: failure.leafPath, message: failure.message))
                case .success: real
                }
                if !comparison.agree(strictStored, real) && !comparison.agree(strictStored, located) {
                    report.disagree("StrictHandMapper refusal", case: number, "strict \(refusal), struct through Firestore.Encoder \(real)")
                }
            default:
                if !comparison.agree(dictionary, strictStored) {
                    report.disagree("StrictHandMapper encode", case: number, "dictionary \(dictionary), strict \(strictStored)")
                }
            }
        }
        report.finish()
        #expect(report.counted("model values") == FaithfulnessCases.valuesPerSchema)
        #expect(report.counted("Codable documents") > 0, "no value was stored: the comparison saw no document")
    }
}
