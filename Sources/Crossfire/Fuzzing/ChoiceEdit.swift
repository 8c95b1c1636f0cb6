/// One edit of a recorded choice sequence, as `ChoiceMutator` makes them. Span edits work on
/// the spans generators mark (a collection element, a struct or enum definition, a field, a
/// type, an injected fault), so they add, remove or swap whole parts of a case; choice
/// edits change one decision within what its request allowed (`ChoiceSource.maxima`).
public enum ChoiceEdit: String, Hashable, Sendable, CaseIterable {
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

    /// The edited choices, or nil when the edit does not apply (no span, no choice to change).
    /// `decoded` is the source that generated the case from the choices being edited, so its
    /// `recorded`, `maxima` and `spans` describe them.
    public func apply(to decoded: ChoiceSource, using random: inout Xoshiro256StarStar) -> [UInt64]? {
        let choices = decoded.recorded
        switch self {
        case .deleteSpan, .duplicateSpan, .copySpan, .zeroSpan, .randomiseSpan:
            let spans = decoded.spans.filter { !$0.range.isEmpty && $0.range.upperBound <= choices.count }
            guard let span = Self.pick(spans, using: &random) else { return nil }
            return applySpanEdit(to: span, among: spans, decoded: decoded, using: &random)
        case .lowerChoice:
            let lowerable = choices.indices.filter { choices[$0] > 0 }
            guard let index = Self.pick(lowerable, using: &random) else { return nil }
            var edited = choices
            edited[index] = random.next(upTo: choices[index] - 1)
            return edited
        case .randomiseChoice, .stepChoice, .maximiseChoice:
            guard let index = Self.pick(Array(choices.indices), using: &random) else { return nil }
            let maximum = decoded.maxima[index]
            var edited = choices
            switch self {
            case .randomiseChoice: edited[index] = random.next(upTo: maximum)
            case .maximiseChoice: edited[index] = maximum
            default:
                let current = min(choices[index], maximum)
                let up = current == 0 || (current < maximum && random.next() & 1 == 0)
                edited[index] = up ? current + 1 : current - 1
            }
            return edited == choices ? nil : edited
        }
    }

    private func applySpanEdit(to span: ChoiceSpan, among spans: [ChoiceSpan], decoded: ChoiceSource,
                               using random: inout Xoshiro256StarStar) -> [UInt64]? {
        let choices = decoded.recorded
        var edited = choices
        switch self {
        case .deleteSpan:
            edited.removeSubrange(span.range)
        case .duplicateSpan:
            edited.insert(contentsOf: choices[span.range], at: span.range.upperBound)
        case .copySpan:
            let others = spans.filter { $0.kind == span.kind && choices[$0.range] != choices[span.range] }
            guard let source = Self.pick(others, using: &random) else { return nil }
            edited.replaceSubrange(span.range, with: choices[source.range])
        case .zeroSpan:
            for index in span.range { edited[index] = 0 }
        default:
            for index in span.range { edited[index] = random.next(upTo: decoded.maxima[index]) }
        }
        return edited == choices ? nil : edited
    }

    /// A uniformly chosen element, or nil when there is none.
    static func pick<Element>(_ elements: [Element], using random: inout Xoshiro256StarStar) -> Element? {
        guard !elements.isEmpty else { return nil }
        return elements[Int(random.next(upTo: UInt64(elements.count - 1)))]
    }
}
