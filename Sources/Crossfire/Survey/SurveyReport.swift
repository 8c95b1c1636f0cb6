/// What `CollectionSurvey` found: how many documents an app that maps a query's documents
/// with `compactMap { try? $0.data(as: Model.self) }` drops without a trace, grouped by
/// cause, and what the hand-written mappers make of the same documents.
package struct SurveyReport: Hashable, Sendable {
    /// The model type's name.
    package var model: String
    /// Every input, in the order given.
    package var inputs: [SurveyInputSummary]
    /// How many documents were surveyed.
    package var documents: Int
    /// The causes, the most documents first (then by key).
    package var causes: [SurveyCause]
    /// Every input or document that could not be read, in the order met.
    package var unreadable: [SurveyUnreadable]
    /// The hand mappers on the documents the Codable mapper keeps; nil without a schema.
    package var handMappersOnKept: HandMapperTally?
    /// Why the hand mappers did not run (no schema could be derived from the type), or nil.
    package var handMapperProblem: String?

    /// How many documents an app drops.
    package var dropped: Int { causes.reduce(0) { $0 + $1.count } }
    /// How many inputs could not be read at all.
    package var unreadableInputs: Int { unreadable.filter(\.isWholeInput).count }
    /// How many documents inside readable inputs could not be read.
    package var unreadableDocuments: Int { unreadable.count - unreadableInputs }

    /// `Card: 16 documents in 4 inputs; … drops 6 of them (5 causes)`.
    package var headline: String {
        var line = "\(model): \(Self.counted(documents, "document")) in \(Self.counted(inputs.count, "input")); "
        line += dropped == 0
            ? "compactMap { try? $0.data(as: \(model).self) } keeps every one"
            : "compactMap { try? $0.data(as: \(model).self) } drops \(dropped) of them silently (\(Self.counted(causes.count, "cause")))"
        if !unreadable.isEmpty {
            line += "; unreadable: \(Self.counted(unreadableInputs, "input")), \(Self.counted(unreadableDocuments, "document"))"
        }
        return line
    }

    /// The headline, one line per cause (`2 × successful: keyNotFound, … — cards/c03, cards/c09`)
    /// and one for the hand mappers.
    package var summaryLines: [String] {
        var lines = [headline]
        for cause in causes {
            let shown = cause.documents.prefix(Self.namesShown).joined(separator: ", ")
            let more = cause.count > Self.namesShown ? " and \(cause.count - Self.namesShown) more" : ""
            lines.append("  \(cause.count) × \(cause.key) — \(shown)\(more)")
        }
        if let handMapperProblem {
            lines.append("hand mappers not run: \(handMapperProblem)")
        } else if dropped > 0 {
            let dropping = causes.compactMap(\.handMappers)
            let rejected = dropping.reduce(0) { $0 + $1.documents - $1.strictAccepts }
            let alike = dropping.reduce(0) { $0 + $1.strictRejectsAlike }
            let defaulted = dropping.reduce(0) { $0 + $1.lenientWithDefaults }
            lines.append("hand mappers on the \(dropped) dropped: strict rejects \(rejected) (\(alike) with Codable's error); "
                + "lenient keeps all \(dropped), putting defaults into \(defaulted)")
        }
        if let kept = handMappersOnKept, kept.documents > kept.strictAccepts || kept.lenientWithDefaults > 0 {
            lines.append("hand mappers on the \(kept.documents) kept: strict rejects \(kept.documents - kept.strictAccepts); "
                + "lenient puts defaults into \(kept.lenientWithDefaults)")
        }
        return lines
    }

    /// How many document names a summary line shows.
    static let namesShown = 3

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
