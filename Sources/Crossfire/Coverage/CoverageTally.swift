/// How often a run exercised each cell of the coverage grid (`GridCell`): the grid's
/// "not exercised" cells are the run's blind spots.
package struct CoverageTally: Sendable, Hashable {
    /// Values seen per cell.
    package private(set) var counts: [GridCell: Int] = [:]

    /// An empty tally.
    package init() {}

    /// A tally of the given counts.
    package init(counts: [GridCell: Int]) {
        self.counts = counts
    }

    /// Counts cells, each occurrence once.
    package mutating func add(_ cells: [GridCell]) {
        for cell in cells { counts[cell, default: 0] += 1 }
    }

    /// Adds another tally's counts.
    package mutating func merge(_ other: CoverageTally) {
        counts.merge(other.counts, uniquingKeysWith: +)
    }

    /// The cells no case can reach.
    package static var unreachable: [GridCell] { GridCell.all.filter { $0.unreachableReason != nil } }

    /// The cells a case can reach.
    package static var reachable: [GridCell] { GridCell.all.filter { $0.unreachableReason == nil } }

    /// The reachable cells this run exercised.
    package var reached: [GridCell] { Self.reachable.filter { (counts[$0] ?? 0) > 0 } }

    /// The reachable cells this run never exercised: its blind spots.
    package var notReached: [GridCell] { Self.reachable.filter { (counts[$0] ?? 0) == 0 } }
}
