/// A finding's signature as a regression file pins it, with whether it was expected.
public struct PinnedFinding: Hashable, Sendable, Comparable {
    /// The signature.
    public var signature: String
    /// The allowlist entry that explained it (nil: an unexpected finding).
    public var explanation: String?

    /// Creates a pinned finding.
    public init(signature: String, explanation: String?) {
        self.signature = signature
        self.explanation = explanation
    }

    /// Whether the finding was expected (explained by the allowlist).
    public var expected: Bool { explanation != nil }

    public static func < (lhs: PinnedFinding, rhs: PinnedFinding) -> Bool {
        lhs.signature.utf8.lexicographicallyPrecedes(rhs.signature.utf8)
    }
}

/// Everything a regression file pins about running its case: each mapper's outcome in
/// each check, and the findings.
public struct PinnedOutcome: Hashable, Sendable {
    /// Each check's outcome per mapper, in check then mapper order.
    public var outcomes: [MapperCheckOutcome]
    /// The distinct findings, sorted by signature.
    public var findings: [PinnedFinding]

    /// Creates a pinned outcome.
    public init(outcomes: [MapperCheckOutcome], findings: [PinnedFinding]) {
        self.outcomes = outcomes
        self.findings = findings
    }

    /// What running a case gave, as a regression file pins it.
    public init(_ execution: CaseExecution) {
        outcomes = execution.checks.flatMap(\.outcomes)
        var seen: Set<String> = []
        var findings: [PinnedFinding] = []
        for finding in execution.findings where seen.insert(finding.signature).inserted {
            findings.append(PinnedFinding(signature: finding.signature, explanation: finding.explanation?.id))
        }
        self.findings = findings.sorted()
    }

    /// What changed from this pinned outcome to `now`; `target` is the signature the file
    /// is about.
    public func changes(to now: PinnedOutcome, target: String) -> [RegressionChange] {
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
        let nowBySignature = Dictionary(now.findings.map { ($0.signature, $0) }, uniquingKeysWith: { first, _ in first })
        let pinnedSignatures = Set(findings.map(\.signature))
        for pinned in findings {
            guard let current = nowBySignature[pinned.signature] else {
                changes.append(.findingGone(signature: pinned.signature, isTarget: pinned.signature == target))
                continue
            }
            if current.explanation != pinned.explanation {
                changes.append(.explanation(signature: pinned.signature, pinned: pinned.explanation, now: current.explanation))
            }
        }
        for current in now.findings where !pinnedSignatures.contains(current.signature) {
            changes.append(.findingNew(signature: current.signature, explanation: current.explanation))
        }
        return changes
    }
}

/// One way a replayed regression case differs from its pinned outcome.
public enum RegressionChange: Hashable, Sendable, CustomStringConvertible {
    /// A mapper's outcome in a check changed (nil: the check or mapper did not run).
    case outcome(check: CheckKind, mapper: String, pinned: MapperCheckOutcome?, now: MapperCheckOutcome?)
    /// A pinned finding no longer occurs; `isTarget` when it is the finding the file is about.
    case findingGone(signature: String, isTarget: Bool)
    /// A finding occurs that was not pinned.
    case findingNew(signature: String, explanation: String?)
    /// A finding is explained differently (expected ↔ unexpected, or another allowlist entry).
    case explanation(signature: String, pinned: String?, now: String?)
    /// The case could not be run at all.
    case notRun(reason: String)

    public var description: String {
        switch self {
        case .outcome(let check, let mapper, let pinned, let now):
            return "\(check.rawValue) \(mapper): pinned \(pinned.map(Self.render) ?? "nothing"), now \(now.map(Self.render) ?? "nothing")"
        case .findingGone(let signature, let isTarget):
            return (isTarget ? "the finding no longer occurs: " : "pinned finding gone: ") + signature
        case .findingNew(let signature, let explanation):
            return "new finding (\(Self.expectation(explanation))): \(signature)"
        case .explanation(let signature, let pinned, let now):
            return "finding was \(Self.expectation(pinned)), now \(Self.expectation(now)): \(signature)"
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
