import Crossfire
import CrossfireTestSupport
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The regression suite: every file of `Corpus/regressions/` replays to its pinned outcome (a
/// file that pins a crash in a child process, failing while the case still crashes).
struct RegressionSuiteTests {
    /// The regression files, by name.
    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: RegressionFixtures.regressions.path)) ?? [])
        .filter { $0.hasSuffix(".json") }
        .sorted()

    /// Where a file's target class shows in its case: the class, the containers from the root
    /// down to its leaf (`structField>enumKeyedValue>structField`), and the fault classes of the
    /// case (for a crash, the mapper call it died in). One class may be pinned by several files —
    /// the same bug at other nestings or under other faults — but never twice in the same situation.
    private static func situation(of regression: RegressionCase) throws -> String {
        // A crash is never run here, where it would end the test run: its situation is its call.
        if let crash = regression.crash { return "\(regression.target.key.canonical) in \(crash.crash.call?.description ?? "the harness")" }
        let execution = try regression.runner().replay(regression.stored)
        let finding = try #require(execution.findings.first { $0.key == regression.target.key })
        let schema = execution.record.schema
        let components = finding.discrepancy.path.components
        let containers = components.indices.map { schema.container(of: ValuePath(Array(components[...$0]))).rawValue }
        let faults = Set(execution.record.faults.map(\.kind.faultClass.rawValue)).sorted()
        return "\(regression.target.key.canonical) at \(containers.joined(separator: ">")) with \(faults)"
    }

    @Test func theCorpusHoldsRegressionsOfManyKindsAndEveryAllowlistEntry() throws {
        #expect(Self.files.count >= 8, "found \(Self.files) in \(RegressionFixtures.regressions.path)")
        let regressions = try Self.files.map { try RegressionCase.load(from: RegressionFixtures.regressions.appendingPathComponent($0)) }
        let situations = try regressions.map(Self.situation)
        #expect(Set(situations).count == situations.count, "two files pin the same class in the same situation: \(situations)")
        let keys = regressions.map(\.target.key)
        #expect(Set(keys.map(\.kind)).count >= 3)
        // Regression files replay in memory: the storage check, which needs the Firestore
        // emulator, and the entries only it meets have none.
        #expect(Set(keys.map(\.check)) == Set(CheckKind.allCases).subtracting([.storage]), "every check has a regression")
        let explained = Set(keys.compactMap(\.explanation))
        for entry in Allowlist.sdkBehaviour.entries where !Allowlist.emulatorDifferences.contains(entry) {
            #expect(explained.contains(entry.id), "no regression file's class is explained by \(entry.id)")
        }
    }

    @Test(arguments: files)
    func replaysToItsPinnedOutcome(file: String) throws {
        let regression = try RegressionCase.load(from: RegressionFixtures.regressions.appendingPathComponent(file))
        #expect(regression.name + ".json" == file)
        let failure = RegressionSuiteCheck.failure(of: regression, file: file)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
