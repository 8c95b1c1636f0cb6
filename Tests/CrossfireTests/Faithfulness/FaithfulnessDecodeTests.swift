import Crossfire
import FirestoreModel
import GeneratedModels
import HandMapper
import ModelSchema
import Testing

/// The decode direction of the proof that the interpreters are faithful: for every corpus
/// schema, documents valid and faulty, as the read path hands them to an app, go through
/// - `DynamicModel` and the emitted struct's synthesized `Codable`, both by `Firestore.Decoder`:
///   the same model value, or the same kind of error at the same coding path, with the same
///   message up to the names of the schema's types (`FaithfulnessMessages`);
/// - `LenientHandMapper` and the emitted hand-written `init?(reference:data:)`: the outcome
///   `EmittedExpectation` derives from the lenient result.
@Suite("Faithfulness: decoding corpus documents")
struct FaithfulnessDecodeTests {
    @Test("DynamicModel decodes as the synthesized struct; LenientHandMapper as the emitted init?(reference:data:)",
          arguments: FaithfulnessCorpus.schemaFiles)
    func decode(schemaFile: String) throws {
        let entry = try FaithfulnessCorpus.entry(schemaFile)
        let dynamic = try DynamicModelType(schema: entry.schema)
        let lenient = LenientHandMapper(schema: entry.schema)
        let readPath = ReadPath()
        let messages = FaithfulnessMessages(schema: entry.schema)
        var report = FaithfulnessReport(schemaFile: schemaFile)
        for number in 0..<FaithfulnessCases.documentsPerSchema {
            let document = FaithfulnessCases.document(entry.schema, schemaFile: schemaFile, number: number)
            let data = readPath.data(document.document)
            report.count(document.faults.isEmpty ? "valid documents" : "faulty documents")

            let real = entry.emitted.codableDecode(data, reference: document.reference)
            let interpreted = DecodeOutcome { try dynamic.decode(data, reference: document.reference) }
            switch (real, interpreted) {
            case let (.value(expected), .value(actual)):
                report.count("Codable values")
                if expected != actual {
                    report.disagree("DynamicModel value", case: number, "struct \(expected), DynamicModel \(actual)")
                }
            case let (.failure(expected), .failure(actual)):
                report.count("Codable errors")
                if expected.kind != actual.kind || expected.path != actual.path {
                    report.disagree("DynamicModel error", case: number, "struct \(expected), DynamicModel \(actual)")
                } else if expected.message != actual.message {
                    if messages.normalized(expected.message) == messages.normalized(actual.message) {
                        report.count("Codable messages differing in type names only")
                    } else {
                        report.disagree("DynamicModel error message", case: number, "struct \(expected.message), DynamicModel \(actual.message)")
                    }
                }
            default:
                report.disagree("DynamicModel outcome", case: number, "struct \(real), DynamicModel \(interpreted); faults \(document.faults)")
            }

            let expectation = EmittedExpectation.expected(data, reference: document.reference, schema: entry.schema, mapper: lenient)
            let emitted = entry.emitted.handDecode(data, reference: document.reference)
            report.count(emitted == nil ? "hand-written inits failed" : "hand-written values")
            if !expectation.absorbed.isEmpty { report.count("defaults absorbed by an optional property") }
            if emitted != expectation.value {
                report.disagree("hand-written init", case: number,
                                "emitted \(emitted.map(\.description) ?? "nil"), expected \(expectation.value.map(\.description) ?? "nil") from the lenient defaults \(expectation.defaults)")
            }
        }
        report.finish()
        #expect(report.counted("valid documents") == FaithfulnessCases.documentsPerSchema / 2)
        #expect(report.counted("Codable values") > 0, "no document decoded: the comparison saw no value")
        #expect(report.counted("Codable errors") > 0, "no document failed: the comparison saw no error")
    }

    @Test("at least 30 corpus schemas, each with its emitted struct in GeneratedModelIndex")
    func corpusIsIndexed() throws {
        #expect(FaithfulnessCorpus.schemaFiles.count >= 30)
        #expect(GeneratedModelIndex.models.map(\.schemaFile) == FaithfulnessCorpus.schemaFiles)
        for schemaFile in FaithfulnessCorpus.schemaFiles {
            let entry = try FaithfulnessCorpus.entry(schemaFile)
            let sample = FaithfulnessCases.value(entry.schema, schemaFile: schemaFile, number: 0)
            let fits = entry.emitted.roundTrips(sample)
            #expect(fits, "\(schemaFile): the index names a struct of another shape")
        }
    }
}
