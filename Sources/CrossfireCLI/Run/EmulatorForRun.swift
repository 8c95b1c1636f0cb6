import Crossfire
import FirestoreEmulator

/// The Firestore emulator of `crossfire run --storage emulator`: the one
/// `FIRESTORE_EMULATOR_HOST` names, or one started for the run. The run's own stop handler
/// (`StopRequest`) ends the run cleanly on SIGINT/SIGTERM, and its end stops the emulator, so
/// the emulator's signal handlers are left off.
enum EmulatorForRun {
    /// The emulator, told on `reporter`'s lines; a missing emulator or Java is the one line
    /// that says what to install (exit 1).
    static func start(_ reporter: RunReporter) throws(CommandFailure) -> FirestoreEmulator {
        do {
            let emulator = try FirestoreEmulator.start(stopsOnSignals: false)
            reporter.line("storage: the Firestore emulator at \(emulator.host), project \(emulator.projectID)")
            return emulator
        } catch {
            throw CommandFailure(message: OneLine.escaped(error.description))
        }
    }
}
