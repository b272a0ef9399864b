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
    @Test(.enabled(if: Parallel.hasSecondCore, "one core: nothing runs at once"))
    func workInsideEitherClosureStillSpreadsOverTheCores() {
        #expect(applyRunsTwoAtOnce(), "sanity: a top-level apply runs two iterations at once")
        let (first, second) = Parallel.both({ applyRunsTwoAtOnce() }, { applyRunsTwoAtOnce() })
        #expect(first, "an apply inside the first closure ran its iterations one after another")
        #expect(second, "an apply inside the second closure ran its iterations one after another")
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
