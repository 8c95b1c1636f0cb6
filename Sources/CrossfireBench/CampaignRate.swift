import Crossfire
import Foundation

/// How fast `crossfire run` runs one profile over one mapper set: a seeded campaign run in
/// this process for a fixed time, journal and all, into a temporary folder that is removed
/// afterwards.
struct CampaignRate {
    /// How long each campaign runs.
    static let duration: Duration = .seconds(4)

    /// The campaign's profile.
    let profile: GenerationProfile
    /// The campaign's mappers, the reference first.
    let mappers: [MapperSpec]
    /// The storage check against the emulator (`--storage emulator`), nil for none.
    var storageCheck: (any StorageCheck)? = nil

    /// Cases per second on `jobs` threads.
    func casesPerSecond(jobs: Int) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = CampaignOptions(seed: 1, timeLimit: Self.duration, profile: profile, mappers: mappers, outputDirectory: folder, jobs: jobs)
        options.storageCheck = storageCheck
        let summary = try Campaign(options: options).run()
        let seconds = Double(summary.elapsed.components.seconds) + Double(summary.elapsed.components.attoseconds) / 1e18
        return Double(summary.totals.cases) / seconds
    }
}
