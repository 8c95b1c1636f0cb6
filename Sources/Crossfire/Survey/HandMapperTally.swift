import HandMapper

/// What the hand-written mappers of `HandMapper` make of a set of documents: the strict style
/// (the SDK's rules, written by hand: rejects or accepts) and the lenient `?? default` style
/// (reads every document, putting defaults in silently).
package struct HandMapperTally: Hashable, Sendable {
    /// How many documents.
    package var documents = 0
    /// How many the strict mapper accepts.
    package var strictAccepts = 0
    /// How many it rejects with the Codable mapper's kind of error at the same path.
    package var strictRejectsAlike = 0
    /// Its rejections, by kind and field (`keyNotFound at successful`).
    package var strictRejections: [SurveyTallyLine] = []
    /// How many documents the lenient mapper reads with at least one default put in.
    package var lenientWithDefaults = 0
    /// The defaults it put in, by field, value and what they replaced
    /// (`successful = false in place of a missing key`); a document may count in several.
    package var lenientDefaults: [SurveyTallyLine] = []

    /// An empty tally.
    package init() {}

    /// Counts one document: the strict mapper's error (nil: accepted), whether it is the
    /// Codable mapper's, and the lenient mapper's defaults in words.
    mutating func add(strictRejection: String?, alike: Bool, lenientDefaults defaults: [String]) {
        documents += 1
        if let strictRejection {
            SurveyTallyLine.count(strictRejection, in: &strictRejections)
            if alike { strictRejectsAlike += 1 }
        } else {
            strictAccepts += 1
        }
        if !defaults.isEmpty { lenientWithDefaults += 1 }
        for text in defaults { SurveyTallyLine.count(text, in: &lenientDefaults) }
    }

    /// Words for what a lenient default replaced, by the strict mapper's kind there.
    static func replaced(_ kind: MappingErrorKind) -> String {
        switch kind {
        case .keyNotFound: return "a missing key"
        case .valueNotFound: return "null"
        case .typeMismatch: return "a value of another type"
        case .dataCorrupted: return "a value that does not fit"
        case .invalidValue: return "an invalid value"
        }
    }
}

/// A text and how often it was counted.
package struct SurveyTallyLine: Hashable, Sendable {
    /// What was counted.
    package var text: String
    /// How often.
    package var count: Int

    /// Creates a line.
    package init(text: String, count: Int) {
        self.text = text
        self.count = count
    }

    /// Counts `text` in `lines`, keeping them by count (most first), then text.
    static func count(_ text: String, in lines: inout [SurveyTallyLine]) {
        if let index = lines.firstIndex(where: { $0.text == text }) {
            lines[index].count += 1
        } else {
            lines.append(SurveyTallyLine(text: text, count: 1))
        }
        lines.sort { $0.count != $1.count ? $0.count > $1.count : $0.text.utf8.lexicographicallyPrecedes($1.text.utf8) }
    }
}
