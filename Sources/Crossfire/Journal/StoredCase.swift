import FirestoreJSON
import FirestoreModel
import ModelSchema

/// A case as a journal or a regression file keeps it: the record, and, when its document
/// could not be written as REST JSON (a faulty document can hold an out-of-range
/// timestamp), why — such a case replays only from its choices. Its `case` object is written
/// (`JournalFormat.encodeCase`) and read (`StoredCase.init(_:)`) in `JournalFormat+Case.swift`.
package struct StoredCase: Sendable {
    /// The case; its `document` is nil when the document could not be stored.
    package var record: CaseRecord
    /// Why the document could not be stored, when it could not.
    package var documentError: String?

    /// Wraps a case whose document (if any) was stored.
    package init(record: CaseRecord, documentError: String? = nil) {
        self.record = record
        self.documentError = documentError
    }

    /// Whether the case can only be replayed from its choices.
    package var needsChoices: Bool { documentError != nil }
}

/// Why a stored case cannot be run again.
package struct ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is missing.
    package let message: String
    package var description: String { message }
}

extension CaseRunner {
    /// Runs a stored case: as stored, or — when its document could not be stored —
    /// regenerated from its choices, which needs this runner's generation profile to be the
    /// one the case was generated with.
    package func replay(_ stored: StoredCase) throws(ReplayError) -> CaseExecution {
        try run(materializing: stored)
    }

    /// The case a stored case stands for, with its document: the record itself, or the one
    /// its choices regenerate.
    package func materialize(_ stored: StoredCase) throws(ReplayError) -> CaseRecord {
        try run(materializing: stored).record
    }

    private func run(materializing stored: StoredCase) throws(ReplayError) -> CaseExecution {
        guard let reason = stored.documentError else { return run(stored.record) }
        guard let choices = stored.record.choices else {
            throw ReplayError(message: "the case's document could not be stored (\(reason)) and the case has no choices to regenerate it from")
        }
        var source = ChoiceSource(replaying: choices)
        return run(from: &source, seed: stored.record.seed, caseIndex: stored.record.caseIndex)
    }
}
