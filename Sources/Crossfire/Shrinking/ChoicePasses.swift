/// The passes over a choice sequence, in Hypothesis's manner: the case is regenerated from
/// each candidate sequence, so every shrunk case is a valid case. Candidates are tried in
/// shortlex order's favour — shorter first, then smaller — and only when smaller than the
/// best sequence so far. Each round runs, in order: deleting whole recorded element spans
/// (an element of a collection, a map entry, a fault; the largest first), setting the
/// choices of whole field and element spans to their simplest answer, then the blind passes
/// — deleting windows of 8, 4, 2 and 1 choices, setting single choices to zero or lowering
/// them by binary search, lowering adjacent pairs together. Rounds repeat until one makes no
/// progress or the session's budget is spent. Every candidate goes through the session, so
/// one the spans already proposed is not run again by a blind pass.
struct ChoicePasses {
    /// What the passes gave.
    struct Result {
        /// The smallest sequence found for which the property held.
        var choices: [UInt64]
        /// Whether the last round made no progress (rather than the budget running out).
        var finished: Bool
    }

    /// Where the candidates are tried.
    let session: ShrinkSession

    /// Shrinks `original`, for which `holds` must be true; `spans` gives the spans the
    /// generation of a sequence that holds records (none: only the blind passes apply).
    func shrink(_ original: [UInt64], spans: ([UInt64]) -> [ChoiceSpan], while holds: ([UInt64]) -> Bool) -> Result {
        var best = original

        func attempt(_ candidate: [UInt64], _ pass: ShrinkPass) -> Bool {
            guard ChoiceShrinker.isSmaller(candidate, than: best), session.attempt(candidate, of: pass, holds) else { return false }
            best = candidate
            return true
        }

        /// Tries `edits` of the best sequence in order, each made into a candidate by `apply`;
        /// after a success the list is made again and the pass goes on at the same position.
        func run(_ pass: ShrinkPass, _ edits: ([ChoiceSpan]) -> [Range<Int>], _ apply: (Range<Int>, [UInt64]) -> [UInt64]?) -> Bool {
            var progressed = false
            var position = 0
            var current = edits(ChoicePasses.fitting(spans(best), best))
            while position < current.count && !session.isSpent {
                if let candidate = apply(current[position], best), attempt(candidate, pass) {
                    progressed = true
                    current = edits(ChoicePasses.fitting(spans(best), best))
                } else {
                    position += 1
                }
            }
            return progressed
        }

        var progressed = true
        while progressed && !session.isSpent {
            progressed = run(.spanDeletion, ChoicePasses.deletableRanges) { range, choices in
                var candidate = choices
                candidate.removeSubrange(range)
                return candidate
            }
            progressed = run(.spanLowering, ChoicePasses.lowerableRanges) { range, choices in
                guard choices[range].contains(where: { $0 != 0 }) else { return nil }
                var candidate = choices
                for index in range { candidate[index] = 0 }
                return candidate
            } || progressed
            for span in [8, 4, 2, 1] {
                var start = 0
                while start + span <= best.count && !session.isSpent {
                    var candidate = best
                    candidate.removeSubrange(start..<(start + span))
                    if attempt(candidate, .choiceDeletion) { progressed = true } else { start += 1 }
                }
            }
            for index in best.indices where best[index] != 0 && !session.isSpent {
                var candidate = best
                candidate[index] = 0
                if attempt(candidate, .choiceLowering) { progressed = true; continue }
                var low: UInt64 = 0
                var high = best[index]
                while low + 1 < high && !session.isSpent {
                    let middle = low + (high - low) / 2
                    candidate[index] = middle
                    if attempt(candidate, .choiceLowering) { high = middle; progressed = true } else { low = middle }
                }
            }
            var index = 0
            while index + 1 < best.count && !session.isSpent {
                if best[index] > 0 && best[index + 1] > 0 {
                    var candidate = best
                    candidate[index] -= 1
                    candidate[index + 1] -= 1
                    if attempt(candidate, .pairLowering) { progressed = true }
                }
                index += 1
            }
        }
        return Result(choices: best, finished: !progressed)
    }

    /// The spans that lie within `choices` (a replay records nothing past the input's end).
    private static func fitting(_ spans: [ChoiceSpan], _ choices: [UInt64]) -> [ChoiceSpan] {
        spans.filter { $0.range.upperBound <= choices.count }
    }

    /// The element spans of more than one choice (single choices are the blind passes'),
    /// each range once, the longest first and, among equals, the last first (so that a
    /// deletion leaves the positions of the ones still to try in place).
    static func deletableRanges(_ spans: [ChoiceSpan]) -> [Range<Int>] {
        ordered(spans.filter { $0.kind == .element && $0.range.count > 1 }.map(\.range))
    }

    /// The field spans, and the element spans without the choice that added the element
    /// (which zero would turn into the collection's end), each range once, in the order of
    /// `deletableRanges`.
    static func lowerableRanges(_ spans: [ChoiceSpan]) -> [Range<Int>] {
        ordered(spans.compactMap { span in
            switch span.kind {
            case .field: return span.range
            case .element: return span.range.count > 1 ? span.range.dropFirst() : nil
            default: return nil
            }
        }.filter { !$0.isEmpty })
    }

    private static func ordered(_ ranges: [Range<Int>]) -> [Range<Int>] {
        Array(Set(ranges)).sorted { a, b in
            a.count != b.count ? a.count > b.count : a.lowerBound > b.lowerBound
        }
    }
}
