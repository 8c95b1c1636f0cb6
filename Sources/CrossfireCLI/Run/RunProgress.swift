import Crossfire

/// A run's state as the progress line shows it.
struct RunProgress {
    /// Cases run.
    var cases: Int
    /// Time since the start.
    var elapsed: Duration
    /// Distinct findings by kind.
    var findingsByKind: [FindingKind: Int]
    /// Distinct signatures.
    var signatures: Int
    /// Distinct signatures no allowlist entry explains.
    var unexpected: Int
    /// Time left, under a time limit.
    var timeLeft: Duration?

    /// The progress of an in-process campaign.
    init(_ progress: CampaignProgress) {
        self.init(cases: progress.cases, elapsed: progress.elapsed, findingsByKind: progress.findingsByKind,
                  signatures: progress.signatures, unexpected: progress.unexpected, timeLeft: progress.timeLeft)
    }

    init(cases: Int, elapsed: Duration, findingsByKind: [FindingKind: Int], signatures: Int, unexpected: Int, timeLeft: Duration?) {
        self.cases = cases
        self.elapsed = elapsed
        self.findingsByKind = findingsByKind
        self.signatures = signatures
        self.unexpected = unexpected
        self.timeLeft = timeLeft
    }

    /// `1234 cases, 456 cases/s; findings: decodeDisagreement 3, silentDefault 2; 5 signatures, 1 unexpected; 42 s left`.
    var line: String {
        let seconds = elapsed.seconds
        let rate = seconds > 0 ? Int((Double(cases) / seconds).rounded()) : 0
        let kinds = FindingKind.allCases.compactMap { kind in findingsByKind[kind].map { "\(kind.rawValue) \($0)" } }
        var text = "\(cases) cases, \(rate) cases/s; findings: \(kinds.isEmpty ? "none" : kinds.joined(separator: ", "))"
        text += "; \(signatures) signatures, \(unexpected) unexpected"
        if let timeLeft { text += "; \(Int(timeLeft.seconds.rounded(.up))) s left" }
        return text
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
