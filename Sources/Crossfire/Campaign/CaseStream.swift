import Foundation

/// The cases of a campaign, run on `jobs` threads and handed out in case order.
///
/// Worker threads claim case indices one at a time, in order, and run them with `make`; the
/// campaign's thread takes the results with `next()`, always the lowest index not yet taken,
/// so that everything it does with them — class ids, the journal, shrinking — happens in the
/// order a single thread would have done it. Workers run at most `window` cases ahead of the
/// campaign, which bounds the memory held by finished cases and leaves the cores to the
/// campaign while it shrinks. `stop()` ends the claiming: `next()` then hands out the cases
/// already claimed (each runs to its end) and returns nil.
///
/// With one job no thread is started: `next()` runs each case itself. A stream with workers
/// must be ended with `finish()`.
final class CaseStream<Result: Sendable>: @unchecked Sendable {
    // Every stored `var` below is read and written only with `condition` locked; the
    // `let`s are set once in `init`. That is what makes the class safe to share.
    private let condition = NSCondition()
    private let make: @Sendable (Int) -> Result
    private let jobs: Int
    private let end: Int
    private let window: Int
    /// The next index a worker claims.
    private var claimed: Int
    /// The next index `next()` hands out.
    private var taken: Int
    private var finished: [Int: Result] = [:]
    private var stopped = false
    private var runningWorkers = 0

    /// A stream of the cases `first ..< first + count` (`count` may be `Int.max`: no limit).
    init(jobs: Int, first: Int, count: Int, window: Int? = nil, make: @escaping @Sendable (Int) -> Result) {
        self.jobs = max(1, jobs)
        self.make = make
        claimed = first
        taken = first
        end = count >= Int.max - first ? Int.max : first + count
        self.window = window ?? 4 * max(1, jobs)
        guard self.jobs > 1 else { return }
        runningWorkers = self.jobs
        for _ in 0..<self.jobs {
            let thread = Thread { [self] in work() }
            // The generators and mappers recurse as deep as the profiles nest values.
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    /// The result of the next case in order, or nil when the cases are done or `stop()` was
    /// called and every case claimed before it has been handed out.
    func next() -> Result? {
        guard jobs > 1 else {
            condition.lock()
            guard !stopped, taken < end else {
                condition.unlock()
                return nil
            }
            let index = taken
            taken += 1
            condition.unlock()
            return make(index)
        }
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = finished.removeValue(forKey: taken) {
                taken += 1
                condition.broadcast()
                return result
            }
            // Nothing more comes once no worker holds the next index and none will claim it.
            if taken >= claimed && (stopped || claimed >= end) { return nil }
            condition.wait()
        }
    }

    /// Stops claiming cases; those under way finish and are still handed out by `next()`.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops claiming cases and waits until every worker thread has ended: what the campaign
    /// does before it leaves, however it leaves (a worker holds the stream until it ends).
    func finish() {
        stop()
        condition.lock()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    /// A worker thread: claims the next index while there is one and the window allows it,
    /// runs it, and files the result.
    private func work() {
        condition.lock()
        while true {
            while !stopped && claimed < end && claimed >= taken + window { condition.wait() }
            guard !stopped, claimed < end else { break }
            let index = claimed
            claimed += 1
            condition.unlock()
            let result = make(index)
            condition.lock()
            finished[index] = result
            condition.broadcast()
        }
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }
}
