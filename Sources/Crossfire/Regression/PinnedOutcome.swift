/// Everything a regression file pins about running its case: each mapper's outcome in
/// each check, and the finding classes.
package struct PinnedOutcome: Hashable, Sendable {
    /// Each check's outcome per mapper, in check then mapper order.
    package var outcomes: [MapperCheckOutcome]
    /// The distinct classes of the case's findings, sorted.
    package var classes: [FindingClassKey]

    /// Creates a pinned outcome.
    package init(outcomes: [MapperCheckOutcome], classes: [FindingClassKey]) {
        self.outcomes = outcomes
        self.classes = Array(Set(classes)).sorted()
    }

    /// What running a case gave, as a regression file pins it.
    package init(_ execution: CaseExecution) {
        self.init(outcomes: execution.checks.flatMap(\.outcomes), classes: execution.findings.map(\.key))
    }

    /// What changed from this pinned outcome to `now`; `target` is the class the file is about.
    package func changes(to now: PinnedOutcome, target: FindingClassKey) -> [RegressionChange] {
        var changes: [RegressionChange] = []
        var unmatched = now.outcomes
        for pinned in outcomes {
            if let position = unmatched.firstIndex(where: { $0.check == pinned.check && $0.mapper == pinned.mapper }) {
                let current = unmatched.remove(at: position)
                if current != pinned {
                    changes.append(.outcome(check: pinned.check, mapper: pinned.mapper, pinned: pinned, now: current))
                }
            } else {
                changes.append(.outcome(check: pinned.check, mapper: pinned.mapper, pinned: pinned, now: nil))
            }
        }
        for current in unmatched {
            changes.append(.outcome(check: current.check, mapper: current.mapper, pinned: nil, now: current))
        }
        let current = Set(now.classes)
        let pinnedSet = Set(classes)
        var explainedAnew: Set<FindingClassKey> = []
        for pinned in classes where !current.contains(pinned) {
            if let moved = now.classes.first(where: { !pinnedSet.contains($0) && $0.withoutExplanation == pinned.withoutExplanation }) {
                changes.append(.explanation(key: pinned, now: moved.explanation))
                explainedAnew.insert(moved)
            } else {
                changes.append(.classGone(key: pinned, isTarget: pinned == target))
            }
        }
        for key in now.classes where !pinnedSet.contains(key) && !explainedAnew.contains(key) {
            changes.append(.classNew(key: key))
        }
        return changes
    }
}

/// One way a replayed regression case differs from its pinned outcome.
package enum RegressionChange: Hashable, Sendable, CustomStringConvertible {
    /// A mapper's outcome in a check changed (nil: the check or mapper did not run).
    case outcome(check: CheckKind, mapper: String, pinned: MapperCheckOutcome?, now: MapperCheckOutcome?)
    /// A pinned class no longer occurs; `isTarget` when it is the class the file is about.
    case classGone(key: FindingClassKey, isTarget: Bool)
    /// A class occurs that was not pinned.
    case classNew(key: FindingClassKey)
    /// A pinned class is explained differently now (expected ↔ unexpected, or another
    /// allowlist entry): `now` is the entry that explains it now.
    case explanation(key: FindingClassKey, now: String?)
    /// The case crashed its (child) process, in a file that pins a crash.
    case crashes(now: CaseCrash, pinned: PinnedCrash)
    /// The case could not be run at all.
    case notRun(reason: String)

    package var description: String {
        switch self {
        case .outcome(let check, let mapper, let pinned, let now):
            return "\(check.rawValue) \(mapper): pinned \(pinned.map(Self.render) ?? "nothing"), now \(now.map(Self.render) ?? "nothing")"
        case .classGone(let key, let isTarget):
            return (isTarget ? "the class no longer occurs: " : "pinned class gone: ") + key.description
        case .classNew(let key):
            return "new class (\(Self.expectation(key.explanation))): \(key)"
        case .explanation(let key, let now):
            return "class was \(Self.expectation(key.explanation)), now \(Self.expectation(now)): \(key.withoutExplanation)"
        case .crashes(let now, let pinned):
            if pinned.isFixed { return "crashes again (pinned as fixed): \(now)" }
            if !now.isSame(as: pinned.crash) { return "crashes, but not as pinned (\(pinned.crash.call?.description ?? "outside any mapper call"), \(pinned.crash.ending)): \(now)" }
            return "still crashes: \(now) (a crash is never an accepted outcome)"
        case .notRun(let reason):
            return "not run: \(reason)"
        }
    }

    private static func render(_ outcome: MapperCheckOutcome) -> String {
        var text = outcome.result
        if let path = outcome.path { text += " at \(path)" }
        if let stage = outcome.stage { text += " (\(stage.rawValue))" }
        return text
    }

    private static func expectation(_ explanation: String?) -> String {
        explanation.map { "expected: \($0)" } ?? "unexpected"
    }
}

extension FindingClassKey {
    /// The key with no allowlist entry (the situation and the results alone).
    package var withoutExplanation: FindingClassKey {
        var key = self
        key.explanation = nil
        return key
    }
}
