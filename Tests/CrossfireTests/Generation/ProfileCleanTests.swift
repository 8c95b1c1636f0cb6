import Crossfire
import CrossfireTestSupport
import Foundation
import Testing

/// No false positive from any built-in profile: a bounded seeded campaign of each preset —
/// what `crossfire run --profile P` runs — finds no class that no allowlist entry explains
/// (the built-in mappers have no known bug, so an unexpected class is a fault of the differ,
/// the allowlist or the facts). The bounds keep the suite fast in a debug build.
@Suite("Every profile is clean over a bounded run", .tags(.slow), .skippedWhenQuick)
struct ProfileCleanTests {
    /// Cases per profile: the slow profiles (deep and wide schemas) get fewer.
    static let bounds: [(profile: String, cases: Int)] = [("default", 2_000), ("scalars", 2_000), ("edges", 1_000), ("deep", 200), ("wide", 100)]

    @Test("no unexpected class", arguments: bounds)
    func noUnexpectedClass(profile: String, cases: Int) throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = CampaignOptions(seed: 1, cases: cases, profile: try GenerationProfile.named(profile), outputDirectory: directory.path,
                                      shrinkAttempts: 100, shrinkTime: .seconds(5))
        let summary = try Campaign(options: options).run()
        #expect(summary.totals.cases == cases)
        #expect(summary.totals.setupFailures.isEmpty, "\(summary.totals.setupFailures)")
        let unexpected = summary.unexpectedClasses
        #expect(unexpected.isEmpty, """
            \(unexpected.count) unexpected class(es) in \(cases) cases of --profile \(profile) --seed 1:
            \(unexpected.map { "\($0.key.description)\n  \($0.key.canonical)\n  at \($0.example.discrepancy.path) in case \($0.first.testCase.caseIndex ?? -1)" }.joined(separator: "\n"))
            """)
        #expect(!summary.classes.isEmpty, "a run of the built-in mappers shows the SDK's documented divergences")
    }
}
