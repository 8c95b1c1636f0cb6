/// What replaying a regression file gave: every way its outcome differs from the pinned one
/// (none: the file holds), and, for a file that pins a crash not yet pinned as fixed, the crash
/// when the case no longer crashes — the file holds, and promoting it again pins what the case
/// gives now.
package struct RegressionReplay: Sendable {
    /// The differences from the pinned outcome.
    package var changes: [RegressionChange]
    /// The pinned crash that no longer happens, if the file pins it open.
    package var fixedCrash: CaseCrash?

    /// A replay's result.
    package init(changes: [RegressionChange], fixedCrash: CaseCrash? = nil) {
        self.changes = changes
        self.fixedCrash = fixedCrash
    }
}
