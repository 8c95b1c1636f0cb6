/// What `Campaign.run(continuing:writesTotals:shouldStop:hooks:progress:)` tells about each
/// case as it goes: a worker of an isolated run turns these into its events (`WorkerEvents`),
/// an in-process run listens only for new classes.
package struct CaseHooks {
    /// Case `index` is about to run (told on the thread that runs it).
    package var willRun: @Sendable (Int) -> Void
    /// A case has run, before its findings are added.
    package var didRun: (CaseResult) -> Void
    /// A new class is in the journal.
    package var onNewClass: (FindingClass) -> Void
    /// A new unexpected class is shrunk and its `shrunk` line is in the journal.
    package var onShrunk: (FindingClass) -> Void
    /// The shrinker is about to run this choice sequence.
    package var willTryCandidate: ([UInt64]) -> Void

    /// Hooks calling these; by default nothing.
    package init(willRun: @escaping @Sendable (Int) -> Void = { _ in }, didRun: @escaping (CaseResult) -> Void = { _ in },
                 onNewClass: @escaping (FindingClass) -> Void = { _ in }, onShrunk: @escaping (FindingClass) -> Void = { _ in },
                 willTryCandidate: @escaping ([UInt64]) -> Void = { _ in }) {
        self.willRun = willRun
        self.didRun = didRun
        self.onNewClass = onNewClass
        self.onShrunk = onShrunk
        self.willTryCandidate = willTryCandidate
    }
}
