/// The crash a regression file pins (format version 3): where and how its case crashed when it
/// was promoted, and whether the crash has been fixed since.
///
/// A crash is never an accepted outcome. While the file pins it open, replaying the file fails
/// as long as the case still crashes, and holds once it no longer does; promoting the file
/// again then pins it as fixed, with what the case gives instead as its outcomes, and from
/// then on the file fails like any other when those change, or when the crash comes back.
package struct PinnedCrash: Hashable, Sendable {
    /// How the case crashed when it was found.
    package var crash: CaseCrash
    /// Whether the file was pinned again after the crash was fixed.
    package var isFixed: Bool

    /// A pinned crash.
    package init(crash: CaseCrash, isFixed: Bool) {
        self.crash = crash
        self.isFixed = isFixed
    }
}
