import Crossfire
import EmulatorStorageCheck
import FirestoreEmulator

/// The storage check's row of `make bench`: cases/s of `crossfire run --storage emulator`
/// (default profile, default mappers) beside the same campaign in memory, on one thread and on
/// one per core — through one emulator (the one `FIRESTORE_EMULATOR_HOST` names, else one
/// started here and stopped at the end), warmed by a first campaign that is not counted.
enum EmulatorTable {
    /// Prints the table, or one line saying why there is none (no emulator, no Java).
    static func print(cores: Int) throws {
        Swift.print("")
        let emulator: FirestoreEmulator
        do {
            emulator = try FirestoreEmulator.start()
        } catch {
            Swift.print("Storage check: not measured: \(error)")
            return
        }
        defer { emulator.stop() }
        let check = EmulatorStorageCheck(client: emulator.client())
        let memory = CampaignRate(profile: .default, mappers: MapperSpec.builtIn)
        let stored = CampaignRate(profile: .default, mappers: MapperSpec.builtIn, storageCheck: check)
        _ = try stored.casesPerSecond(jobs: cores)
        Swift.print("Storage check: `crossfire run --storage emulator` in this process, \(Int(CampaignRate.duration.components.seconds)) s per cell,"
            + " default profile and mappers, seed 1, one emulator on 127.0.0.1 (one connection), warmed by one uncounted campaign.")
        Swift.print("")
        Swift.print("| storage | cases/s, 1 thread | cases/s, \(cores) threads |")
        Swift.print("|---|---|---|")
        for (name, rate) in [("in memory (the model alone)", memory), ("the emulator too", stored)] {
            let one = try rate.casesPerSecond(jobs: 1)
            let all = try rate.casesPerSecond(jobs: cores)
            Swift.print("| \(name) | \(Int(one.rounded())) | \(Int(all.rounded())) |")
        }
    }
}
