import Crossfire
import FirestoreJSON
import FirestoreModel
import Foundation

/// The text `shrink` and `promote` print: how far shrinking got, and the shrunk case.
enum ShrinkReport {
    /// `choices 153 -> 12 (31 steps in 200 attempts); tree 14 steps in 220 attempts; 420 of
    /// 5000 attempts; stopped: no smaller candidate`, then the sizes and each pass's counts.
    static func progress(_ result: FindingShrinkResult) -> String {
        var parts: [String] = []
        if let choices = result.choices {
            parts.append("choices \(choices.choicesBefore) -> \(choices.choicesAfter) (\(choices.steps) steps in \(choices.attempts) attempts)")
        }
        if let tree = result.tree {
            parts.append("tree \(tree.steps) steps in \(tree.attempts) attempts")
        }
        var text = "shrink: " + (parts.isEmpty ? "nothing ran" : parts.joined(separator: "; "))
        text += "; \(result.attempts) of \(result.attemptBudget) attempts; stopped: \(result.stop.description)\n"
        text += "  before: \(result.before)\n  after:  \(result.after)\n"
        text += "  passes: \(result.statistics) (kept/run); \(result.statistics.cacheHits) repeated candidates not run again\n"
        for note in result.notes { text += "  note: \(note)\n" }
        return text
    }

    /// The case: schema JSON, reference, document as REST JSON, model value.
    static func caseText(_ record: CaseRecord) -> String {
        var text = "schema:\n" + String(decoding: record.schema.jsonData(), as: UTF8.self)
        if !text.hasSuffix("\n") { text += "\n" }
        text += "reference: \(record.reference?.path ?? "none")\n"
        if let document = record.document {
            let writer = RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .indented(2)))
            if let rest = try? writer.write(RESTDocument(fields: document)) {
                text += "document (REST JSON):\n" + String(decoding: rest, as: UTF8.self) + "\n"
            } else {
                text += "document (not expressible as REST JSON):\n\(document)\n"
            }
        } else {
            text += "document: none (the case checks the encode direction only)\n"
        }
        text += "model value: " + (record.model.map(\.description) ?? "none (the case checks the decode direction only)") + "\n"
        return text
    }
}
