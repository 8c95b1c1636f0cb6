import Crossfire

extension CampaignProgress {
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
