/// What a run tells while it runs, whichever executor runs its cases: its state about every
/// half second, each new class once it is in the journal, and notes about the run (a worker's
/// death). The command line prints them.
package struct CampaignObserver {
    /// The run's state.
    package var progress: (CampaignProgress) -> Void
    /// A class first seen, now in the journal: its id and key.
    package var newClass: (Int, CauseKey, FindingClassKey) -> Void
    /// A note about the run, one line.
    package var note: (String) -> Void

    /// An observer calling these.
    package init(progress: @escaping (CampaignProgress) -> Void = { _ in }, newClass: @escaping (Int, CauseKey, FindingClassKey) -> Void = { _, _, _ in },
                 note: @escaping (String) -> Void = { _ in }) {
        self.progress = progress
        self.newClass = newClass
        self.note = note
    }
}
