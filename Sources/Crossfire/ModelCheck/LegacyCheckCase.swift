import FirestoreJSON
import FirestoreModel

/// One case of a `LegacyMapperCheck`: the document, the faults injected into it, what each
/// mapper made of it, and their disagreements. Replayed from `choices`.
public struct LegacyCheckCase: Hashable, Sendable, CustomStringConvertible {
    /// The choices the case was made from (`LegacyMapperCheck.check(choices:)` replays them).
    public var choices: [UInt64]
    /// The document's reference (nil only for a case that could not be run).
    public var reference: DocumentReference?
    /// The stored document both mappers read.
    public var document: FirestoreMap
    /// The faults injected into an otherwise valid document; empty for a valid one.
    public var faults: [Fault]
    /// What the Codable mapper made of the document: the value, or its error with its path.
    public var codableOutcome: String
    /// What the legacy mapper made of it.
    public var legacyOutcome: String
    /// Where the two disagree; empty when they agree.
    public var disagreements: [LegacyDisagreement]

    /// Creates a case.
    public init(
        choices: [UInt64], reference: DocumentReference?, document: FirestoreMap, faults: [Fault], codableOutcome: String,
        legacyOutcome: String, disagreements: [LegacyDisagreement]
    ) {
        self.choices = choices
        self.reference = reference
        self.document = document
        self.faults = faults
        self.codableOutcome = codableOutcome
        self.legacyOutcome = legacyOutcome
        self.disagreements = disagreements
    }

    /// A case that could not be run: no document reference could be drawn from its choices.
    init(notRunFrom choices: [UInt64]) {
        self.init(
            choices: choices, reference: nil, document: [:], faults: [], codableOutcome: "not run: no document reference",
            legacyOutcome: "not run: no document reference", disagreements: [])
    }

    /// The finding classes the case shows.
    public var classes: Set<LegacyFindingClass> { Set(disagreements.map(\.findingClass)) }

    /// The document as Firestore REST JSON (indented), or its description when REST JSON cannot
    /// hold it.
    public var documentJSON: String {
        let writer = RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .indented(2)))
        guard let bytes = try? writer.write(RESTDocument(fields: document)) else { return LegacyValueText.text(document) }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String {
        var lines = ["document \(reference?.path ?? "(none)"): \(LegacyValueText.text(document))"]
        lines.append(faults.isEmpty ? "faults: none (a valid document)" : "faults: " + faults.map(\.description).joined(separator: "; "))
        lines.append("Codable mapper: \(codableOutcome)")
        lines.append("legacy mapper: \(legacyOutcome)")
        lines += disagreements.map { "disagreement: \($0)" }
        return lines.joined(separator: "\n")
    }
}
