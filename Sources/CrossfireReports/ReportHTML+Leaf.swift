import Crossfire
import FirestoreModel

/// The leaf diff of a class's example: what the input held at the leaf and what each mapper
/// made of it, side by side, the differing part of two values marked.
extension ReportHTML {
    /// One box of the leaf diff.
    private struct Side {
        var title: String
        var css: String
        var result: String?
        var text: String?
        var isModelValue: Bool
        var failure: JournalOutcome.Failure?
    }

    /// The boxes: the model value's (encode, round trip), what the document or storage held
    /// (unless the leaf is the whole input), then each mapper's result, value and failure.
    static func leafDiff(_ example: JournalExample, check: CheckKind) -> String {
        var sides: [Side] = []
        if let input = example.input {
            sides.append(Side(title: "the model value holds", css: "input", result: nil, text: input.text, isModelValue: input.isModel, failure: nil))
        }
        // At the root, "nothing" is how a journal says the leaf is the whole input: no box.
        if !(example.components.isRoot && example.held.value == .absent) {
            sides.append(Side(title: check == .decode ? "the document holds" : "stored", css: "input", result: nil,
                              text: example.held.text, isModelValue: example.held.isModel, failure: nil))
        }
        for outcome in example.outcomes {
            sides.append(Side(title: outcome.mapper, css: outcome.failure == nil ? "mapper value" : "mapper failed", result: outcome.words,
                              text: outcome.leaf?.text, isModelValue: outcome.leaf?.isModel ?? false, failure: outcome.failure))
        }
        let marked = markedTexts(sides, mappersFrom: sides.count - example.outcomes.count, inputFirst: example.input != nil)
        var html = "<div class=\"leafdiff\">"
        for (index, side) in sides.enumerated() {
            html += "<div class=\"side \(side.css)\"><h5>\(HTMLText.escape(side.title))</h5>"
            if let result = side.result { html += "<p class=\"result\">\(HTMLText.escape(result))</p>" }
            if let text = marked[index] ?? side.text.map(HTMLText.escape) {
                html += "<code class=\"value\">\(text)</code>"
            } else if side.failure == nil, side.result != nil {
                html += "<p class=\"none\">no value at the leaf</p>"
            }
            if let failure = side.failure { html += failureHTML(failure) }
            html += "</div>"
        }
        return html + "</div>\n"
    }

    /// A mapper's failure: its kind, where and its message.
    static func failureHTML(_ failure: JournalOutcome.Failure) -> String {
        let place = failure.hasPath ? "at " + HTMLText.code(failure.path) : "(the error names no place)"
        let words = FailureKind(rawValue: failure.kind).map(\.words) ?? failure.kind
        var html = "<p class=\"failure\"><strong>\(HTMLText.escape(words))</strong> "
        html += "<span class=\"kind\">(\(HTMLText.escape(failure.kind)))</span> \(place)"
        let found = [failure.expected.map { "expected " + $0 }, failure.found.map { "found " + $0 }].compactMap { $0 }
        if !found.isEmpty { html += "; " + HTMLText.escape(found.joined(separator: ", ")) }
        return html + "</p><p class=\"message\">\(HTMLText.escape(failure.message))</p>"
    }

    /// The marked HTML of the sides whose values are compared: two mappers' values with each
    /// other (each against the first mapper that has one, that one against the second), or a
    /// lone mapper's value against the model value it was given.
    private static func markedTexts(_ sides: [Side], mappersFrom first: Int, inputFirst: Bool) -> [Int: String] {
        let valued = sides.indices.dropFirst(first).filter { sides[$0].text != nil }
        var marked: [Int: String] = [:]
        if valued.count >= 2, let base = valued.first, let second = valued.dropFirst().first, let baseText = sides[base].text {
            for index in valued.dropFirst() {
                if let text = sides[index].text { marked[index] = LeafDiff.marked(baseText, text).right }
            }
            if let secondText = sides[second].text { marked[base] = LeafDiff.marked(baseText, secondText).left }
        } else if let only = valued.first, inputFirst, sides[0].isModelValue, sides[only].isModelValue,
                  let input = sides[0].text, let text = sides[only].text {
            let pair = LeafDiff.marked(input, text)
            marked[0] = pair.left
            marked[only] = pair.right
        }
        return marked
    }
}
