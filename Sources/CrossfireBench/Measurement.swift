/// Times operations: repeated batches for a fixed wall-clock budget, several rounds, medians
/// reported. The rounds of the operations compared are interleaved (a round of each, then the
/// next round of each), so a change in the machine's load during the run falls on all of them
/// alike; ratios are the medians of the ratios within each round.
struct Measurement {
    /// How long each round of each operation runs.
    var roundDuration: Duration = .milliseconds(300)
    /// How many rounds; the median is kept.
    var rounds = 7

    /// The rate of each operation in each round: `rates[operation][round]`, in operations per
    /// second.
    func rates(_ operations: [() throws -> Void]) throws -> [[Double]] {
        for operation in operations {
            for _ in 0..<3 { try operation() }
        }
        var rates = Array(repeating: [Double](), count: operations.count)
        for _ in 0..<rounds {
            for (index, operation) in operations.enumerated() {
                rates[index].append(try rate(of: operation))
            }
        }
        return rates
    }

    /// Operations per second of `operation` over one round.
    private func rate(of operation: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var count = 0
        let start = clock.now
        var elapsed = Duration.zero
        while elapsed < roundDuration {
            for _ in 0..<8 { try operation() }
            count += 8
            elapsed = clock.now - start
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(count) / seconds
    }
}

/// The median of some numbers (the upper one of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}
