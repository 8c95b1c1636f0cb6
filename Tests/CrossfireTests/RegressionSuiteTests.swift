import Crossfire
import Foundation
import Testing

/// The regression suite: every file of `Corpus/regressions/` replays to its pinned outcome.
struct RegressionSuiteTests {
    /// The regression files, by name.
    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: RegressionFixtures.regressions.path)) ?? [])
        .filter { $0.hasSuffix(".json") }
        .sorted()

    @Test func theCorpusHoldsRegressionsOfManyKinds() throws {
        #expect(Self.files.count >= 8, "found \(Self.files) in \(RegressionFixtures.regressions.path)")
        let targets = try Self.files.map { try RegressionCase.load(from: RegressionFixtures.regressions.appendingPathComponent($0)).target }
        #expect(Set(targets.map(\.key)).count == targets.count, "two files pin the same class")
        #expect(Set(targets.map(\.key.kind)).count >= 3)
        #expect(Set(targets.map(\.key.check)).count == 2)
    }

    @Test(arguments: files)
    func replaysToItsPinnedOutcome(file: String) throws {
        let regression = try RegressionCase.load(from: RegressionFixtures.regressions.appendingPathComponent(file))
        #expect(regression.name + ".json" == file)
        let changes = regression.check()
        #expect(changes.isEmpty, "\(file) changed: \(changes.map(\.description).joined(separator: "; "))")
    }
}
