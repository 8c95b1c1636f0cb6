import Foundation
import Testing

/// Collects the disagreements of one schema's run: each becomes a test issue (the first few
/// of each check in full, the rest counted), and the counts of what was compared can be
/// printed with `CROSSFIRE_FAITHFULNESS_SUMMARY=1`.
struct FaithfulnessReport {
    /// How many disagreements of one check are written out in full.
    static let detailedPerCheck = 3

    let schemaFile: String
    private(set) var counts: [(name: String, count: Int)] = []
    private var disagreements: [String: Int] = [:]

    init(schemaFile: String) {
        self.schemaFile = schemaFile
    }

    /// Counts one more compared case under `name`.
    mutating func count(_ name: String) {
        if let index = counts.firstIndex(where: { $0.name == name }) {
            counts[index].count += 1
        } else {
            counts.append((name, 1))
        }
    }

    /// The number counted under `name`.
    func counted(_ name: String) -> Int {
        counts.first { $0.name == name }?.count ?? 0
    }

    /// Records a disagreement of `check` in case `number`.
    mutating func disagree(_ check: String, case number: Int, _ details: @autoclosure () -> String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let seen = disagreements[check, default: 0]
        disagreements[check] = seen + 1
        if seen < FaithfulnessReport.detailedPerCheck {
            Issue.record("\(schemaFile) case \(number): \(check): \(details())", sourceLocation: sourceLocation)
        }
    }

    /// Records the disagreements not written out, and prints the counts when asked to.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        for (check, total) in disagreements.sorted(by: { $0.key < $1.key }) where total > FaithfulnessReport.detailedPerCheck {
            Issue.record("\(schemaFile): \(check): \(total) disagreements in all", sourceLocation: sourceLocation)
        }
        if ProcessInfo.processInfo.environment["CROSSFIRE_FAITHFULNESS_SUMMARY"] != nil {
            let line = counts.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
            FileHandle.standardError.write(Data("faithfulness \(schemaFile): \(line)\n".utf8))
        }
    }
}
