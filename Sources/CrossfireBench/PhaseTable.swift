import Crossfire
import Foundation

/// The phase table of the harness section: the share of each phase of a default campaign's
/// time; then what shrinking costs where every class is unexpected (an empty allowlist: each
/// class is shrunk once, as a run shrinks a new unexpected class).
enum PhaseTable {
    /// Prints the table.
    static func print() throws {
        let clean = try PhaseShares(profile: .default, allowlist: .sdkBehaviour).measure()
        let unexpected = try PhaseShares(profile: .default, allowlist: Allowlist(entries: [])).measure()
        Swift.print("")
        Swift.print("Phases: one run of \(Int(PhaseShares.duration.components.seconds)) s on one thread, default profile, codable,strict,lenient,"
            + " \(clean.cases) cases. The write and read paths are timed by running them again on the encoders' outputs, the")
        Swift.print("findings by making them again; the differ's time is what is left of the checks.")
        Swift.print("")
        Swift.print("| phase | share | µs per case |")
        Swift.print("|---|---|---|")
        let total = seconds(clean.times.values.reduce(.zero, +))
        for phase in Phase.allCases {
            let time = seconds(clean.times[phase] ?? .zero)
            Swift.print("| \(phase.rawValue) | \(percent(time / total)) | \(String(format: "%.1f", time * 1e6 / Double(max(clean.cases, 1)))) |")
        }
        let shrinking = seconds(unexpected.times[.shrinking] ?? .zero)
        let all = seconds(unexpected.times.values.reduce(.zero, +))
        Swift.print("")
        Swift.print("With an empty allowlist every class is unexpected and shrunk once, as a run shrinks a new unexpected class:"
            + " in \(Int(PhaseShares.duration.components.seconds)) s, \(unexpected.cases) cases and \(unexpected.shrunk) classes shrunk,"
            + " shrinking \(percent(shrinking / all)) of the time, \(String(format: "%.0f", shrinking * 1e3 / Double(max(unexpected.shrunk, 1)))) ms per class.")
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.1f%%", share * 100)
    }
}
