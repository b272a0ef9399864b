import Foundation

/// A value that one thread provides once and others wait for, with a timeout.
final class Completion<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    /// Provides the value and wakes the waiters; later calls are ignored.
    func complete(_ value: Value) {
        condition.lock()
        defer { condition.unlock() }
        guard self.value == nil else { return }
        self.value = value
        condition.broadcast()
    }

    /// Waits at most `timeout` seconds.
    /// - Returns: The value, or `nil` when it did not come in time.
    func wait(timeout: TimeInterval) -> Value? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while value == nil {
            if !condition.wait(until: deadline) { break }
        }
        return value
    }
}
