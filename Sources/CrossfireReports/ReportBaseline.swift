import Crossfire

/// How a report's classes compare with a baseline report's, by canonical key: the classes
/// new in this run, those the baseline had and this run did not show, and those both have.
public struct ReportBaseline: Sendable, Hashable {
    /// The baseline's file.
    public var source: String
    /// This report's classes the baseline does not have, in report order.
    public var new: [FindingClassKey]
    /// The baseline's classes this report does not have, in the baseline's order.
    public var gone: [FindingClassKey]
    /// The classes both have, in report order.
    public var unchanged: [FindingClassKey]

    /// Creates a comparison.
    public init(source: String, new: [FindingClassKey], gone: [FindingClassKey], unchanged: [FindingClassKey]) {
        self.source = source
        self.new = new
        self.gone = gone
        self.unchanged = unchanged
    }
}

extension Report {
    /// The report with each class marked new or unchanged against `old`, and the comparison
    /// (new, gone, unchanged) in `baseline`.
    public func compared(with old: BaselineReport) -> Report {
        let before = Set(old.keys)
        var report = self
        for index in report.classes.indices {
            report.classes[index].baseline = before.contains(report.classes[index].key) ? .unchanged : .new
        }
        let now = Set(classes.map(\.key))
        report.baseline = ReportBaseline(source: old.source,
                                         new: report.classes.filter { $0.baseline == .new }.map(\.key),
                                         gone: old.keys.filter { !now.contains($0) },
                                         unchanged: report.classes.filter { $0.baseline == .unchanged }.map(\.key))
        return report
    }
}
