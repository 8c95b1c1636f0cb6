import FirestoreCodable
import FirestoreJSON
import FirestoreModel
import HandMapper
import ModelSchema

/// What a collection listener silently drops. Apps map a query's documents with
/// `compactMap { try? $0.data(as: Model.self) }` (seed 003, a Card repository's collection
/// listener): every document that fails to decode vanishes. A survey reads real documents —
/// REST documents, `documents:list` and `runQuery` responses, `DocumentEventData` payloads,
/// bundles (`DocumentFileReader`) —, decodes each as the app does, and groups the ones that
/// fail by cause (`SurveyCauseKey`), with the hand mappers' outcome on the same documents:
///
/// ```swift
/// let survey = try CollectionSurvey(schema: card)       // or CollectionSurvey(Card.self)
/// let report = survey.run([SurveyInput(name: "cards.json", bytes: bytes)])
/// #expect(report.dropped == 0, "\(report.summaryLines.joined(separator: "\n"))")
/// ```
///
/// The same inputs give the same report.
package struct CollectionSurvey {
    private let model: SurveyModel
    private let strict: StrictHandMapper?
    private let lenient: LenientHandMapper?

    /// A survey of documents decoded as the schema's root struct (through `DynamicModel`).
    /// - Throws: `DynamicModelError` when the schema cannot be compiled for coding.
    package init(schema: ModelSchema) throws {
        self.init(model: try SurveyModel(schema: schema))
    }

    /// A survey of documents decoded as `type` with `snapshot.data(as:)`. The hand mappers
    /// run with `schema`, or the one `SchemaProbe` derives from the type; when none can be
    /// derived, the report says why and leaves them out.
    package init<Model: Decodable>(_ type: Model.Type, schema: ModelSchema? = nil) {
        self.init(model: SurveyModel(type, schema: schema))
    }

    private init(model: SurveyModel) {
        self.model = model
        strict = model.schema.map(StrictHandMapper.init(schema:))
        lenient = model.schema.map(LenientHandMapper.init(schema:))
    }

    /// Reads every input and surveys its documents.
    package func run(_ inputs: [SurveyInput]) -> SurveyReport {
        var tally = SurveyTally(handMappers: model.schema != nil)
        var summaries: [SurveyInputSummary] = []
        var unreadable: [SurveyUnreadable] = []
        for input in inputs {
            let contents = SurveyInputContents(input)
            unreadable += contents.unreadable
            let dropped = contents.documents.filter { tally.add($0, survey($0), model: model) }.count
            summaries.append(SurveyInputSummary(
                name: input.name, form: contents.form, documents: contents.documents.count, dropped: dropped, absent: contents.absent,
                unreadableDocuments: contents.isUnreadable ? 0 : contents.unreadable.count,
                error: contents.unreadable.first(where: \.isWholeInput)?.message))
        }
        return tally.report(model: model, inputs: summaries, unreadable: unreadable)
    }

    /// Surveys documents already read (the report lists no inputs).
    package func run(documents: [SurveyDocument]) -> SurveyReport {
        var tally = SurveyTally(handMappers: model.schema != nil)
        for document in documents { tally.add(document, survey(document), model: model) }
        return tally.report(model: model, inputs: [], unreadable: [])
    }

    /// Every mapper over one document.
    private func survey(_ document: SurveyDocument) -> DocumentOutcome {
        let snapshot = DocumentSnapshot(reference: document.reference, fields: document.fields)
        var outcome = DocumentOutcome()
        do {
            try model.read(snapshot)
        } catch {
            outcome.failure = MappingFailure(codingError: error)
        }
        guard let strict, let lenient else { return outcome }
        let data = ReadPath(database: document.reference.database).data(document.fields)
        do throws(MappingError) {
            _ = try strict.decode(data, reference: document.reference)
        } catch {
            outcome.strictError = error
            outcome.strictRejection = "\(error.kind.rawValue) at \(model.generalised(error.path))"
        }
        let read = lenient.decode(data, reference: document.reference)
        outcome.lenientDefaults = read.defaults.map { silent in
            "\(model.generalised(silent.path)) = \(silent.substituted) in place of \(HandMapperTally.replaced(silent.kind))"
        }
        return outcome
    }
}

/// What the mappers made of one document.
struct DocumentOutcome {
    /// The Codable mapper's failure; nil when the app keeps the document.
    var failure: MappingFailure?
    /// The strict hand mapper's error, and its kind at its generalised path.
    var strictError: MappingError?
    var strictRejection: String?
    /// The lenient hand mapper's defaults, in words.
    var lenientDefaults: [String] = []

    /// Whether the strict mapper failed as the Codable mapper did: same kind, same path.
    var strictAlike: Bool {
        guard let failure, let strictError else { return false }
        return FailureKind(strictError.kind) == failure.kind && strictError.path == failure.path
    }
}
