/// One edit of a recorded choice sequence, as `ChoiceMutator` makes them. Span edits work on
/// the spans generators mark (a collection element, a struct or enum definition, a field, a
/// type, an injected fault), so they add, remove or swap whole parts of a case; choice
/// edits change one decision within what its request allowed (`ChoiceSource.maxima`).
package enum ChoiceEdit: String, Hashable, Sendable, CaseIterable {
    /// Removes a span's choices: an element, a field, a fault … disappears.
    case deleteSpan
    /// Repeats a span's choices right after it: one more element, field or fault.
    case duplicateSpan
    /// Replaces a span's choices by those of another span of the same kind.
    case copySpan
    /// Sets every choice of a span to 0: that part of the case becomes its simplest form.
    case zeroSpan
    /// Sets every choice of a span to a random answer its request allows.
    case randomiseSpan
    /// Sets one choice to a random smaller value.
    case lowerChoice
    /// Sets one choice to a random answer its request allows.
    case randomiseChoice
    /// Moves one choice to a neighbouring answer (one more or one less).
    case stepChoice
    /// Sets one choice to the largest answer its request allows.
    case maximiseChoice

    /// Applies the edit to `draft`; false (and `draft` as it was) when the edit does not apply
    /// (no span, no choice to change) or changes nothing.
    package func apply(to draft: inout ChoiceDraft, using random: inout Xoshiro256StarStar) -> Bool {
        let choices = draft.choices
        switch self {
        case .deleteSpan, .duplicateSpan, .copySpan, .zeroSpan, .randomiseSpan:
            guard let span = Self.pick(draft.spans, using: &random) else { return false }
            return applySpanEdit(to: span, in: &draft, using: &random)
        case .lowerChoice:
            let lowerable = choices.indices.filter { choices[$0] > 0 }
            guard let index = Self.pick(lowerable, using: &random) else { return false }
            draft.set(random.next(upTo: choices[index] - 1), at: index)
            return true
        case .randomiseChoice, .stepChoice, .maximiseChoice:
            guard let index = Self.pick(Array(choices.indices), using: &random) else { return false }
            let maximum = draft.maxima[index]
            let value: UInt64
            switch self {
            case .randomiseChoice: value = random.next(upTo: maximum)
            case .maximiseChoice: value = maximum
            default:
                let current = min(choices[index], maximum)
                let up = current == 0 || (current < maximum && random.next() & 1 == 0)
                value = up ? current + 1 : current - 1
            }
            guard value != choices[index] else { return false }
            draft.set(value, at: index)
            return true
        }
    }

    private func applySpanEdit(to span: ChoiceSpan, in draft: inout ChoiceDraft, using random: inout Xoshiro256StarStar) -> Bool {
        let choices = draft.choices
        let range = span.range
        switch self {
        case .deleteSpan:
            draft.replace(range, with: [], maxima: [], inserted: [])
        case .duplicateSpan:
            draft.replace(range.upperBound..<range.upperBound, with: choices[range], maxima: draft.maxima[range],
                          inserted: draft.spans(inside: range))
        case .copySpan:
            let others = draft.spans.filter { $0.kind == span.kind && choices[$0.range] != choices[range] }
            guard let origin = Self.pick(others, using: &random) else { return false }
            draft.replace(range, with: choices[origin.range], maxima: draft.maxima[origin.range], inserted: draft.spans(inside: origin.range))
        case .zeroSpan:
            guard choices[range].contains(where: { $0 != 0 }) else { return false }
            for index in range { draft.set(0, at: index) }
        default:
            for index in range { draft.set(random.next(upTo: draft.maxima[index]), at: index) }
            return draft.choices[range] != choices[range]
        }
        return true
    }

    /// A uniformly chosen element, or nil when there is none.
    static func pick<Element>(_ elements: [Element], using random: inout Xoshiro256StarStar) -> Element? {
        guard !elements.isEmpty else { return nil }
        return elements[Int(random.next(upTo: UInt64(elements.count - 1)))]
    }
}
