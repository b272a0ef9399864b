import Foundation

/// Independent work run on the machine's cores at once, joined before returning, with results that do
/// not depend on how the work was scheduled.
package enum Parallel {
    /// The cores work is spread over: the machine's (`activeProcessorCount`), or fewer within
    /// ``withCoreLimit(_:_:)``.
    package static var coreCount: Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return coreLimit.map { max(1, min($0, cores)) } ?? cores
    }

    /// Whether there is a second core to run on.
    package static var hasSecondCore: Bool { coreCount >= 2 }

    /// At most this many cores, for the task that sets it (a task-local value: read where the work is
    /// split, on the caller's thread, never on the threads that do it).
    @TaskLocal private static var coreLimit: Int?

    /// `body` run as if the machine had at most `cores` cores: every split of RouteKit's work made on this
    /// task (the second core's thread, the read-ahead of a large file, the parts of a loop) takes
    /// ``coreCount`` from it. For tests of the one-core paths on a machine with more: taskset does not
    /// change `activeProcessorCount`.
    package static func withCoreLimit<T>(_ cores: Int, _ body: () throws -> T) rethrows -> T {
        try $coreLimit.withValue(cores, operation: body)
    }

    /// `first()` and `second()` run at once (`first` on the calling thread, `second` on a thread of its
    /// own when there is a second core), both finished before it returns.
    ///
    /// `second` gets a thread of its own rather than an iteration of `DispatchQueue.concurrentPerform`:
    /// libdispatch runs an apply nested in another one on the calling thread alone, so work inside
    /// either closure that spreads itself over the cores (Douglas-Peucker, radial thinning) would run
    /// on one core.
    ///
    /// The two must not touch the same mutable state; each result is what a serial call would give.
    package static func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        guard hasSecondCore else { return (first(), second()) }
        nonisolated(unsafe) var b: B? = nil
        let a = withoutActuallyEscaping(second) { second in
            nonisolated(unsafe) let second = second
            let job = Job { b = second() }
            let thread = Thread { job.run() }
            thread.stackSize = stackSize
            thread.start()
            let a = first()
            job.wait()
            return a
        }
        return (a, b!)
    }

    /// ``both(_:_:)`` when `worthIt` (enough work in each to pay for starting and joining a thread,
    /// 0.1 ms on the development machine), else `first()` then `second()` on the calling thread.
    package static func both<A, B>(if worthIt: Bool, _ first: () -> A, _ second: () -> B) -> (A, B) {
        worthIt ? both(first, second) : (first(), second())
    }

    /// Work handed to another thread, dropped there before the caller is told it is done, so that the
    /// caller's `withoutActuallyEscaping` finds its closure released.
    private final class Job: @unchecked Sendable {
        private var work: (() -> Void)?
        private let done = DispatchSemaphore(value: 0)

        init(_ work: @escaping () -> Void) { self.work = work }

        func run() {
            work?()
            work = nil
            done.signal()
        }

        func wait() { done.wait() }
    }

    /// Bytes of stack of the thread ``both(_:_:)`` starts: the main thread's usual 8 MiB.
    private static let stackSize = 8 << 20

    /// The results of `body(range)` for `parts` consecutive ranges that together cover `0..<count`
    /// (at least one, `0..<0` when `count` is 0), computed at once, in the order of the ranges.
    package static func mapRanges<T>(count: Int, parts: Int, _ body: (Range<Int>) -> T) -> [T] {
        let parts = max(1, min(parts, count))
        guard parts > 1, hasSecondCore else { return [body(0..<count)] }
        let results = UnsafeMutableBufferPointer<T>.allocate(capacity: parts)
        defer { results.deallocate() }
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body, results = results
            DispatchQueue.concurrentPerform(iterations: parts) { k in
                (results.baseAddress! + k).initialize(to: body(count * k / parts..<count * (k + 1) / parts))
            }
        }
        let values = Array(results)
        _ = results.deinitialize()
        return values
    }

    /// `body(range)` for `parts` consecutive ranges that together cover `0..<count`, at once; returns
    /// when all are done. Each call must write only what its own range owns.
    package static func forEachRange(count: Int, parts: Int, _ body: (Range<Int>) -> Void) {
        let parts = max(1, min(parts, count))
        guard parts > 1, hasSecondCore else {
            body(0..<count)
            return
        }
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: parts) { k in
                body(count * k / parts..<count * (k + 1) / parts)
            }
        }
    }
}
