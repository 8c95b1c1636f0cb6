import FirestoreModel
import ModelSchema

/// The candidates a shrink has tried, so that none runs twice: choice sequences as they are,
/// cases by their content (schema, reference, document, model value — not their seed or
/// choices, which do not change what a case runs).
struct CandidateCache {
    private var choices: Set<[UInt64]> = []
    private var cases: Set<CaseKey> = []

    /// Records `candidate`; false when it was tried before.
    mutating func insert(_ candidate: [UInt64]) -> Bool {
        choices.insert(candidate).inserted
    }

    /// Records `candidate`; false when a case of the same content was tried before.
    mutating func insert(_ candidate: CaseRecord) -> Bool {
        cases.insert(CaseKey(candidate)).inserted
    }
}

/// What makes two tree candidates the same case.
private struct CaseKey: Hashable {
    let schema: ModelSchema
    let reference: DocumentReference?
    let document: FirestoreMap?
    let model: ModelValue?

    init(_ record: CaseRecord) {
        schema = record.schema
        reference = record.reference
        document = record.document
        model = record.model
    }
}
