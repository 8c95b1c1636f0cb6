import Crossfire
import Foundation

/// The harness section of `make bench`, printed as Markdown tables that the README's
/// "Throughput" section holds as they are: cases/s of `crossfire run` per profile and per
/// mapper set (on one thread and on one per core), exec/s of the `FuzzDifferential` target's
/// body, and the share of each phase of a campaign.
enum HarnessTable {
    /// The profiles measured, each over the default mappers.
    static let profiles = GenerationProfile.selectable
    /// The mapper sets measured on the default profile.
    static let mapperSets: [[String]] = [["codable", "strict"], ["codable", "strict", "lenient"], ["codable", "strict", "reflective"],
                                         ["codable", "strict", "lenient", "reflective"]]

    /// Prints the table; `loadAverage` is the machine's when the bench started, if known.
    static func print(cores: Int, loadAverage: String?) throws {
        Swift.print("")
        Swift.print("Harness: `crossfire run` in this process, \(Int(CampaignRate.duration.components.seconds)) s per row, seed 1,"
            + " on 1 thread and on \(cores) (one per core\(loadAverage.map { "; load average \($0) at the start" } ?? ""));"
            + " journal written, temporary folder removed.")
        Swift.print("")
        Swift.print("| profile | mappers | cases/s, 1 thread | cases/s, \(cores) threads |")
        Swift.print("|---|---|---|---|")
        for profile in profiles {
            try row(profile: profile, mappers: MapperSpec.builtIn, cores: cores)
        }
        for names in mapperSets {
            try row(profile: .default, mappers: try MapperSpec.named(names), cores: cores)
        }
    }

    private static func row(profile: GenerationProfile, mappers: [MapperSpec], cores: Int) throws {
        let names = mappers.map(\.name).joined(separator: ",")
        let rate = CampaignRate(profile: profile, mappers: mappers)
        let one = try rate.casesPerSecond(jobs: 1)
        let all = try rate.casesPerSecond(jobs: cores)
        Swift.print("| \(profile.name) | \(names) | \(Int(one.rounded())) | \(Int(all.rounded())) |")
    }
}
