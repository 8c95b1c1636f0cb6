import Crossfire

/// An expected class of a baseline report whose count collapsed in this run: an SDK rule (or
/// another documented divergence) that showed many times before and now shows far less often
/// than the baseline's rate, scaled to this run's cases, says it should — the sign of a mapper
/// made "more exact" than the SDK, or of storage no longer doing what the SDK's does, where no
/// single case can tell (`--baseline`; a rule situation a case reached without its rule is an
/// `expectationMissing` finding of its own).
package struct CollapsedClass: Sendable, Hashable {
    /// The fewest occurrences the baseline's rate must predict for this run before a drop
    /// counts: fewer is chance (a Poisson count expected 8 times is at most 2 in 1.4% of runs).
    package static let minimumExpected = 8.0
    /// The share of the predicted count at or below which it collapsed.
    package static let collapsedShare = 0.25

    /// The class.
    package var cause: CauseKey
    /// Its occurrences in the baseline.
    package var before: Int
    /// The baseline's cases (nil: not in its report; then the runs count as equally long).
    package var beforeCases: Int?
    /// Its occurrences in this run (0: gone).
    package var now: Int
    /// This run's cases.
    package var nowCases: Int?

    /// Creates an entry.
    package init(cause: CauseKey, before: Int, beforeCases: Int?, now: Int, nowCases: Int?) {
        self.cause = cause
        self.before = before
        self.beforeCases = beforeCases
        self.now = now
        self.nowCases = nowCases
    }

    /// The occurrences the baseline's rate predicts for this run.
    package var predicted: Double {
        guard let beforeCases, let nowCases, beforeCases > 0 else { return Double(before) }
        return Double(before) * Double(nowCases) / Double(beforeCases)
    }

    /// Whether the count collapsed: enough predicted, and at most a quarter of it seen.
    package var isCollapsed: Bool {
        predicted >= Self.minimumExpected && Double(now) <= predicted * Self.collapsedShare
    }

    /// `3 (baseline 412 in 10000 cases, 206.0 expected in 5000)`.
    package var description: String {
        let base = beforeCases.map { " in \($0) cases" } ?? ""
        let scaled = nowCases.map { " in \($0)" } ?? ""
        return "\(now) (baseline \(before)\(base), \((predicted * 10).rounded() / 10) expected\(scaled))"
    }
}
