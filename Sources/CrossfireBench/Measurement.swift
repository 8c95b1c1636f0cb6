/// Times an operation: repeated batches for a fixed wall-clock budget, several rounds, the
/// median round reported. Ratios between operations measured in the same run are what
/// `make bench` reports; absolute numbers vary with the machine.
struct Measurement {
    /// How long each round runs.
    var roundDuration: Duration = .milliseconds(300)
    /// How many rounds; the median is kept.
    var rounds = 5

    /// Operations per second of `operation`, median over the rounds.
    func operationsPerSecond(_ operation: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        for _ in 0..<3 { try operation() }
        var rates: [Double] = []
        for _ in 0..<rounds {
            var count = 0
            let start = clock.now
            var elapsed = Duration.zero
            while elapsed < roundDuration {
                for _ in 0..<8 { try operation() }
                count += 8
                elapsed = clock.now - start
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            rates.append(Double(count) / seconds)
        }
        return rates.sorted()[rates.count / 2]
    }
}
