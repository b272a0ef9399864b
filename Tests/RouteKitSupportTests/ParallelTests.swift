import Dispatch
import Foundation
import Testing
@testable import RouteKitSupport

@Suite struct ParallelTests {
    /// Two iterations of `DispatchQueue.concurrentPerform` that can only both finish when they run at
    /// once: the first waits (up to `patience` seconds) for the second's signal. `true` when they did.
    private func applyRunsTwoAtOnce(patience: Double = 10) -> Bool {
        let signalled = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var waited = DispatchTimeoutResult.timedOut
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 { waited = signalled.wait(timeout: .now() + patience) } else { signalled.signal() }
        }
        return waited == .success
    }

    @Test func bothGivesEachClosuresResult() {
        let (a, b) = Parallel.both({ (1...1000).reduce(0, +) }, { "second" })
        #expect(a == 500_500)
        #expect(b == "second")
    }

    /// Route preparation spreads Douglas-Peucker over the cores inside the planner, which runs in
    /// `Parallel.both` beside the odometer. libdispatch runs an apply nested in another on one thread,
    /// so `both` must not run its closures as iterations of one (it did: preparation ran on one core).
    ///
    /// libdispatch also runs a top-level apply on one thread while its pool is full, as it is when the
    /// other suites' tasks run beside this one (Swift's tasks run on that pool on Linux), so a try counts
    /// only when a top-level apply just ran two at once; the test passes at the first try where both
    /// nested applies did too, fails when none did in tries that counted, and is cancelled, saying why,
    /// when no try counted.
    @Test(.enabled(if: Parallel.hasSecondCore, "one core: nothing runs at once"))
    func workInsideEitherClosureStillSpreadsOverTheCores() throws {
        var triesThatCounted = 0
        for _ in 0..<40 {
            guard applyRunsTwoAtOnce(patience: 0.5) else { continue }
            triesThatCounted += 1
            let (first, second) = Parallel.both(
                { applyRunsTwoAtOnce(patience: 0.5) }, { applyRunsTwoAtOnce(patience: 0.5) })
            if first && second { return }
        }
        if triesThatCounted == 0 {
            try Test.cancel("libdispatch ran every top-level apply on one thread (its pool was full): no try counted")
        }
        Issue.record("in \(triesThatCounted) tries where a top-level apply ran two at once, the applies inside both closures never both did")
    }

    @Test(.enabled(if: Parallel.hasSecondCore, "one core: nothing runs at once"))
    func bothRunsItsClosuresAtOnce() {
        let signalled = DispatchSemaphore(value: 0)
        let (waited, _) = Parallel.both({ signalled.wait(timeout: .now() + 10) }, { signalled.signal() })
        #expect(waited == .success)
    }

    @Test func forEachRangeCoversEveryIndexOnce() {
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 1001)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        nonisolated(unsafe) let shared = counts
        Parallel.forEachRange(count: 1001, parts: 7) { range in
            for i in range { shared[i] += 1 }
        }
        #expect(counts.allSatisfy { $0 == 1 })
    }
}
