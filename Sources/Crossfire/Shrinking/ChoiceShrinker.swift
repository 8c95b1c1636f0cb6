
/// Reduces a choice sequence while a property keeps holding, in Hypothesis's manner: the
/// case is regenerated from each candidate sequence, so every shrunk case is a valid case.
///
/// Candidates are tried in shortlex order's favour — shorter first, then smaller — by four
/// passes repeated until none makes progress or the time is up: deleting spans of choices
/// (8, 4, 2, 1 long), setting single choices to zero, lowering single choices by binary
/// search, and lowering adjacent pairs together.
public struct ChoiceShrinker {
    /// The result of a shrink.
    public struct Outcome {
        /// The smallest sequence found for which the property held.
        public var choices: [UInt64]
        /// How many reductions succeeded.
        public var steps: Int
        /// How many candidates were tried.
        public var attempts: Int
        /// The budget that ran out before the passes stopped making progress (nil: they stopped
        /// because no candidate was smaller).
        public var stop: ShrinkStop?
    }

    /// The longest the shrinker may run.
    public var timeLimit: Duration
    /// The most candidates it may try.
    public var maxAttempts: Int

    /// Creates a shrinker.
    public init(timeLimit: Duration = .seconds(10), maxAttempts: Int = 20_000) {
        self.timeLimit = timeLimit
        self.maxAttempts = maxAttempts
    }

    /// Shrinks `choices`; `holds` must be true for the original sequence and is asked of
    /// each candidate.
    public func shrink(_ choices: [UInt64], while holds: ([UInt64]) -> Bool) -> Outcome {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeLimit)
        var best = choices
        var steps = 0
        var attempts = 0
        var outOfBudget: Bool { clock.now >= deadline || attempts >= maxAttempts }
        var spentBudget: ShrinkStop { attempts >= maxAttempts ? .attemptBudget : .timeBudget }

        func attempt(_ candidate: [UInt64]) -> Bool {
            guard !outOfBudget, ChoiceShrinker.isSmaller(candidate, than: best) else { return false }
            attempts += 1
            guard holds(candidate) else { return false }
            best = candidate
            steps += 1
            return true
        }

        var progressed = true
        while progressed && !outOfBudget {
            progressed = false
            for span in [8, 4, 2, 1] {
                var start = 0
                while start + span <= best.count && !outOfBudget {
                    var candidate = best
                    candidate.removeSubrange(start..<(start + span))
                    if attempt(candidate) { progressed = true } else { start += 1 }
                }
            }
            for index in best.indices where best[index] != 0 && !outOfBudget {
                var candidate = best
                candidate[index] = 0
                if attempt(candidate) { progressed = true; continue }
                var low: UInt64 = 0
                var high = best[index]
                while low + 1 < high && !outOfBudget {
                    let middle = low + (high - low) / 2
                    candidate[index] = middle
                    if attempt(candidate) { high = middle; progressed = true } else { low = middle }
                }
            }
            var index = 0
            while index + 1 < best.count && !outOfBudget {
                if best[index] > 0 && best[index + 1] > 0 {
                    var candidate = best
                    candidate[index] -= 1
                    candidate[index + 1] -= 1
                    if attempt(candidate) { progressed = true }
                }
                index += 1
            }
        }
        return Outcome(choices: best, steps: steps, attempts: attempts, stop: outOfBudget && progressed ? spentBudget : nil)
    }

    /// Shortlex order: shorter sequences are smaller; equal lengths compare choice by choice.
    public static func isSmaller(_ a: [UInt64], than b: [UInt64]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }
}
