@testable import Crossfire
import Foundation
import Synchronization
import Testing

/// `CaseStream`: cases made on worker threads, handed out in index order, never more than a
/// window ahead, and a stop that lets the cases under way finish.
struct CaseStreamTests {
    /// Busy work that takes longer for some indexes, so that the workers finish out of order.
    private static func slow(_ index: Int) -> Int {
        var total = 0
        for step in 0..<((index % 3) * 20_000) { total &+= step ^ index }
        return total == -1 ? -1 : index
    }

    @Test(arguments: [1, 2, 3])
    func resultsComeInIndexOrder(jobs: Int) {
        let stream = CaseStream(jobs: jobs, first: 10, count: 50) { index in Self.slow(index) }
        defer { stream.finish() }
        var seen: [Int] = []
        while let index = stream.next() { seen.append(index) }
        #expect(seen == Array(10..<60))
    }

    @Test func workersStayWithinTheWindow() {
        let ahead = Mutex(0)
        let handedOut = Mutex(0)
        let stream = CaseStream(jobs: 3, first: 0, count: 200, window: 4) { index in
            ahead.withLock { $0 = max($0, index - handedOut.withLock { $0 }) }
            return Self.slow(index)
        }
        defer { stream.finish() }
        while let index = stream.next() { handedOut.withLock { $0 = index + 1 } }
        #expect(handedOut.withLock { $0 } == 200)
        #expect(ahead.withLock { $0 } < 4 + 3)
    }

    @Test(arguments: [1, 3])
    func aStopHandsOutTheCasesUnderWayAndThenNothing(jobs: Int) {
        let stream = CaseStream(jobs: jobs, first: 0, count: Int.max) { index in Self.slow(index) }
        defer { stream.finish() }
        var seen: [Int] = []
        while let index = stream.next() {
            seen.append(index)
            if index == 20 { stream.stop() }
        }
        // Every case claimed before the stop is handed out, in order, and none after.
        #expect(seen == Array(0..<seen.count))
        #expect(seen.count >= 21)
        #expect(jobs > 1 || seen.count == 21)
    }

    @Test func noCasesMeansNothing() {
        let stream = CaseStream(jobs: 2, first: 0, count: 0) { index in index }
        defer { stream.finish() }
        #expect(stream.next() == nil)
    }
}
