import Foundation

/// Independent work run on the machine's cores at once, joined before returning, with results that do
/// not depend on how the work was scheduled.
package enum Parallel {
    /// Whether there is a second core to run on.
    package static var hasSecondCore: Bool { ProcessInfo.processInfo.activeProcessorCount >= 2 }

    /// `first()` and `second()` run at once (the second on another thread when there is a second
    /// core), both finished before it returns.
    ///
    /// The two must not touch the same mutable state; each result is what a serial call would give.
    package static func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        guard hasSecondCore else { return (first(), second()) }
        nonisolated(unsafe) var a: A? = nil
        nonisolated(unsafe) var b: B? = nil
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                nonisolated(unsafe) let first = first
                nonisolated(unsafe) let second = second
                DispatchQueue.concurrentPerform(iterations: 2) { k in
                    if k == 0 { a = first() } else { b = second() }
                }
            }
        }
        return (a!, b!)
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
