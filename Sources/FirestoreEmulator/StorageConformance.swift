import FirestoreJSON
import FirestoreModel

/// A storage model checked against the emulator: documents are written to it as they are, and
/// each one's fate — refused, or stored and read back — is compared with what the model says.
///
/// The documents the model stores go in one commit (a commit is atomic: when the emulator
/// refuses it, the batch is halved until the refused documents stand alone), then one
/// `batchGet` reads them back; each document the model refuses goes alone, since the
/// emulator's message is about one write and says which rule.
package struct StorageConformance: Sendable {
    /// The client of the emulator the documents are written to.
    package let client: FirestoreRESTClient
    /// The model the emulator is compared with.
    package let model: any StoragePrediction

    /// A comparison of `model` against the emulator `client` writes to.
    package init(client: FirestoreRESTClient, model: any StoragePrediction = StorageModel()) {
        self.client = client
        self.model = model
    }

    /// Every difference between the model and the emulator over `documents` (each with a
    /// distinct reference, taken into the client's database), in document order.
    /// - Throws: what kept a request from being answered (not a refusal: that is compared).
    package func differences(_ documents: [(reference: DocumentReference, fields: FirestoreMap)]) throws(EmulatorError) -> [StorageDifference] {
        try compare(documents).differences
    }

    /// The differences between the model and the emulator over `documents` (each with a
    /// distinct reference, taken into the client's database), and what the emulator gave back
    /// for each one it stored.
    /// - Throws: what kept a request from being answered (not a refusal: that is compared).
    package func compare(_ documents: [(reference: DocumentReference, fields: FirestoreMap)]) throws(EmulatorError) -> StorageComparison {
        var results: [[StorageDifference]] = Array(repeating: [], count: documents.count)
        var readBacks: [FirestoreMap?] = Array(repeating: nil, count: documents.count)
        var storable: [Int] = []
        for (index, document) in documents.enumerated() {
            let violations = model.violations(in: document.fields, documentPath: client.reference(document.reference).path)
            if violations.isEmpty {
                storable.append(index)
            } else {
                results[index] = try refusedByModel(document, violations)
            }
        }
        var stored: [Int] = []
        try commit(storable, of: documents, stored: &stored, results: &results)
        let found = try client.batchGet(stored.map { documents[$0].reference })
        for index in stored {
            let document = documents[index]
            let readBack = found[client.reference(document.reference)]?.fields
            readBacks[index] = readBack
            let predicted = model.stored(document.fields)
            guard let readBack else {
                results[index] = [StorageDifference(document: document.reference, path: .root,
                                                    kind: .readBack(predicted: .map(predicted), emulator: nil))]
                continue
            }
            if let (path, left, right) = StorageDifference.firstLeaf(predicted, readBack) {
                results[index] = [StorageDifference(document: document.reference, path: path, kind: .readBack(predicted: left, emulator: right))]
            }
        }
        return StorageComparison(differences: results.flatMap { $0 }, readBack: readBacks)
    }

    /// A document the model refuses, written alone: the emulator must refuse it for one of the
    /// model's rules, at the field its message names.
    private func refusedByModel(_ document: (reference: DocumentReference, fields: FirestoreMap),
                                _ violations: [LimitViolation]) throws(EmulatorError) -> [StorageDifference] {
        do {
            try client.commit([RESTDocument(reference: document.reference, fields: document.fields)])
        } catch .refused(let refusal) where refusal.httpStatus != 0 {
            let reason = EmulatorRefusalReason(message: refusal.message)
            if violations.contains(where: reason.matches) { return [] }
            return [StorageDifference(document: document.reference, path: reason.place(in: document.fields) ?? violations[0].path,
                                      kind: .refusedForAnotherRule(modelRules: violations.map(\.rule), message: refusal.message))]
        } catch .refused {
            // The REST writer cannot write it (a timestamp outside years 1-9999): nothing to send.
            return []
        }
        return [StorageDifference(document: document.reference, path: violations[0].path,
                                  kind: .storedThoughRefused(rule: violations[0].rule))]
    }

    /// Commits the documents at `indexes` together; on a refusal, each half on its own, down to
    /// single documents, whose refusal is a difference. `stored` collects the ones written.
    private func commit(_ indexes: [Int], of documents: [(reference: DocumentReference, fields: FirestoreMap)],
                        stored: inout [Int], results: inout [[StorageDifference]]) throws(EmulatorError) {
        guard !indexes.isEmpty else { return }
        do {
            try client.commit(indexes.map { RESTDocument(reference: documents[$0].reference, fields: documents[$0].fields) })
            stored += indexes
        } catch .refused(let refusal) where refusal.httpStatus != 0 {
            guard indexes.count > 1 else {
                let document = documents[indexes[0]]
                let path = EmulatorRefusalReason(message: refusal.message).place(in: document.fields) ?? .root
                results[indexes[0]] = [StorageDifference(document: document.reference, path: path,
                                                         kind: .refusedThoughStored(message: refusal.message))]
                return
            }
            let half = indexes.count / 2
            try commit(Array(indexes[..<half]), of: documents, stored: &stored, results: &results)
            try commit(Array(indexes[half...]), of: documents, stored: &stored, results: &results)
        } catch .refused {
            // The REST writer cannot write one of them: each alone, so the others still go.
            guard indexes.count > 1 else { return }
            for index in indexes { try commit([index], of: documents, stored: &stored, results: &results) }
        }
    }
}

/// What `StorageConformance.compare` found: the differences, and the documents the emulator
/// gave back.
package struct StorageComparison: Sendable {
    /// Every difference between the model and the emulator, in document order.
    package var differences: [StorageDifference]
    /// For each document compared, in order, what the emulator gave back for it; nil for one it
    /// refused (or did not give back).
    package var readBack: [FirestoreMap?]
}
