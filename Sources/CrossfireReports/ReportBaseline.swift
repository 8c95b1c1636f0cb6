import Crossfire

/// How a report's classes compare with a baseline report's, by cause (a class's identity): the
/// classes new in this run, those the baseline had and this run did not show, and those both
/// have; and the expected classes whose counts collapsed (`CollapsedClass`).
package struct ReportBaseline: Sendable, Hashable {
    /// The baseline's file.
    package var source: String
    /// This report's classes the baseline does not have, in report order.
    package var new: [CauseKey]
    /// The baseline's classes this report does not have, in the baseline's order.
    package var gone: [BaselineClass]
    /// The classes both have, in report order.
    package var unchanged: [CauseKey]
    /// The baseline's expected classes whose counts collapsed (gone ones among them), in the
    /// baseline's order.
    package var collapsed: [CollapsedClass]

    /// Creates a comparison.
    package init(source: String, new: [CauseKey], gone: [BaselineClass], unchanged: [CauseKey], collapsed: [CollapsedClass] = []) {
        self.source = source
        self.new = new
        self.gone = gone
        self.unchanged = unchanged
        self.collapsed = collapsed
    }
}

extension Report {
    /// The report with each class marked new or unchanged against `old` by its cause, and the
    /// comparison (new, gone, unchanged, collapsed) in `baseline`.
    package func compared(with old: BaselineReport) -> Report {
        let before = Set(old.classes.map(\.cause))
        var report = self
        for index in report.classes.indices {
            report.classes[index].baseline = before.contains(report.classes[index].cause) ? .unchanged : .new
        }
        let now = Set(classes.map(\.cause))
        report.baseline = ReportBaseline(source: old.source,
                                         new: report.classes.filter { $0.baseline == .new }.map(\.cause),
                                         gone: old.classes.filter { !now.contains($0.cause) },
                                         unchanged: report.classes.filter { $0.baseline == .unchanged }.map(\.cause),
                                         collapsed: collapsed(against: old))
        return report
    }

    /// The baseline's expected classes whose counts collapsed in this report.
    private func collapsed(against old: BaselineReport) -> [CollapsedClass] {
        var now: [CauseKey: Int] = [:]
        for found in classes { now[found.cause, default: 0] += found.occurrences ?? 0 }
        return old.classes.filter(\.expected).compactMap { found in
            guard let before = found.occurrences else { return nil }
            let entry = CollapsedClass(cause: found.cause, before: before, beforeCases: old.cases, now: now[found.cause] ?? 0, nowCases: totals.cases)
            return entry.isCollapsed ? entry : nil
        }
    }
}
