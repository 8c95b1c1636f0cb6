import FirestoreModel

/// The documents of a survey as they come in: the dropped ones grouped by cause, each cause
/// with its documents, its first document as example and the hand mappers' tally, and the
/// hand mappers' tally over the kept ones.
struct SurveyTally {
    private var causes: [SurveyCauseKey: SurveyCause] = [:]
    private var kept: HandMapperTally?
    private var documents = 0

    /// A tally; `handMappers` says whether the hand mappers run.
    init(handMappers: Bool) {
        kept = handMappers ? HandMapperTally() : nil
    }

    /// Counts one document; whether the app drops it.
    @discardableResult
    mutating func add(_ document: SurveyDocument, _ outcome: DocumentOutcome, model: SurveyModel) -> Bool {
        documents += 1
        guard let failure = outcome.failure else {
            kept?.add(strictRejection: outcome.strictRejection, alike: false, lenientDefaults: outcome.lenientDefaults)
            return false
        }
        let held = document.fields.value(at: failure.path)
        let found: String
        switch failure.kind {
        case .keyNotFound: found = StoredValueWords.words(nil)
        case .valueNotFound: found = StoredValueWords.words(.null)
        default: found = StoredValueWords.words(held)
        }
        let key = SurveyCauseKey(kind: failure.kind, field: failure.hasPath ? model.generalised(failure.path) : "(root)",
                                 expected: model.expectedType(at: failure.path, failure: failure), found: found)
        if causes[key] == nil {
            let example = SurveyExample(
                reference: document.reference, input: document.input, location: document.location, path: failure.path,
                value: failure.kind == .keyNotFound ? nil : held, message: failure.message, fields: document.fields,
                strict: kept == nil ? nil : outcome.strictError.map { "rejects it: \($0)" } ?? "accepts it",
                lenient: kept == nil ? nil : outcome.lenientDefaults.isEmpty
                    ? "reads it without putting in a default" : "reads it with " + outcome.lenientDefaults.joined(separator: "; "))
            causes[key] = SurveyCause(key: key, documents: [], example: example, handMappers: kept == nil ? nil : HandMapperTally())
        }
        causes[key]?.documents.append(document.name)
        causes[key]?.handMappers?.add(strictRejection: outcome.strictRejection, alike: outcome.strictAlike,
                                      lenientDefaults: outcome.lenientDefaults)
        return true
    }

    /// The report: causes with the most documents first, then by key.
    func report(model: SurveyModel, inputs: [SurveyInputSummary], unreadable: [SurveyUnreadable]) -> SurveyReport {
        let ordered = causes.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key }
        return SurveyReport(model: model.name, inputs: inputs, documents: documents, causes: ordered, unreadable: unreadable,
                            handMappersOnKept: kept, handMapperProblem: model.schemaProblem)
    }
}
