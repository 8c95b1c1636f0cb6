import Crossfire

/// How a report's classes compare with a baseline report's, by canonical key: the classes
/// new in this run, those the baseline had and this run did not show, and those both have;
/// and the expected classes whose counts collapsed (`CollapsedClass`).
package struct ReportBaseline: Sendable, Hashable {
    /// The baseline's file.
    package var source: String
    /// This report's classes the baseline does not have, in report order.
    package var new: [FindingClassKey]
    /// The baseline's classes this report does not have, in the baseline's order.
    package var gone: [FindingClassKey]
    /// The classes both have, in report order.
    package var unchanged: [FindingClassKey]
    /// The baseline's expected classes whose counts collapsed (gone ones among them), in the
    /// baseline's order.
    package var collapsed: [CollapsedClass]

    /// Creates a comparison.
    package init(source: String, new: [FindingClassKey], gone: [FindingClassKey], unchanged: [FindingClassKey], collapsed: [CollapsedClass] = []) {
        self.source = source
        self.new = new
        self.gone = gone
        self.unchanged = unchanged
        self.collapsed = collapsed
    }
}

extension Report {
    /// The report with each class marked new or unchanged against `old`, and the comparison
    /// (new, gone, unchanged, collapsed) in `baseline`.
    package func compared(with old: BaselineReport) -> Report {
        let before = Set(old.keys)
        var report = self
        for index in report.classes.indices {
            report.classes[index].baseline = before.contains(report.classes[index].key) ? .unchanged : .new
        }
        let now = Set(classes.map(\.key))
        report.baseline = ReportBaseline(source: old.source,
                                         new: report.classes.filter { $0.baseline == .new }.map(\.key),
                                         gone: old.keys.filter { !now.contains($0) },
                                         unchanged: report.classes.filter { $0.baseline == .unchanged }.map(\.key),
                                         collapsed: collapsed(against: old))
        return report
    }

    /// The baseline's expected classes whose counts collapsed in this report.
    private func collapsed(against old: BaselineReport) -> [CollapsedClass] {
        var now: [FindingClassKey: Int] = [:]
        for found in classes { now[found.key, default: 0] += found.occurrences ?? 0 }
        return old.keys.filter { !$0.isUnexpected }.compactMap { key in
            guard let before = old.occurrences[key] else { return nil }
            let entry = CollapsedClass(key: key, before: before, beforeCases: old.cases, now: now[key] ?? 0, nowCases: totals.cases)
            return entry.isCollapsed ? entry : nil
        }
    }
}
