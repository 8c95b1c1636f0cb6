/// A choice sequence being edited by one mutation, with each choice's maximum and the spans
/// over the choices kept in step with every edit, so that `ChoiceMutator` stacks several edits
/// and replays the result through the generators once.
///
/// After an edit the maxima and spans are what the edit implies (a deleted span's choices and
/// the spans inside it are gone, a repeated span's are there twice, later positions move), not
/// what a replay would record: a replay may read the edited choices differently. That is
/// enough to pick the next edit by; the mutation's output is the replay's case, exactly.
/// The spans' `parent` links are not kept (edits do not use them): every span's is nil.
package struct ChoiceDraft: Sendable {
    /// The choices.
    package private(set) var choices: [UInt64]
    /// For each choice, the largest answer its request allowed when it was recorded.
    package private(set) var maxima: [UInt64]
    /// The non-empty spans over `choices`, each within its bounds.
    package private(set) var spans: [ChoiceSpan]

    /// The draft of what `source` recorded.
    package init(_ source: ChoiceSource) {
        choices = source.recorded
        maxima = source.maxima
        spans = source.spans.compactMap { span in
            guard !span.range.isEmpty, span.range.upperBound <= source.recorded.count else { return nil }
            return ChoiceSpan(kind: span.kind, range: span.range, parent: nil)
        }
    }

    /// Sets the choice at `index` (its maximum stays).
    mutating func set(_ value: UInt64, at index: Int) {
        choices[index] = value
    }

    /// Replaces the choices in `range` by `replacement` (with their maxima). Spans inside a
    /// non-empty `range` go, and `inserted` (positions relative to the start of `replacement`)
    /// come in their place; the others keep their choices: one before the range stays, one
    /// after it moves, one that encloses it grows or shrinks with it, one that overlaps it in
    /// part keeps its part outside. An empty `range` inserts.
    mutating func replace(_ range: Range<Int>, with replacement: ArraySlice<UInt64>, maxima replacementMaxima: ArraySlice<UInt64>,
                          inserted: [ChoiceSpan]) {
        let shift = replacement.count - range.count
        choices.replaceSubrange(range, with: replacement)
        maxima.replaceSubrange(range, with: replacementMaxima)
        var moved = spans.compactMap { span -> ChoiceSpan? in
            guard let bounds = Self.bounds(of: span.range, whenReplacing: range, shift: shift) else { return nil }
            return ChoiceSpan(kind: span.kind, range: bounds, parent: nil)
        }
        moved += inserted.map { span in
            ChoiceSpan(kind: span.kind, range: (span.range.lowerBound + range.lowerBound)..<(span.range.upperBound + range.lowerBound), parent: nil)
        }
        spans = moved
    }

    /// A span's positions once the choices in `range` are replaced by `shift` more (or fewer)
    /// choices, or nil when none of its own choices are left.
    private static func bounds(of span: Range<Int>, whenReplacing range: Range<Int>, shift: Int) -> Range<Int>? {
        let (lower, upper) = (span.lowerBound, span.upperBound)
        if upper <= range.lowerBound { return span }
        if lower >= range.upperBound { return (lower + shift)..<(upper + shift) }
        if range.isEmpty { return lower..<(upper + shift) }
        if lower >= range.lowerBound && upper <= range.upperBound { return nil }
        if lower <= range.lowerBound && upper >= range.upperBound { return lower..<(upper + shift) }
        if lower < range.lowerBound { return lower..<range.lowerBound }
        return (range.upperBound + shift)..<(upper + shift)
    }

    /// The spans lying wholly inside `range`, with positions relative to its start.
    func spans(inside range: Range<Int>) -> [ChoiceSpan] {
        spans.compactMap { span in
            guard range.lowerBound <= span.range.lowerBound, span.range.upperBound <= range.upperBound else { return nil }
            return ChoiceSpan(kind: span.kind, range: (span.range.lowerBound - range.lowerBound)..<(span.range.upperBound - range.lowerBound),
                              parent: nil)
        }
    }
}
