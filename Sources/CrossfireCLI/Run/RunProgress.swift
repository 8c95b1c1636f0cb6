import Crossfire

/// A run's state as the progress line shows it.
struct RunProgress {
    /// Cases run.
    var cases: Int
    /// Time since the start.
    var elapsed: Duration
    /// Classes found.
    var classes: Int
    /// Classes no allowlist entry explains.
    var unexpected: Int
    /// Reachable grid cells exercised.
    var cellsReached: Int
    /// Time left, under a time limit.
    var timeLeft: Duration?

    /// The progress of an in-process campaign.
    init(_ progress: CampaignProgress) {
        self.init(cases: progress.cases, elapsed: progress.elapsed, classes: progress.classes, unexpected: progress.unexpected,
                  cellsReached: progress.cellsReached, timeLeft: progress.timeLeft)
    }

    init(cases: Int, elapsed: Duration, classes: Int, unexpected: Int, cellsReached: Int, timeLeft: Duration?) {
        self.cases = cases
        self.elapsed = elapsed
        self.classes = classes
        self.unexpected = unexpected
        self.cellsReached = cellsReached
        self.timeLeft = timeLeft
    }

    /// `1234 cases (2,100/s) · 0 unexpected, 342 expected classes · grid 217/219 · 42 s left`.
    var line: String {
        let seconds = elapsed.seconds
        let rate = seconds > 0 ? Int((Double(cases) / seconds).rounded()) : 0
        var text = "\(cases) cases (\(rate)/s) · \(unexpected) unexpected, \(classes - unexpected) expected classes"
        text += " · grid \(cellsReached)/\(CoverageTally.reachable.count)"
        if let timeLeft { text += " · \(Int(timeLeft.seconds.rounded(.up))) s left" }
        return text
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
